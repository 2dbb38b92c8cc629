/*
 * How the platform says a subreddit cannot be read (pure: tested without a network). It answers a
 * path under /r/{name} of a subreddit that does not exist with a 302 to its search page (PRAW raises
 * prawcore's Redirect there), and one that exists but is closed with the subreddit's state as
 * `reason`: 403 `{"reason": "private"}`, 404 `{"reason": "banned"}`, 403 `{"reason": "quarantined"}`
 * (the account has not opted in) or 403 `{"reason": "gated"}`.
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

/** The platform's `reason` of a refused subreddit, with the code and the words snoopath gives it. */
const REASONS: Record<string, { code: string; says: string }> = {
  private: { code: 'SUBREDDIT_PRIVATE', says: 'is private: only its approved members (authorize one) can read it' },
  banned: { code: 'SUBREDDIT_BANNED', says: 'is banned: nobody can read it' },
  quarantined: { code: 'SUBREDDIT_QUARANTINED', says: 'is quarantined: the account must opt in first (POST /api/quarantine_optin)' },
  gated: { code: 'SUBREDDIT_GATED', says: 'is gated: the account must opt in first' },
};

/** What a 403 or 404 answer to a subreddit path says about the subreddit, when it says why. */
export function unavailableSubreddit(url: string, status: number, body: unknown): { name: string; code: string; says: string } | undefined {
  if (status !== 403 && status !== 404) return undefined;
  const reason = (body as { reason?: unknown } | null)?.reason;
  const known = typeof reason === 'string' ? REASONS[reason.toLowerCase()] : undefined;
  const name = known && subredditOf(url);
  return name ? { name, ...known } : undefined;
}
