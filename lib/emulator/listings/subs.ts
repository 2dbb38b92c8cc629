import type { Ctx } from '../server/http.js';
import type { State } from '../state.js';
import type { Subreddit } from '../things/data.js';

/**
 * The subreddits a path's name stands for, as the platform reads it: one name; `a+b+c` (names it
 * does not know are left out, as the platform does); `mod`, every subreddit the caller moderates;
 * `all` and `popular`, every one (`all: true`). Undefined when it stands for none.
 */
export function subsOf(ctx: Ctx, state: State, name: string): { subs: Subreddit[]; all: boolean } | undefined {
  const key = name.toLowerCase();
  if (key === 'all' || key === 'popular') return { subs: state.catalog.subs, all: true };
  if (key === 'mod') {
    const account = state.account(ctx.principal?.user);
    const moderated = account?.moderates === undefined ? state.catalog.subs : account.moderates.flatMap((n) => state.catalog.sub(n) ?? []);
    return account ? { subs: moderated, all: false } : undefined;
  }
  const subs = [...new Set(name.split('+').flatMap((n) => state.catalog.sub(n) ?? []))];
  return subs.length ? { subs, all: false } : undefined;
}
