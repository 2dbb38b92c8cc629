import type { Ctx } from '../server/http.js';
import { bool, json, jsonErrors, notFound } from '../server/http.js';
import type { State } from '../state.js';
import { listing, renderPost } from '../things/things.js';
import { flatChildren, renderTree } from './tree.js';

function clampInt(value: string | undefined, fallback: number, max: number): number {
  const n = Math.floor(Number(value));
  return value && Number.isFinite(n) ? Math.min(max, Math.max(1, n)) : fallback;
}

/**
 * `GET /comments/{article}[/{slug}[/{comment}]]`, or `?comment={id}`: `[post listing, comment tree]`.
 * A comment's own page (its subtree) counts depth from it, as the platform's do.
 */
export function commentsPage(ctx: Ctx, state: State, article: string, focus: string | undefined): void {
  const post = state.catalog.postById(article);
  if (!post) return notFound(ctx);
  const tree = state.comments.tree(post);
  const p = ctx.params;
  const opts = { limit: clampInt(p.limit, 200, 500), depth: clampInt(p.depth, 10, 10), sort: p.sort ?? 'confidence' };
  let roots = tree.top;
  let parent = `t3_${post.id}`;
  let base = 0;
  focus ??= p.comment || undefined;
  if (focus) {
    const c = state.comments.byId(focus);
    if (c?.post !== post) return notFound(ctx);
    roots = [c.id];
    parent = c.parent;
    base = c.depth;
  }
  const view = state.view(ctx.principal);
  json(ctx, 200, [listing([renderPost(post, view)]), renderTree(tree, roots, parent, opts, view, state.comments, base)]);
}

/**
 * `POST|GET /api/morechildren`. The platform serves one call at a time per user; the lock is
 * held for `moreChildrenDelay` ms so a concurrent call can actually meet it (and get 429).
 */
export function moreChildren(ctx: Ctx, state: State): void {
  const p = ctx.params;
  const principal = ctx.principal;
  const key = principal?.user ?? principal?.clientId ?? `a:${ctx.req.socket.remoteAddress ?? ''}`;
  // A call of the account in progress, or one made to look so (emu.inject('moreChildrenBusy')).
  if (state.moreLocks.has(key) || state.faults.use('moreChildrenBusy')) return json(ctx, 429, { message: 'Too Many Requests', error: 429 });
  const post = p.link_id?.startsWith('t3_') ? state.catalog.postById(p.link_id.slice(3)) : undefined;
  if (!post) return jsonErrors(ctx, [['NO_THING_ID', 'that thing does not exist', 'link_id']]);
  const tree = state.comments.tree(post);
  const ids = (p.children ?? '').split(',').map((s) => s.trim()).filter((id) => tree.byId.get(id)?.post === post);
  const depth = clampInt(p.depth, 10, 10);
  const things = flatChildren(tree, ids, depth, bool(p.limit_children), p.sort ?? 'confidence', state.view(principal));
  const answer = () => json(ctx, 200, { json: { errors: [], data: { things } } });
  if (state.cfg.moreChildrenDelay <= 0) return answer();
  state.moreLocks.add(key);
  state.later(state.cfg.moreChildrenDelay, () => {
    state.moreLocks.delete(key);
    answer();
  });
}
