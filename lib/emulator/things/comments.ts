import type { Comment, Tree } from './comment-tree.js';
import type { Post } from './data.js';
import { growDefault, growShaped } from './grow.js';
import type { CommentTreeShape } from '../types.js';

// Comment ids encode where to find them: generated posts' comments (1,000 a post), then the
// comments of posts made with a shape (100,000 a post), then comments added through the API.
const COMMENT_ID_BASE = 2_000_000_000;
const SHAPED_ID_BASE = 30_000_000_000;
const SHAPED_PER_POST = 100_000;
const ADDED_ID_BASE = 60_000_000_000;
const MAX_GENERATED = 999;

// Declared in comment-tree.ts, which grow.ts builds without this file; named here for the rest of the emulator.
export type { Comment, Tree };

/** Comment trees of posts, generated the first time a post's comments are needed (or made to a shape). */
export class CommentStore {
  private readonly trees = new Map<number, Tree>();
  private readonly added = new Map<string, Comment>();
  private readonly shaped: Post[] = [];
  private nextAdded = ADDED_ID_BASE;

  constructor(private readonly seed: number, private readonly postByG: (g: number) => Post | undefined) {}

  tree(post: Post): Tree {
    let tree = this.trees.get(post.g);
    if (!tree) {
      tree = growDefault(post, Math.min(post.commentCount, MAX_GENERATED), this.seed, (k) => (COMMENT_ID_BASE + post.g * 1000 + k).toString(36));
      this.trees.set(post.g, tree);
    }
    return tree;
  }

  /** Gives a post (made at run time) a tree of this shape; answers how many comments are visible. */
  shape(post: Post, shape: Required<CommentTreeShape>): number {
    const base = SHAPED_ID_BASE + this.shaped.length * SHAPED_PER_POST;
    this.shaped.push(post);
    const tree = growShaped(post, shape, this.seed, (k) => (base + k).toString(36));
    this.trees.set(post.g, tree);
    return tree.byId.size - tree.deleted;
  }

  /** Number of comments of a post, new ones included, deleted ones left out. */
  count(post: Post): number {
    const tree = this.trees.get(post.g);
    return tree ? tree.byId.size - tree.deleted : Math.min(post.commentCount, MAX_GENERATED);
  }

  /** A comment by id, unless deleted. */
  byId(id36: string): Comment | undefined {
    const n = parseInt(id36, 36);
    if (!Number.isFinite(n) || n.toString(36) !== id36 || n < COMMENT_ID_BASE) return undefined;
    let found: Comment | undefined;
    if (n >= ADDED_ID_BASE) found = this.added.get(id36);
    else {
      const post = n >= SHAPED_ID_BASE ? this.shaped[Math.floor((n - SHAPED_ID_BASE) / SHAPED_PER_POST)] : this.postByG(Math.floor((n - COMMENT_ID_BASE) / 1000));
      found = post ? this.tree(post).byId.get(id36) : undefined;
    }
    return found?.deleted ? undefined : found;
  }

  /** Adds a reply to a post or a comment. */
  add(post: Post, parent: Comment | undefined, author: string, body: string, nowSec: number): Comment {
    const tree = this.tree(post);
    const id = (this.nextAdded++).toString(36);
    const c: Comment = {
      id, post, author, body, score: 1, created: nowSec, children: [], size: 1,
      parent: parent ? `t1_${parent.id}` : `t3_${post.id}`,
      depth: parent ? parent.depth + 1 : 0,
    };
    tree.byId.set(id, c);
    this.added.set(id, c);
    (parent ? parent.children : tree.top).push(id);
    for (let up = parent; up; up = up.parent.startsWith('t1_') ? tree.byId.get(up.parent.slice(3)) : undefined) up.size++;
    return c;
  }

  /** Number of visible comments in the subtrees rooted at `ids`. */
  size(tree: Tree, ids: readonly string[]): number {
    let n = 0;
    for (const id of ids) n += tree.byId.get(id)?.size ?? 0;
    return n;
  }
}
