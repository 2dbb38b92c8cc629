import type { Endpoints, Op } from '../../typings/endpoints.js';
import type { Args } from '../request/path.js';
import type { CallObject, CallOptions, Thing } from './call.js';
import type { Listing } from './things.js';
import type { ListingSlice } from './listing.js';
import type { EntryOf, ParamNames, PathParams, TemplateOf } from './path-params.js';
import type { CommentTree, TreeOptions } from './tree.js';
import type { ItemStream, StreamItemOf, StreamOptions } from './stream.js';

// Glue between the generated `Endpoints` map (typings/endpoints.d.ts) and what `reddit(path)` returns.
// Policy (docs/typings.md): a known path and verb takes exactly its documented arguments (a misspelt
// one is a compile error); anything else stays callable with loose arguments and an `unknown` result.

export type { Endpoints, Op };

/** `.listing()` of a known endpoint: what it takes, the type of one item, and the call options it needs (from its GET's answer). */
export interface ListingOp<A, I, O = CallOptions> {
  args: A;
  item: I;
  options: O;
}

/** The item of a listing answer: a Listing's, or any of an array of Listings' (a link's page); `never` for other answers. */
type ItemOf<R> = R extends Listing<infer I> ? I : R extends readonly Listing<infer I>[] ? I : never;

/**
 * The `.listing()` of an entry whose GET answers a listing, else `never`. An answer that is an array
 * of listings (a link's page: the link, then its comments) needs `listingIndex` to say which to page.
 */
type ListingOpOf<E> = E extends { get: Op<infer A, infer R, infer O> }
  ? [ItemOf<R>] extends [never]
    ? never
    : ListingOp<A, ItemOf<R>, R extends Listing<unknown> ? O : O & { listingIndex: number }>
  : never;

/** Arguments every known endpoint accepts besides its own. */
export interface CommonArgs {
  /** `1` asks the platform not to escape `&`, `<` and `>` in string values. */
  raw_json?: 0 | 1;
  /** Filled in by the client (instance option `apiType`); pass it only to override. */
  api_type?: string;
}

/** Every path template the typings know, for editors' completions: `reddit(path: KnownPath | (string & {}))`. */
export type KnownPath = keyof Endpoints;

/** The HTTP verbs a call object offers. */
export type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** Parameter list of a typed method: `args` optional only when every argument is, likewise `options`. */
type Params<A, O> = {} extends A
  ? {} extends O
    ? [args?: A, options?: O]
    : [args: A | undefined, options: O]
  : {} extends O
    ? [args: A, options?: O]
    : [args: A, options: O];

/** One documented verb as a method; name another result type with `get<T>()` if you know better. */
type TypedMethod<E> =
  E extends ListingOp<infer A, infer I, infer O>
    ? <T = I>(...params: Params<SubredditList<A> & CommonArgs, O>) => Promise<ListingSlice<T>>
    : E extends Op<infer A, infer R, infer O>
      ? <T = R>(...params: Params<SubredditList<A> & CommonArgs, O>) => Promise<T>
      : never;

/** A verb the catalog does not document for `P`: any arguments, but the path's `$params` are still required. */
type LooseMethod<P extends string> = [ParamNames<P>] extends [never]
  ? <T = unknown>(args?: Args, options?: CallOptions) => Promise<T>
  : <T = unknown>(args: SubredditList<PathParams<P>> & Args, options?: CallOptions) => Promise<T>;

/** `.listing()` where the item type is not known: `Thing` unless named. */
type LooseListing<P extends string> = [ParamNames<P>] extends [never]
  ? <T = Thing>(args?: Args, options?: CallOptions) => Promise<ListingSlice<T>>
  : <T = Thing>(args: SubredditList<PathParams<P>> & Args, options?: CallOptions) => Promise<ListingSlice<T>>;

/** `$subreddit` may also be a list: `['aww', 'pics']` (or `'aww+pics'`): one request for up to 100 names; a stream polls any number (docs/streams.md). */
type SubredditList<A> = { [K in keyof A]: K extends '$subreddit' ? A[K] | readonly string[] : A[K] };

/** A stream pages by itself: the listing's paging arguments are not the caller's. */
type StreamArgs<A> = SubredditList<Omit<A, 'after' | 'before' | 'count' | 'limit'>> & CommonArgs;

/** `.stream()` of a path: typed like its `.listing()` when the catalog has one, else loose with `$params` required. */
type StreamMethod<E, P extends string, Template = P> = ListingOpOf<E> extends ListingOp<infer A, infer I, infer O>
  ? <T = StreamItemOf<Template, I>>(...params: Params<StreamArgs<A>, StreamOptions & O>) => ItemStream<T>
  : [ParamNames<P>] extends [never]
    ? <T = StreamItemOf<P>>(args?: Args, options?: StreamOptions) => ItemStream<T>
    : <T = StreamItemOf<P>>(args: SubredditList<PathParams<P>> & Args, options?: StreamOptions) => ItemStream<T>;

/** `.tree()` of a comments page: the page's own arguments (`sort`, `limit`, `depth`...), then the expansion's options. */
type TreeMethod<E> = E extends { get: Op<infer A, unknown, unknown> }
  ? (...params: Params<A & CommonArgs, TreeOptions>) => Promise<CommentTree>
  : never;

/** `.tree()` where the page's arguments are not known. */
type LooseTree<P extends string> = [ParamNames<P>] extends [never]
  ? (args?: Args, options?: TreeOptions) => Promise<CommentTree>
  : (args: PathParams<P> & Args, options?: TreeOptions) => Promise<CommentTree>;

/** Known paths that answer a link and its comment tree, and so offer `.tree()`. */
type CommentsPath = '/comments/$article' | '/r/$subreddit/comments/$article';

/**
 * Call object of a known path: its documented verbs typed (JSDoc kept), the other verbs loose.
 * `Template`, the catalog's key, is unconstrained on purpose: checking it against a constraint
 * related every key of `Endpoints` in each user's compile (a tenth of what the typings cost).
 */
type KnownCall<E, P extends string, Template> = { [V in keyof E]: TypedMethod<E[V]> } & {
  [V in Exclude<Verb, keyof E>]: LooseMethod<P>;
} & {
  /** GET the path as a listing and resolve to a page you can walk (`next()`, `for await`); typed from its GET's answer. */
  listing: [ListingOpOf<E>] extends [never] ? LooseListing<P> : TypedMethod<ListingOpOf<E>>;
  stream: StreamMethod<E, P, Template>;
} & (Template extends CommentsPath
  ? {
      /**
       * The link and its whole comment tree: the page (`sort`, `limit`, `depth`... as for `get`), then every
       * `more` and "continue this thread" stub expanded (see docs/comment-trees.md).
       */
      tree: TreeMethod<E>;
    }
  : {});

/** Call object of an unknown path: the loose {@link CallObject}, but its `$params` required. */
type UnknownCall<P extends string> = [ParamNames<P>] extends [never]
  ? [StreamItemOf<P, never>] extends [never]
    ? CallObject
    : Omit<CallObject, 'stream'> & { stream: StreamMethod<unknown, P> }
  : { [V in Verb]: LooseMethod<P> } & { listing: LooseListing<P>; tree: LooseTree<P>; stream: StreamMethod<unknown, P> };

/**
 * What `reddit(path)` returns for `path: P`. A path template the catalog knows (see docs/endpoints.md)
 * gets typed arguments and results per verb, also when it names its subreddit (`/r/mod/about/log`,
 * `/r/aww+pics/new`: typed as `/r/$subreddit/...`, without the `$subreddit` argument); any other
 * literal path gets loose methods that still require its `$params`; a `string` that is not a literal
 * gets the loose {@link CallObject}.
 *
 * @example
 * const page = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 10 });
 * page.children[0]?.data.title; // string
 */
export type CallFor<P extends string> = P extends string
  ? string extends P
    ? CallObject
    : [TemplateOf<P>] extends [never]
      ? UnknownCall<P>
      : KnownCall<EntryOf<P, TemplateOf<P>>, P, TemplateOf<P>>
  : never;
