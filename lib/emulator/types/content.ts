/**
 * The shape of a generated comment tree. Comments are made one after another; each is top-level or
 * answers an earlier comment that still has room (fewer than `branching` replies, above `depth`),
 * often the latest one, so threads grow into conversations. Same seed, same tree.
 */
export interface CommentTreeShape {
  /** Number of comments, 0 to 10,000. */
  comments: number;
  /** How many are top-level, at least (more when no comment has room left). Default: a fifth, at least 1. */
  topLevel?: number;
  /** Most direct replies of one comment. Default 4. */
  branching?: number;
  /** Deepest level, 0 being top-level. Default 12. */
  depth?: number;
  /**
   * The last `deleted` leaf comments (in creation order) are deleted: gone from every answer, while
   * the `more` stubs that listed them still do (as on the platform). Default 0.
   */
  deleted?: number;
}

/** A post made with a comment tree of a given shape (`EmulatorOptions.posts`, `emulator.addPost`). */
export interface PostSpec {
  /** Its subreddit. Default: the first one. */
  subreddit?: string;
  title?: string;
  /** Its comment tree: a shape, or just the number of comments. */
  comments: CommentTreeShape | number;
}

/** A post made by `addPost` or `EmulatorOptions.posts`: reachable by id (`/comments/{id}`, `/api/info`), in no listing. */
export interface CreatedPost {
  /** Base-36 id, for `/comments/$article`. */
  id: string;
  name: `t3_${string}`;
  subreddit: string;
  permalink: string;
  /** Comments a complete expansion finds (the deleted ones left out). */
  comments: number;
}

/** New items appearing over time on the emulator's clock (see "New items over time" in docs/emulator.md). */
export interface FeedOptions {
  /** Subreddits that get new posts and comments. Default: every subreddit. */
  subreddits?: string[];
  /** New posts and comments per minute, on average. Default 30. */
  rate?: number;
  /** Share of comments among them, 0 to 1. Default 0.75. */
  comments?: number;
  /** Every `every` seconds, a burst of `size` items in the same second (`[min, max]`: a size drawn from that range). */
  bursts?: { every: number; size: number | [number, number] };
  /** Share of new posts and comments a moderator removes `removeAfter` seconds later. Default 0. */
  removals?: number;
  /** Seconds from an item's creation to its removal. Default 30. */
  removeAfter?: number;
  /** Share of new posts and comments reported into the mod queue. Default 0. */
  reports?: number;
  /** Private messages per minute to the first account. Default 0. */
  messages?: number;
}

/** What `emu.addItems()` adds, now on the emulator's clock. */
export interface AddItems {
  kind: 'post' | 'comment' | 'message' | 'modaction';
  /** How many. Default 1. */
  count?: number;
  /** Subreddit of posts, comments and mod actions. Default: the first one. */
  subreddit?: string;
  /** Who wrote them (any name; an account's name too). For mod actions, the moderator. Default: a generated user. */
  author?: string;
  /** Comments: the post or comment they answer (fullname). Default: the subreddit's newest post. */
  parent?: string;
  /** Messages: the account that receives them. Default: the first account. */
  to?: string;
  /** Post titles and message subjects. */
  title?: string;
  /** Post, comment and message text. */
  body?: string;
  /** Mod actions: what was done (`banuser`, `editflair`, ...). Default `editsettings`. */
  action?: string;
  /** Posts and comments: reported, so they wait in the mod queue. */
  reported?: boolean;
}
