import type { Post } from './data.js';
import { NPC_AUTHORS } from './data.js';
import { hash01, pick } from './rng.js';

const COMMENT_ID_BASE = 2_000_000_000;
const ADDED_ID_BASE = 60_000_000_000;
const MAX_GENERATED = 999;
const MAX_DEPTH = 12;

export interface Comment {
  id: string;
  post: Post;
  /** Fullname of the parent (`t3_` for top-level comments). */
  parent: string;
  depth: number;
  author: string;
  body: string;
  score: number;
  created: number;
  /** Ids of direct replies, oldest first. */
  children: string[];
}

export interface Tree {
  top: string[];
  byId: Map<string, Comment>;
}

/** Comment trees of posts, generated the first time a post's comments are needed. */
export class CommentStore {
  private readonly trees = new Map<number, Tree>();
  private readonly added = new Map<string, Comment>();
  private nextAdded = ADDED_ID_BASE;

  constructor(private readonly seed: number, private readonly postByG: (g: number) => Post | undefined) {}

  tree(post: Post): Tree {
    let tree = this.trees.get(post.g);
    if (!tree) {
      tree = this.generate(post);
      this.trees.set(post.g, tree);
    }
    return tree;
  }

  /** Number of comments of a post, new ones included. */
  count(post: Post): number {
    return this.trees.get(post.g)?.byId.size ?? Math.min(post.commentCount, MAX_GENERATED);
  }

  byId(id36: string): Comment | undefined {
    const n = parseInt(id36, 36);
    if (!Number.isFinite(n) || n.toString(36) !== id36 || n < COMMENT_ID_BASE) return undefined;
    if (n >= ADDED_ID_BASE) return this.added.get(id36);
    const post = this.postByG(Math.floor((n - COMMENT_ID_BASE) / 1000));
    return post ? this.tree(post).byId.get(id36) : undefined;
  }

  /** Adds a reply to a post or a comment. */
  add(post: Post, parent: Comment | undefined, author: string, body: string, nowSec: number): Comment {
    const tree = this.tree(post);
    const id = (this.nextAdded++).toString(36);
    const c: Comment = {
      id, post, author, body, score: 1, created: nowSec, children: [],
      parent: parent ? `t1_${parent.id}` : `t3_${post.id}`,
      depth: parent ? parent.depth + 1 : 0,
    };
    tree.byId.set(id, c);
    this.added.set(id, c);
    (parent ? parent.children : tree.top).push(id);
    return c;
  }

  /** Number of comments in the subtrees rooted at `ids`. */
  size(tree: Tree, ids: readonly string[]): number {
    let n = 0;
    for (const id of ids) {
      const c = tree.byId.get(id);
      if (c) n += 1 + this.size(tree, c.children);
    }
    return n;
  }

  private generate(post: Post): Tree {
    const tree: Tree = { top: [], byId: new Map() };
    const list: Comment[] = [];
    const n = Math.min(post.commentCount, MAX_GENERATED);
    for (let k = 0; k < n; k++) {
      const r = (salt: number) => hash01(this.seed, post.g * 1000 + k, 20 + salt);
      let parent: Comment | undefined;
      if (k > 0 && r(0) >= 0.3) parent = list[k - 1 - Math.floor(r(1) * Math.min(k, 4))];
      if (parent && parent.depth >= MAX_DEPTH) parent = undefined;
      const id = (COMMENT_ID_BASE + post.g * 1000 + k).toString(36);
      const c: Comment = {
        id, post, children: [],
        parent: parent ? `t1_${parent.id}` : `t3_${post.id}`,
        depth: parent ? parent.depth + 1 : 0,
        author: pick(NPC_AUTHORS, r(2)),
        body: k % 4 === 0 ? `Comment ${k}: fish & chips > salad, and 1 < 2.` : `Comment ${k} on ${post.id}.`,
        score: Math.floor(r(3) ** 3 * 500) - 5,
        created: post.created + 60 * (k + 1),
      };
      list.push(c);
      tree.byId.set(id, c);
      (parent ? parent.children : tree.top).push(id);
    }
    return tree;
  }
}
