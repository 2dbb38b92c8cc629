/*
 * How the platform says a subreddit that exists cannot be read (pure: tested without a network): it
 * answers a path under /r/{name} of a closed one with the subreddit's state as `reason`: 403
 * `{"reason": "private"}`, 404 `{"reason": "banned"}`, 403 `{"reason": "quarantined"}` (the account
 * has not opted in) or 403 `{"reason": "gated"}`. One that does not exist: missing.ts.
 */
import { subredditOf } from './missing.js';

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
