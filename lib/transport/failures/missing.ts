/*
 * A subreddit that does not exist (pure: tested without a network): the platform answers a path
 * under /r/{name} with a 302 to its search page (PRAW raises prawcore's Redirect there). The
 * transport checks every redirect with this; the words for subreddits that exist but are closed
 * (unavailable.ts) are loaded with the other words of failures, by the first failure.
 */

/** The name in a path under /r/{name}, as the caller gave it (`a+b` for a list), or undefined. */
export function subredditOf(url: string | URL): string | undefined {
  const path = (typeof url === 'string' ? new URL(url, 'http://x/') : url).pathname;
  const match = /^\/r\/([^/]+)/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1];
  }
}

/** The subreddit a redirect from `from` to `to` says does not exist: a subreddit path sent to the platform's search. */
export function missingSubreddit(from: string | URL, to: URL): string | undefined {
  return /^\/subreddits\/search(\.json)?\/?$/.test(to.pathname) ? subredditOf(from) : undefined;
}
