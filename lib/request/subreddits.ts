import { ArgumentError } from '../errors/classes.js';

/**
 * Most subreddit names one request carries (`/r/a+b+c/new`). 100 names of at most 21 characters
 * make at most 2,199 characters with the `+`s, so a whole URL stays around 2.3 KB: well under the
 * 8 KB most servers and proxies accept, and under the ~2.5 KB reported to work on the platform
 * (lists of a few thousand characters have been answered 414 URI Too Long by it or proxies in
 * front of it). A list longer than this is split into as few requests as that allows.
 */
export const SUBREDDITS_PER_REQUEST = 100;

/** Names the platform gives listings of many subreddits, which stand for no single one. */
export const VIRTUAL_SUBREDDITS: ReadonlySet<string> = new Set(['all', 'popular', 'mod']);

/**
 * The platform's name rules: 3 to 21 letters, digits and `_`, not starting with `_`; the old
 * two-letter language subreddits (`de`, `fr`, `ja`...); a user's profile, `u_` and a username (3
 * to 20 letters, digits, `_` and `-`); and the virtual names above.
 */
const NAME = /^(?:[A-Za-z0-9][A-Za-z0-9_]{2,20}|[A-Za-z]{2}|u_[A-Za-z0-9_-]{3,20})$/;

/** Whether `name` is a subreddit name the platform can list. */
export const isSubredditName = (name: string): boolean => NAME.test(name) || VIRTUAL_SUBREDDITS.has(name.toLowerCase());

/**
 * A list of subreddits as the requests that carry it: each chunk the names of one request joined
 * with `+`, in the order given, each name once (without case; the first spelling kept). A name
 * may itself be `a+b+c`. A name the platform would not take is an `ArgumentError` naming it,
 * before anything is sent. Pure.
 */
export function subredditChunks(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const all: string[] = [];
  for (const entry of names) {
    if (typeof entry !== 'string') throw new ArgumentError(`subreddit list: ${JSON.stringify(entry) ?? typeof entry} is not a name; pass names such as ['aww', 'pics'] or 'aww+pics'.`);
    for (const name of entry.split('+')) {
      if (!isSubredditName(name)) {
        throw new ArgumentError(`subreddit list: ${JSON.stringify(name)} is not a subreddit name (3 to 21 letters, digits or _, not starting with _; or all, popular, mod, u_<username>): check its spelling.`);
      }
      const key = name.toLowerCase();
      if (!seen.has(key)) all.push(name);
      seen.add(key);
    }
  }
  if (all.length === 0) throw new ArgumentError('subreddit list: no subreddit given; pass at least one name.');
  const chunks: string[] = [];
  for (let i = 0; i < all.length; i += SUBREDDITS_PER_REQUEST) chunks.push(all.slice(i, i + SUBREDDITS_PER_REQUEST).join('+'));
  return chunks;
}
