import { SnoopathError } from '../errors/classes.js';
import type { CommentTree } from '../types/tree.js';

/**
 * `tree()` reached its request bound (twice the comments the link announced or the first page
 * showed, plus 100; docs/comment-trees.md): the server kept answering with more work than a tree of
 * that size holds. `tree` is the tree as it stood, stubs still in place, valid for `from`.
 */
export class TreeBoundError extends SnoopathError {
  override name = 'TreeBoundError';
  readonly code = 'TREE_REQUEST_BOUND';
  /** The tree so far (not enumerated, so logging the error does not print it). */
  declare readonly tree: CommentTree;
  constructor(message: string, readonly requests: number, readonly bound: number, tree: CommentTree) {
    super(message);
    Object.defineProperty(this, 'tree', { value: tree, enumerable: false });
  }
}
