import type { Ctx } from '../server/http.js';
import { json } from '../server/http.js';

/**
 * Subreddits that exist but cannot be read, answered as the platform answers every path under
 * them: a private one 403 `{"reason": "private"}`, a banned one 404 `{"reason": "banned"}`, a
 * quarantined one (no account here has opted in) 403 `{"reason": "quarantined"}`. Unknown names
 * redirect to the search page (lib/emulator/listings/listings.ts).
 */
export const UNAVAILABLE_SUBREDDITS: Readonly<Record<string, 'private' | 'banned' | 'quarantined'>> = {
  privatesub: 'private',
  bannedsub: 'banned',
  quarantinedsub: 'quarantined',
};

/** Answer a path under /r/{name} of an unreadable subreddit; whether it was one. */
export function unavailableRoute(ctx: Ctx, name: string): boolean {
  const reason = UNAVAILABLE_SUBREDDITS[name.toLowerCase()];
  if (!reason) return false;
  if (reason === 'banned') json(ctx, 404, { reason, message: 'Not Found', error: 404 });
  else if (reason === 'private') json(ctx, 403, { reason, message: 'Forbidden', error: 403 });
  else json(ctx, 403, { reason, quarantine_message: `r/${name} is quarantined.`, message: 'Forbidden', error: 403 });
  return true;
}
