import { allow } from '../oauth/auth.js';
import type { Ctx } from '../server/http.js';
import { bool, json, notFound } from '../server/http.js';
import { pageOf, type Sequence } from '../listings/paging.js';
import { subsOf } from '../listings/subs.js';
import type { State } from '../state.js';
import { listing } from '../things/things.js';

function answer(ctx: Ctx, state: State, seq: Sequence): void {
  const page = pageOf(seq, ctx.params, state.cfg.listingCap);
  json(ctx, 200, listing(page.children, page.after, page.before, ctx.principal?.modhash ?? null));
}

const ids = (value: string | undefined): string[] => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * The new-item listings and the moderation and inbox actions around them: `/comments` and
 * `/r/{sub}/comments`, `/r/{sub}/about/{log,modqueue,unmoderated}` (`{sub}` may be `a+b+c`, `mod`,
 * `all`: lib/emulator/listings/subs.ts), `/message/{inbox,unread}`,
 * `/user/{name}/{submitted,comments}`, `POST /api/{remove,approve,read_message,read_all_messages}`.
 * Answers whether the route was one of them.
 */
export function feedRoute(ctx: Ctx, state: State, parts: string[]): boolean {
  const get = ctx.method === 'GET' || ctx.method === 'HEAD';
  const [a, b, c, d] = parts;
  const n = parts.length;
  const feed = state.feed;
  const view = () => state.view(ctx.principal);
  const user = () => ctx.principal?.user as string;
  if (get && a === 'comments' && n === 1) {
    if (allow(ctx, 'read', false)) answer(ctx, state, feed.listed('t1', view()));
  } else if (get && a === 'message' && (b === 'inbox' || b === 'unread') && n === 2) {
    if (!allow(ctx, 'privatemessages', true)) return true;
    const page = pageOf(feed.inbox(user(), b === 'unread', view()), ctx.params, state.cfg.listingCap);
    if (bool(ctx.params.mark)) feed.markRead(user(), page.children.map((t) => String(t.data.name)));
    json(ctx, 200, listing(page.children, page.after, page.before, ctx.principal?.modhash ?? null));
  } else if (get && a === 'user' && b !== undefined && (c === 'submitted' || c === 'comments') && n === 3) {
    if (allow(ctx, 'history', false)) answer(ctx, state, feed.listed(c === 'submitted' ? 't3' : 't1', view(), undefined, b));
  } else if (ctx.method === 'POST' && a === 'api' && n === 2 && (b === 'read_message' || b === 'read_all_messages')) {
    if (!allow(ctx, 'privatemessages', true)) return true;
    feed.markRead(user(), b === 'read_message' ? ids(ctx.params.id) : 'all');
    json(ctx, 200, {});
  } else if (ctx.method === 'POST' && a === 'api' && n === 2 && (b === 'remove' || b === 'approve')) {
    if (!allow(ctx, 'modposts', true)) return true;
    const id = ctx.params.id ?? '';
    const found = feed.find(id);
    if (!found) return notFound(ctx), true;
    // Only a moderator of the thing's subreddit may act on it (an account's `moderates`, default every one).
    const moderates = state.account(user())?.moderates;
    if (moderates && !moderates.some((name) => name.toLowerCase() === found.post.sub.name.toLowerCase())) {
      return json(ctx, 403, { message: 'Forbidden', error: 403 }), true;
    }
    if (b === 'remove') feed.remove(id, user());
    else feed.approve(id, user());
    json(ctx, 200, {});
  } else if (get && a === 'r' && b !== undefined && c === 'comments' && n === 3) {
    if (!allow(ctx, 'read', false)) return true;
    const found = subsOf(ctx, state, b);
    if (found) answer(ctx, state, feed.listed('t1', view(), found.all ? undefined : found.subs));
    else notFound(ctx);
  } else if (get && a === 'r' && b !== undefined && c === 'about' && n === 4 && (d === 'log' || d === 'modqueue' || d === 'unmoderated')) {
    if (!allow(ctx, d === 'log' ? 'modlog' : 'read', true)) return true;
    const found = subsOf(ctx, state, b);
    if (!found) notFound(ctx);
    else answer(ctx, state, d === 'log' ? feed.modLog(found.subs) : feed.moderation(d, found.subs, view()));
  } else {
    return false;
  }
  return true;
}
