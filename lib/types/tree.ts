import type { CallOptions } from './call-options.js';
import type { CommentThing, LinkThing, MoreThing } from './things.js';

/** Where an expansion stands; handed to `onProgress` after every answer. */
export interface TreeProgress {
  /** Requests sent to expand stubs so far (the first page not counted). */
  requests: number;
  /** Comments in the tree so far. */
  comments: number;
  /** Work still queued: comment ids waiting for `/api/morechildren` plus "continue this thread" pages. */
  pending: number;
}

/** Payload of the `tree_bound` event: an expansion reached its request bound and rejects with `TreeBoundError`. */
export interface TreeBound {
  /** The comments page, e.g. `/comments/$article`. */
  path: string;
  /** Requests sent to expand stubs (the first page not counted). */
  requests: number;
  /** The bound: 100 + twice the larger of the link's `num_comments` and what the first page showed (comments plus work). */
  bound: number;
  /** Comments in the tree when it stopped. */
  comments: number;
  /** Work still queued when it stopped. */
  pending: number;
}

/**
 * Options of `tree()`: how far to expand, plus the usual call options (`signal`, `retryAttempts`, ...),
 * which apply to every request the expansion makes.
 */
export interface TreeOptions extends Omit<CallOptions, 'listingIndex' | 'bodyType'> {
  /** `false` returns the first answer as it is, stubs and all. Default `true`. */
  expand?: boolean;
  /** Most requests to spend on stubs (morechildren batches and "continue this thread" pages). Default: no limit. */
  limit?: number;
  /** Leave stubs whose `count` is below this alone, like PRAW's `replace_more(threshold)`. "Continue this thread" stubs often say 0. Default 0. */
  threshold?: number;
  /** Leave stubs deeper than this alone (top-level comments are depth 0). Default: no limit. */
  depth?: number;
  /** Called after every answer spliced into the tree. */
  onProgress?: (progress: TreeProgress) => void;
  /**
   * Go on expanding a tree a former `tree()` returned (stopped by `limit`, say) instead of fetching the
   * first page again. Its objects are reused: use the new result, not the old one.
   */
  from?: CommentTree;
}

/**
 * A link and its whole comment tree. `comments` has the platform's shape (`data.replies` is a
 * Listing, or `''` when there are none) with every `more` stub replaced by the comments it stood
 * for, in the platform's order, each comment once, `data.depth` counted from the top. Stubs remain
 * only where `limit`, `threshold` or `depth` told the expansion to stop.
 */
export interface CommentTree {
  /** The link (`t3`). */
  submission: LinkThing;
  /** Top-level comments, their replies nested; `more` stubs only where expansion stopped. */
  comments: Array<CommentThing | MoreThing>;
  /** Comments the platform returned whose parent it never did (deleted or missing); kept out of the tree. */
  orphans: CommentThing[];
  /** Requests spent on stubs (the first page not counted). */
  requests: number;
  /** Work left when expansion stopped early: comment ids plus "continue this thread" pages; 0 when complete. */
  pending: number;
}
