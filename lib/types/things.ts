/** Any item of a listing: `{ kind, data }`. */
export interface Thing<D = Record<string, unknown>, K extends string = string> {
  kind: K;
  data: D;
}

// Core shapes of the platform's answers. Only the fields most programs read are named; every shape
// keeps an index signature because the platform adds fields often and removes few, so an unnamed
// field is still readable (as `unknown`) without a cast.

/** A thing's fullname: its kind, `_`, and its base-36 id (`t3_abc123`). */
export type Fullname = `${'t1' | 't2' | 't3' | 't4' | 't5' | 't6'}_${string}`;

/** A link (post): `kind` `t3`. */
export interface Link {
  [field: string]: unknown;
  id: string;
  name: `t3_${string}`;
  title: string;
  author: string;
  subreddit: string;
  subreddit_id: `t5_${string}`;
  permalink: string;
  url: string;
  /** Markdown body of a self post; `''` for links. */
  selftext: string;
  is_self: boolean;
  score: number;
  num_comments: number;
  over_18: boolean;
  stickied: boolean;
  /** Seconds since the epoch, UTC. */
  created_utc: number;
}

/** A comment: `kind` `t1`. */
export interface Comment {
  [field: string]: unknown;
  id: string;
  name: `t1_${string}`;
  author: string;
  body: string;
  /** The link this comment belongs to. */
  link_id: `t3_${string}`;
  /** The link (top-level comment) or comment it answers. */
  parent_id: `t1_${string}` | `t3_${string}`;
  subreddit: string;
  score: number;
  stickied: boolean;
  created_utc: number;
  /** The reply tree, or `''` when there are no replies. */
  replies: Listing<CommentThing | MoreThing> | '';
  /** Nesting level in a comment tree, 0 for top-level comments (`tree()` counts it from the top). */
  depth?: number;
}

/** An account (user): `kind` `t2`. */
export interface Account {
  [field: string]: unknown;
  id: string;
  name: string;
  link_karma: number;
  comment_karma: number;
  created_utc: number;
}

/** A subreddit: `kind` `t5`. */
export interface Subreddit {
  [field: string]: unknown;
  id: string;
  name: `t5_${string}`;
  /** The name without `r/`. */
  display_name: string;
  title: string;
  url: string;
  subscribers: number | null;
  over18: boolean;
  public_description: string;
  created_utc: number;
}

/** A private message: `kind` `t4`. */
export interface Message {
  [field: string]: unknown;
  id: string;
  name: `t4_${string}`;
  author: string | null;
  dest: string;
  subject: string;
  body: string;
  new: boolean;
  created_utc: number;
}

/** An entry of the moderation log (`/r/{sub}/about/log`): `kind` `modaction`, no `name`. */
export interface ModAction {
  [field: string]: unknown;
  /** `ModAction_` and a UUID; the fullname is `modaction_` + this id. */
  id: string;
  /** What was done: `removelink`, `removecomment`, `approvelink`, `banuser`, ... */
  action: string;
  /** The moderator's name. */
  mod: string;
  subreddit: string;
  details: string | null;
  description: string | null;
  /** The thing acted on, when there is one. */
  target_fullname: string | null;
  target_author: string | null;
  created_utc: number;
}

/**
 * Comments left out of a tree: `kind` `more`. `children` holds their ids for `/api/morechildren`;
 * `count === 0` with no children means "continue this thread" (load the parent's own page).
 */
export interface More {
  id: string;
  name: string;
  count: number;
  depth: number;
  parent_id: string;
  children: string[];
}

/** One page of things as the platform sends it. */
export interface Listing<T> {
  kind: 'Listing';
  data: {
    after: string | null;
    before: string | null;
    dist?: number | null;
    modhash?: string | null;
    children: T[];
  };
}

/** An entry of a user list (`/about/moderators`, `/about/banned`...): not a thing, no `kind`. */
export interface UserListEntry {
  [field: string]: unknown;
  name: string;
  id: `t2_${string}`;
  /** When the relation began, seconds since the epoch. */
  date: number;
}

/** The `{ json: { errors, data } }` envelope of form-posted actions (with `api_type=json`). */
export interface JsonResponse<D> {
  json: {
    /** Empty on success; the client rejects with ResponseError otherwise. */
    errors: Array<[code: string, message: string, field: string | null]>;
    data?: D;
  };
}

/** A link as listings carry it: `{ kind: 't3', data }`. */
export type LinkThing = Thing<Link, 't3'>;
/** A comment as listings carry it: `{ kind: 't1', data }`. */
export type CommentThing = Thing<Comment, 't1'>;
/** An account wrapped as a thing: `{ kind: 't2', data }`. */
export type AccountThing = Thing<Account, 't2'>;
/** A message as listings carry it: `{ kind: 't4', data }`. */
export type MessageThing = Thing<Message, 't4'>;
/** A subreddit as listings carry it: `{ kind: 't5', data }`. */
export type SubredditThing = Thing<Subreddit, 't5'>;
/** A stub for comments left out of a tree: `{ kind: 'more', data }`. */
export type MoreThing = Thing<More, 'more'>;
/** A moderation log entry as listings carry it: `{ kind: 'modaction', data }`. */
export type ModActionThing = Thing<ModAction, 'modaction'>;
