import type { BodyType } from '../request/encode.js';
import type { Args } from '../request/path.js';
import type { ListingSlice } from './listing.js';
import type { CommentTree, TreeOptions } from './tree.js';
import type { ItemStream, StreamOptions } from './stream.js';

/** Options of one call; each overrides the instance's value for this call only. */
export interface CallOptions {
  /** Decode HTML entities in the string values of the parsed response. */
  decodeHtmlEntities?: boolean;
  /** How many times a failed request is sent again. */
  retryAttempts?: number;
  /** Wait in ms between a failure and the next send. */
  retryDelay?: number;
  /** Limit in ms for one send, counted from when it leaves the queue. */
  requestTimeout?: number;
  /** Auto-filled `api_type`; `false` leaves it out. */
  apiType?: string | false;
  /** Use the application-only token for this call. */
  bypassAuth?: boolean;
  /** For endpoints that answer an array of listings (`/comments/$article`): which one to slice. */
  listingIndex?: number;
  /** `'json'` sends a JSON body instead of a form. */
  bodyType?: BodyType;
  /** Aborting rejects the call and cancels any send or wait in progress. */
  signal?: AbortSignal;
  /** The longest RATELIMIT wait (ms) this call waits out before sending again; a longer one rejects at once. */
  ratelimitWait?: number;
}

/**
 * What `reddit(path)` returns: one method per HTTP verb, plus `listing`. Each resolves to the parsed
 * body; name the type you expect with `get<T>()`.
 *
 * @example
 * const me = await reddit('/api/v1/me').get<{ name: string }>();
 * await reddit('/api/vote').post({ id: 't3_abc', dir: 1 });
 */
export interface CallObject<A extends Args = Args> {
  get<T = unknown>(args?: A, options?: CallOptions): Promise<T>;
  post<T = unknown>(args?: A, options?: CallOptions): Promise<T>;
  put<T = unknown>(args?: A, options?: CallOptions): Promise<T>;
  patch<T = unknown>(args?: A, options?: CallOptions): Promise<T>;
  delete<T = unknown>(args?: A, options?: CallOptions): Promise<T>;
  head<T = unknown>(args?: A, options?: CallOptions): Promise<T>;
  options<T = unknown>(args?: A, options?: CallOptions): Promise<T>;
  /** GET the path as a listing and resolve to a page you can walk (`next()`, `for await`). */
  listing<T = Thing>(args?: A, options?: CallOptions): Promise<ListingSlice<T>>;
  /** GET a comments page (`/comments/$article`) and expand every stub: the link and its whole comment tree. */
  tree(args?: A, options?: TreeOptions): Promise<CommentTree>;
  /**
   * Poll the path as a listing of new items: each new item once, oldest first, until `break` or
   * `options.signal` (docs/streams.md).
   */
  stream<T = Thing>(args?: A, options?: StreamOptions): ItemStream<T>;
}

/** Any item of a listing: `{ kind, data }`. */
export interface Thing<D = Record<string, unknown>, K extends string = string> {
  kind: K;
  data: D;
}
