import { comment, info, vote } from '../things/actions.js';
import { allow } from '../oauth/auth.js';
import { commentsPage, moreChildren } from '../listings/discussion.js';
import { feedRoute } from '../feed/routes.js';
import type { Ctx } from './http.js';
import { notFound } from './http.js';
import { listingRoute } from '../listings/listings.js';
import { unavailableRoute } from '../listings/unavailable.js';
import { leaseEndpoint } from '../media/lease.js';
import { gallerySubmit, mediaSubmit } from '../media/submit.js';
import type { State } from '../state.js';
import { me, meJson, userAbout } from '../things/users.js';

function segments(route: string): string[] {
  return route.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
}

/** API resources; the caller is already known (`ctx.principal`) and counted. */
export function apiRoute(ctx: Ctx, state: State): void {
  state.advance();
  const get = ctx.method === 'GET' || ctx.method === 'HEAD';
  const post = ctx.method === 'POST';
  const parts = segments(ctx.route);
  const [a, b, c] = parts;
  const n = parts.length;
  if (a === 'r' && b !== undefined && unavailableRoute(ctx, b)) return;
  if (feedRoute(ctx, state, parts)) return;

  if (a === 'api') {
    if (get && b === 'v1' && c === 'me' && n === 3) return void (allow(ctx, 'identity', true) && me(ctx, state));
    if (get && b === 'me' && n === 2) return meJson(ctx, state);
    if (get && b === 'info' && n === 2) return void (allow(ctx, 'read', false) && info(ctx, state));
    if (post && b === 'vote' && n === 2) return void (allow(ctx, 'vote', true) && vote(ctx, state));
    if (post && b === 'comment' && n === 2) return void (allow(ctx, 'submit', true) && comment(ctx, state));
    if ((get || post) && b === 'morechildren' && n === 2) return void (allow(ctx, 'read', false) && moreChildren(ctx, state));
    if (post && b === 'media' && c === 'asset' && n === 3) return void (allow(ctx, 'submit', true) && leaseEndpoint(ctx, state));
    if (post && b === 'submit' && n === 2 && mediaSubmit(ctx, state)) return;
    if (post && b === 'submit_gallery_post' && n === 2) return gallerySubmit(ctx, state);
    return notFound(ctx);
  }
  if (get && a === 'user' && b !== undefined && c === 'about' && n === 3) {
    return void (allow(ctx, 'read', false) && userAbout(ctx, state, b));
  }
  // /comments/{article}[/{slug}[/{comment}]] and the same under /r/{subreddit}.
  const at = a === 'r' && c === 'comments' ? 2 : a === 'comments' ? 0 : -1;
  if (get && at >= 0 && n >= at + 2 && n <= at + 4) {
    const article = parts[at + 1] as string;
    const focus = parts[at + 3];
    return void (allow(ctx, 'read', false) && commentsPage(ctx, state, article, focus));
  }
  if (listingRoute(ctx, state, parts)) return;
  notFound(ctx);
}
