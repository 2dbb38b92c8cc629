import type { Comment } from './comments.js';
import type { Post } from './data.js';
import { asGone } from '../feed/gone.js';
import type { Ctx } from '../server/http.js';
import { json, jsonErrors } from '../server/http.js';
import type { State } from '../state.js';
import type { Thing } from './things.js';
import { listing, renderComment, renderPost } from './things.js';

export type Found = { post: Post; comment?: Comment };

/** A post (`t3_`) or comment (`t1_`) by fullname. */
export function findThing(state: State, fullname: string): Found | undefined {
  const id = fullname.slice(3);
  if (fullname.startsWith('t3_')) {
    const post = state.catalog.postById(id);
    return post && { post };
  }
  if (fullname.startsWith('t1_')) {
    const comment = state.comments.byId(id);
    return comment && { post: comment.post, comment };
  }
  return undefined;
}

function badRequest(ctx: Ctx, field: string, reason: string, explanation: string): void {
  json(ctx, 400, { fields: [field], explanation, message: 'Bad Request', reason });
}

/** `POST /api/vote`: `id` (fullname), `dir` 1, 0 or -1. */
export function vote(ctx: Ctx, state: State): void {
  const { id, dir } = ctx.params;
  if (dir !== '1' && dir !== '0' && dir !== '-1') return badRequest(ctx, 'dir', 'INVALID_OPTION', 'that is not a valid option');
  if (!id || !findThing(state, id)) return badRequest(ctx, 'id', 'INVALID_THING_ID', 'that thing does not exist');
  state.votes.cast(ctx.principal?.user as string, id, Number(dir));
  json(ctx, 200, {});
}

/** `GET /api/info?id=t3_a,t1_b`: the things found, in the order asked; deleted and removed ones marked so. */
export function info(ctx: Ctx, state: State): void {
  const view = state.view(ctx.principal);
  const things: Thing[] = [];
  for (const name of (ctx.params.id ?? '').split(',').slice(0, 100)) {
    const found = findThing(state, name.trim());
    if (found) things.push(asGone(found.comment ? renderComment(found.comment, view) : renderPost(found.post, view), state.feed));
  }
  json(ctx, 200, listing(things));
}

/** `POST /api/comment`: `thing_id` (post or comment), `text`. */
export function comment(ctx: Ctx, state: State): void {
  const { thing_id: parent, text } = ctx.params;
  if (!text || !text.trim()) return jsonErrors(ctx, [['NO_TEXT', 'we need something here', 'text']]);
  const found = parent ? findThing(state, parent) : undefined;
  if (!found) return jsonErrors(ctx, [['INVALID_THING', "that thing doesn't exist", 'parent']]);
  const c = state.comments.add(found.post, found.comment, ctx.principal?.user as string, text, state.nowSec());
  state.feed.noteComment(c);
  json(ctx, 200, { json: { errors: [], data: { things: [renderComment(c, state.view(ctx.principal))] } } });
}

