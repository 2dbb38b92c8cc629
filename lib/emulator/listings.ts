import { allow } from './auth.js';
import type { Sort, Subreddit } from './data.js';
import type { Ctx } from './http.js';
import { json, redirect } from './http.js';
import type { State } from './state.js';
import type { Thing } from './things.js';
import { listing, renderPost } from './things.js';

/** `limit` as the platform reads it: default 25, clamped to 1..100. */
export function pageSize(value: string | undefined): number {
  const n = value === undefined || value === '' ? 25 : Math.floor(Number(value));
  return Number.isFinite(n) ? Math.min(100, Math.max(1, n)) : 25;
}

function modhash(ctx: Ctx): string | null {
  return ctx.principal?.modhash ?? null;
}

/**
 * One page of a post listing. Orders are computed once per subreddit and sort, and each
 * `after`/`before` is found through a position index, so a page costs O(limit).
 * Unlike the platform, listings do not stop at 1000 items, and `before` is set on every page
 * but the first (the platform sets it only when `count` is given).
 */
export function postListing(ctx: Ctx, state: State, sub: Subreddit | undefined, sort: Sort): void {
  const order = state.catalog.order(sub, sort);
  const n = order.ids.length;
  const p = ctx.params;
  const limit = pageSize(p.limit);
  const positionOf = (fullname: string): number | undefined => {
    const post = fullname.startsWith('t3_') ? state.catalog.postById(fullname.slice(3)) : undefined;
    const k = post ? post.g - order.offset : -1;
    return k >= 0 && k < n ? order.pos[k] : undefined;
  };
  let start = 0;
  let end = Math.min(n, limit);
  if (p.after || p.before) {
    const at = positionOf((p.after || p.before) as string);
    if (at === undefined) return json(ctx, 200, listing([], null, null, modhash(ctx)));
    if (p.after) {
      start = at + 1;
      end = Math.min(n, start + limit);
    } else {
      end = at;
      start = Math.max(0, end - limit);
    }
  }
  const view = state.view(ctx.principal);
  const children: Thing[] = [];
  for (let k = start; k < end; k++) children.push(renderPost(state.catalog.post(order.ids[k] as number)!, view));
  const nameAt = (k: number) => `t3_${state.catalog.post(order.ids[k] as number)!.id}`;
  const after = end < n && end > start ? nameAt(end - 1) : null;
  const before = start > 0 && end > start ? nameAt(start) : null;
  json(ctx, 200, listing(children, after, before, modhash(ctx)));
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

/** Routes `/`, `/hot|new|top`, `/r/{sub}[/hot|new|top|about]` and `/subreddits/search`. */
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
  const sub = state.catalog.sub(name);
  if (!sub) {
    // The platform sends unknown subreddits to its search page.
    redirect(ctx, `${state.url}/subreddits/search?q=${encodeURIComponent(name)}`);
    return true;
  }
  if (what === 'about') json(ctx, 200, aboutSub(sub));
  else postListing(ctx, state, sub, (what ?? 'hot') as Sort);
  return true;
}
