import type { Comment, Tree } from './comment-tree.js';
import type { Post } from './data.js';
import { NPC_AUTHORS } from './data.js';
import { hash01, pick } from './rng.js';
import type { CommentTreeShape } from '../types.js';

type Random = (salt: number) => number;

function makeComment(post: Post, k: number, id: string, parent: Comment | undefined, r: Random): Comment {
  return {
    id, post, children: [], size: 0,
    parent: parent ? `t1_${parent.id}` : `t3_${post.id}`,
    depth: parent ? parent.depth + 1 : 0,
    author: pick(NPC_AUTHORS, r(2)),
    body: k % 4 === 0 ? `Comment ${k}: fish & chips > salad, and 1 < 2.` : `Comment ${k} on ${post.id}.`,
    score: Math.floor(r(3) ** 3 * 500) - 5,
    created: post.created + 60 * (k + 1),
  };
}

function add(tree: Tree, c: Comment, parent: Comment | undefined): void {
  tree.byId.set(c.id, c);
  (parent ? parent.children : tree.top).push(c.id);
}

/** Subtree sizes (visible comments, deleted ones left out), from the last comment back: a parent is always older. */
function sizeUp(tree: Tree, list: readonly Comment[]): Tree {
  for (let k = list.length - 1; k >= 0; k--) {
    const c = list[k]!;
    c.size += c.deleted ? 0 : 1;
    const parent = c.parent.startsWith('t1_') ? tree.byId.get(c.parent.slice(3)) : undefined;
    if (parent) parent.size += c.size;
  }
  return tree;
}

/** The tree of a generated post: `n` comments, each a reply to one of the few before it (30 %: top-level), at most 12 deep. */
export function growDefault(post: Post, n: number, seed: number, idOf: (k: number) => string): Tree {
  const tree: Tree = { top: [], byId: new Map(), deleted: 0 };
  const list: Comment[] = [];
  for (let k = 0; k < n; k++) {
    const r: Random = (salt) => hash01(seed, post.g * 1000 + k, 20 + salt);
    let parent: Comment | undefined;
    if (k > 0 && r(0) >= 0.3) parent = list[k - 1 - Math.floor(r(1) * Math.min(k, 4))];
    if (parent && parent.depth >= 12) parent = undefined;
    const c = makeComment(post, k, idOf(k), parent, r);
    list.push(c);
    add(tree, c, parent);
  }
  return sizeUp(tree, list);
}

/**
 * A tree of a given shape. `topLevel` comments are spread evenly over the creation order; every
 * other one answers a comment with room left (fewer than `branching` replies, above `depth`): half
 * the time the latest such comment, so threads run deep, else any of them.
 */
export function growShaped(post: Post, shape: Required<CommentTreeShape>, seed: number, idOf: (k: number) => string): Tree {
  const { comments: n, topLevel, branching, depth } = shape;
  const tree: Tree = { top: [], byId: new Map(), deleted: 0 };
  const list: Comment[] = [];
  const open: Comment[] = [];
  const at = new Map<Comment, number>();
  for (let k = 0; k < n; k++) {
    const r: Random = (salt) => hash01(seed, post.g * 16_411 + k, 60 + salt);
    const top = k === 0 || Math.floor((k * topLevel) / n) !== Math.floor(((k - 1) * topLevel) / n);
    const parent = top || open.length === 0 ? undefined : open[r(0) < 0.5 ? open.length - 1 : Math.floor(r(1) * open.length)];
    const c = makeComment(post, k, idOf(k), parent, r);
    list.push(c);
    add(tree, c, parent);
    if (parent && parent.children.length >= branching) {
      // Swap-remove: the last one takes the full comment's place.
      const i = at.get(parent)!;
      const last = open.pop()!;
      if (last !== parent) {
        open[i] = last;
        at.set(last, i);
      }
      at.delete(parent);
    }
    if (c.depth < depth && branching > 0) {
      at.set(c, open.length);
      open.push(c);
    }
  }
  for (let k = n - 1; k >= 0 && tree.deleted < shape.deleted; k--) {
    const c = list[k]!;
    if (c.children.length === 0) {
      c.deleted = true;
      tree.deleted++;
    }
  }
  return sizeUp(tree, list);
}
