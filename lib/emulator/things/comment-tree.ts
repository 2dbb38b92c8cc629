import type { Post } from './data.js';

/** A comment of the emulated platform, generated (grow.ts) or added through the API (comments.ts). */
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
  /** Ids of direct replies, oldest first (deleted ones included). */
  children: string[];
  /** Visible comments in its subtree, itself included (0 when deleted). */
  size: number;
  /** Deleted: in no answer, though stubs may still list it. */
  deleted?: boolean;
}

/** One post's comments: the top-level ids, and every comment by id. */
export interface Tree {
  top: string[];
  byId: Map<string, Comment>;
  /** How many of `byId` are deleted. */
  deleted: number;
}
