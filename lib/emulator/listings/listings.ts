import { allow } from '../oauth/auth.js';
import type { Sort, Subreddit } from '../things/data.js';
import type { Ctx } from '../server/http.js';
import { json, redirect } from '../server/http.js';
import { concat, pageOf, type Sequence } from './paging.js';
import { subsOf } from './subs.js';
import type { State } from '../state.js';
import type { Thing, View } from '../things/things.js';
import { listing, renderPost } from '../things/things.js';

function modhash(ctx: Ctx): string | null {
  return ctx.principal?.modhash ?? null;
}

/** The generated posts of subreddits (or the front page) in one sort; removed ones hidden. */
function generated(state: State, subs: readonly Subreddit[] | undefined, sort: Sort, view: View): Sequence {
  const order = state.catalog.order(subs, sort);
  const n = order.ids.length;
  const postAt = (k: number) => state.catalog.post(order.ids[k] as number)!;
  return {
    length: n,
    at: (k) => {
      const post = postAt(k);
      return state.feed.removed.has(`t3_${post.id}`) ? undefined : renderPost(post, view);
    },
    nameAt: (k) => `t3_${postAt(k).id}`,
    indexOf: (fullname) => {
      const post = fullname.startsWith('t3_') ? state.catalog.postById(fullname.slice(3)) : undefined;
      const k = post ? post.g - order.offset : -1;
      const at = k >= 0 && k < order.pos.length ? (order.pos[k] as number) : -1;
      return at >= 0 ? at : undefined;
    },
  };
}

/**
 * One page of a post listing. Orders are computed once per subreddit and sort, and each
 * `after`/`before` is found through a position index, so a page costs O(limit). `new` lists the
 * posts made while the emulator runs first. Unlike the platform, listings do not stop at 1000
 * items unless `listingCap` says so.
 */
export function postListing(ctx: Ctx, state: State, subs: readonly Subreddit[] | undefined, sort: Sort): void {
  const view = state.view(ctx.principal);
  const seq = sort === 'new' ? concat(state.feed.listed('t3', view, subs), generated(state, subs, sort, view)) : generated(state, subs, sort, view);
  const page = pageOf(seq, ctx.params, state.cfg.listingCap);
  json(ctx, 200, listing(page.children, page.after, page.before, modhash(ctx)));
}

function aboutSub(sub: Subreddit): Thing {
  return {
    kind: 't5',
    data: {
      id: sub.id, name: `t5_${sub.id}`, display_name: sub.name, display_name_prefixed: `r/${sub.name}`,
      title: `r/${sub.name}: news & views`, public_description: `Everything about ${sub.name} <3`,
      subscribers: 1000 + sub.count * 37, created_utc: 1_300_000_000, url: `/r/${sub.name}/`,
      over18: false, subreddit_type: 'public', lang: 'en',
    },
  };
}

/**
 * Routes `/`, `/hot|new|top`, `/r/{sub}[/hot|new|top|about]` and `/subreddits/search`. `{sub}` may
 * be `a+b+c` (merged, as the platform does), `mod` (what the caller moderates), `all` or `popular`.
 */
export function listingRoute(ctx: Ctx, state: State, parts: string[]): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  const [first, name, what, ...rest] = parts;
  if (parts.length <= 1 && (first === undefined || first === 'hot' || first === 'new' || first === 'top')) {
    if (allow(ctx, 'read', false)) postListing(ctx, state, undefined, (first ?? 'hot') as Sort);
    return true;
  }
  if (first === 'subreddits' && name === 'search' && parts.length === 2) {
    if (!allow(ctx, 'read', false)) return true;
    const q = (ctx.params.q ?? '').toLowerCase();
    const found = state.catalog.subs.filter((s) => q !== '' && s.name.toLowerCase().includes(q));
    json(ctx, 200, listing(found.map((s) => aboutSub(s))));
    return true;
  }
  if (first !== 'r' || name === undefined || rest.length > 0) return false;
  if (what !== undefined && what !== 'hot' && what !== 'new' && what !== 'top' && what !== 'about') return false;
  if (!allow(ctx, 'read', false)) return true;
  const found = subsOf(ctx, state, name);
  const one = state.catalog.sub(name);
  if (!found || (what === 'about' && !one)) {
    // The platform sends unknown subreddits to its search page.
    redirect(ctx, `${state.url}/subreddits/search?q=${encodeURIComponent(name)}`);
    return true;
  }
  if (what === 'about') json(ctx, 200, aboutSub(one!));
  else postListing(ctx, state, found.all ? undefined : found.subs, (what ?? 'hot') as Sort);
  return true;
}
