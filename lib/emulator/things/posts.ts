import type { CommentStore } from './comments.js';
import type { Catalog, Post } from './data.js';
import { NPC_AUTHORS } from './data.js';
import type { CommentTreeShape, CreatedPost, PostSpec } from '../types.js';

const MAX_COMMENTS = 10_000;

function whole(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new TypeError(`emulator: ${name} must be a whole number from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/** A post spec with every default applied (throws TypeError on a bad one, naming the field). */
export function resolvePost(spec: PostSpec): { subreddit?: string; title?: string; shape: Required<CommentTreeShape> } {
  if (!spec || typeof spec !== 'object') throw new TypeError('emulator: a post needs { comments } (a number or a shape)');
  const given: CommentTreeShape = typeof spec.comments === 'number' ? { comments: spec.comments } : spec.comments;
  const comments = whole(given?.comments, 'comments', 0, MAX_COMMENTS, Number.NaN);
  const shape = {
    comments,
    topLevel: whole(given.topLevel, 'topLevel', Math.min(1, comments), Math.max(1, comments), Math.max(1, Math.ceil(comments / 5))),
    branching: whole(given.branching, 'branching', 0, MAX_COMMENTS, 4),
    depth: whole(given.depth, 'depth', 0, MAX_COMMENTS, 12),
    deleted: whole(given.deleted, 'deleted', 0, comments, 0),
  };
  return { subreddit: spec.subreddit, title: spec.title, shape };
}

/** Makes the post and its tree: a self post by a generated author, dated now. */
export function makePost(catalog: Catalog, comments: CommentStore, spec: PostSpec, nowSec: number): CreatedPost {
  const { subreddit, title: given, shape } = resolvePost(spec);
  const sub = subreddit === undefined ? catalog.subs[0] : catalog.sub(subreddit);
  if (!sub) throw new TypeError(`emulator: no subreddit ${subreddit === undefined ? 'to post in' : `named ${subreddit}`}`);
  const post = catalog.adopt((g, id): Post => {
    const title = given ?? `A thread of ${shape.comments} comments`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 40);
    const permalink = `/r/${sub.name}/comments/${id}/${slug}/`;
    const data: Record<string, unknown> = {
      id, name: `t3_${id}`, title, author: NPC_AUTHORS[g % NPC_AUTHORS.length],
      subreddit: sub.name, subreddit_id: `t5_${sub.id}`, subreddit_name_prefixed: `r/${sub.name}`,
      created: nowSec, created_utc: nowSec, permalink, url: `https://www.reddit.com${permalink}`, domain: `self.${sub.name}`,
      is_self: true, selftext: `${shape.comments} comments, ${shape.topLevel} top-level.`, stickied: false, over_18: false,
      locked: false, archived: false, edited: false, distinguished: null, thumbnail: 'self', upvote_ratio: 0.9,
    };
    return { g, sub, i: -1, id, score: 100, created: nowSec, commentCount: shape.comments, stickied: false, data };
  });
  const visible = comments.shape(post, shape);
  return { id: post.id, name: `t3_${post.id}`, subreddit: sub.name, permalink: String(post.data.permalink), comments: visible };
}
