import type { Args } from '../request/path.js';
import type { CallOptions } from './call-options.js';
import type { ListingSlice } from './listing.js';
import type { Thing } from './things.js';
import type { CommentTree, TreeOptions } from './tree.js';
import type { ItemStream, StreamOptions } from './stream.js';

// Declared in files below this one, since stream.ts, tree.ts and things.ts build on them and this
// file builds on those; still named here, where lib/index.ts and the generated typings take them.
export type { CallOptions, Thing };

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
