// What a literal path stands for, at the type level: its `$params`, with the runtime's rule
// (lib/request/path.ts): `$` then letters, digits and `_`; any other character (`.`, `/`) ends the name;
// and the catalog's template it calls, as lib/endpoints/lookup.ts finds it at run time.
import type { Endpoints, Op } from '../../typings/endpoints.js';

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type NameChar = Digit | Lower | Uppercase<Lower> | '_';

/** The name at the start of `S`, character by character (tail-recursive, so long names are fine). */
type TakeName<S extends string, Name extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? TakeName<Rest, `${Name}${C}`>
    : Name
  : Name;

/** Names of the `$params` in a literal path: `ParamNames<'/r/$subreddit/about/$where'>` is `'subreddit' | 'where'`. */
export type ParamNames<P extends string> = P extends `${string}$${infer Rest}`
  ? TakeName<Rest> extends infer N extends string
    ? (N extends '' ? never : N) | ParamNames<Rest>
    : never
  : never;

/** The `$` keys a call of path `P` must pass: `{ $subreddit: string | number }` and so on. */
export type PathParams<P extends string> = { [N in ParamNames<P> as `$${N}`]: string | number };

/** A literal subreddit (`/r/mod/about/log`, `/r/aww+pics/new`) stands for `/r/$subreddit/...`; else never. */
type SubredditTemplate<P extends string> = P extends `/r/${infer Name}/${infer Rest}`
  ? Name extends '' | `$${string}` ? never : `/r/$subreddit/${Rest}`
  : P extends `/r/${infer Name}`
    ? Name extends '' | `$${string}` ? never : '/r/$subreddit'
    : never;

/**
 * The catalog's template for a literal path: the path itself, or without its `.json`, or with its
 * literal subreddit as `$subreddit`; never for paths the catalog does not know.
 */
export type TemplateOf<P extends string> = P extends keyof Endpoints
  ? P
  : P extends `${infer Bare}.json`
    ? TemplateOf<Bare>
    : Known<SubredditTemplate<P>>;

// `T` unconstrained on purpose: a conditional over a parameter constrained to `keyof Endpoints` makes
// the compiler distribute it over all 390 keys when it checks the declaration (every user's compile).
type Known<T> = T extends keyof Endpoints ? T : never;

/** An entry whose path names its subreddit: `$subreddit` is no argument of its verbs. */
type NoSubreddit<E> = { [V in keyof E]: E[V] extends Op<infer A, infer R, infer O> ? Op<Omit<A, '$subreddit'>, R, O> : E[V] };

/** The generated entry of template `T` called as `P`: without `$subreddit` when `P` names its subreddit. */
export type EntryOf<P extends string, T> = T extends keyof Endpoints
  ? P extends T | `${T}.json` ? Endpoints[T] : NoSubreddit<Endpoints[T]>
  : never;
