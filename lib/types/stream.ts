import type { CallOptions } from './call-options.js';
import type { CommentThing, ModActionThing, Thing } from './things.js';

/**
 * What a stream remembers of the items it has handled: plain JSON (a store may keep it as text),
 * small and bounded whatever the stream's age. See docs/streams.md.
 */
export interface StreamCursor {
  /** Format version. */
  v: 1;
  /**
   * The listing it belongs to (`/r/aww/comments`; over a subreddit list, `/r/$subreddit/comments`):
   * a cursor of another listing is refused.
   */
  path: string;
  /**
   * The most recently handled items, oldest first: `[fullname, created_utc or null]`, at most 300 per
   * request a poll makes; over a subreddit list, `[fullname, created_utc or null, subreddit]`.
   */
  seen: Array<[string, number | null] | [string, number | null, string]>;
  /**
   * `created_utc` of the newest item forgotten (or older than the stream's first page): an item not
   * in `seen` and older than this counts as handled. `null` when nothing was forgotten yet (and
   * always over a subreddit list, which keeps one per subreddit).
   */
  floor: number | null;
  /** Over a subreddit list: each subreddit's floor (lower case names; `*` for items of `all`, `popular` or `mod`). */
  subreddits?: Record<string, number | null>;
}

/** Where a stream keeps its cursor across restarts, like `tokenStore`. Either method may be async. */
export interface CursorStore {
  /** The cursor saved before (as an object or its JSON text), or `null`/`undefined` for none. */
  get(): Promise<StreamCursor | string | null | undefined> | StreamCursor | string | null | undefined;
  /** Called after the consumer has taken each item (writes are serialized; the latest wins). */
  set(cursor: StreamCursor): Promise<unknown> | unknown;
}

/** Options of `call.stream()`; the call options apply to every poll. */
export interface StreamOptions extends CallOptions {
  /** Start with what is new from now on instead of yielding the first page. Default `false`. A cursor wins over it. */
  skipExisting?: boolean;
  /**
   * For cron jobs and serverless functions: poll once (reading bursts back) and end when everything
   * new since the cursor has been yielded, instead of polling on. The cursor is written before
   * `for await` returns, so runs with one `cursorStore` yield every item once. Default `false`.
   */
  untilCaughtUp?: boolean;
  /**
   * Leave out the items the instance's own account wrote (`author`; `mod` for mod log entries), so a
   * bot that replies never sees its own replies come back: the account is `oauth.username` for a
   * script app, read once from `/api/v1/me` otherwise. They still count as handled. Default `false`:
   * every new item, once.
   */
  skipOwn?: boolean;
  /** Resume after this cursor (a value of `stream.cursor`, or its JSON text). Wins over `cursorStore.get()`. */
  cursor?: StreamCursor | string | null;
  /** Read the cursor before the first poll and write it after each item taken. */
  cursorStore?: CursorStore;
  /**
   * Most ms a `cursorStore.get()` or `set()` may take. A read that takes longer is reported
   * (`stream_error`, `cursor_get`) and tried again; a write is reported and the next one waits for
   * it; when the stream ends, `for await` waits at most this long for the last write. Default 5000.
   */
  cursorTimeout?: number;
  /**
   * Wait between polls in ms (at most 2147483647, the longest a timer holds). A number fixes it; by
   * default it adapts: `min` (1000) after a poll that found items, doubling while nothing comes up to
   * `max` (16000), with jitter.
   */
  pause?: number | { min?: number; max?: number };
  /** Items asked per page (1 to 100). Default 100. */
  limit?: number;
  /** Aborting ends the iteration cleanly: `for await` exits, nothing rejects. */
  signal?: AbortSignal;
}

/**
 * The new items of a listing, oldest first, each once while the process lives. Iterate it with
 * `for await`; `break` or the `signal` stops the polling.
 *
 * @example
 * for await (const comment of reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' })) {
 *   console.log(comment.data.author, comment.data.body);
 * }
 */
export interface ItemStream<T> extends AsyncIterableIterator<T> {
  /** The cursor of the items handled so far (save it to resume later); undefined until the stream starts. */
  readonly cursor: StreamCursor | undefined;
  return(value?: unknown): Promise<IteratorResult<T, undefined>>;
}

/** Payload of the `stream_gap` event: a read-back ran into the listing's cap before reaching known items. */
export interface StreamGap {
  stream: ItemStream<unknown>;
  /** The listing, e.g. `/r/aww/comments`. */
  path: string;
  /** Items read back in this poll without reaching an item handled before: older new items may be lost. */
  read: number;
}

/** Payload of the `stream_error` event: a failure the stream outlives (it tries again after `retryIn` ms). */
export interface StreamFailure {
  stream: ItemStream<unknown>;
  path: string;
  /** `poll` (the platform stayed unreachable after the transport's retries), `cursor_get` or `cursor_set`. */
  during: 'poll' | 'cursor_get' | 'cursor_set';
  error: unknown;
  /** When the stream tries again, in ms (for `cursor_set`: with the next item or poll). */
  retryIn: number;
}

/**
 * Item types of listings the catalog does not type (or types loosely), for `.stream()`.
 * Other paths stream the item type of their `.listing()`, or `Thing`.
 */
export interface StreamItems {
  '/comments': CommentThing;
  '/r/$subreddit/comments': CommentThing;
  '/about/log': ModActionThing;
  '/r/$subreddit/about/log': ModActionThing;
}

/** A stream's item type for path `P`, given the item type `I` its listing has (`P` unconstrained: no constraint to check in every compile). */
export type StreamItemOf<P, I = Thing> = P extends keyof StreamItems
  ? StreamItems[P]
  : P extends `${infer Bare}.json`
    ? Bare extends keyof StreamItems
      ? StreamItems[Bare]
      : I
    : I;
