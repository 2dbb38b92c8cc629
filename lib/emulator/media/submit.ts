import { allow } from '../oauth/auth.js';
import type { Ctx } from '../server/http.js';
import { json, jsonErrors } from '../server/http.js';
import type { State } from '../state.js';
import type { EmulatorMediaPost } from '../types.js';
import type { Subreddit } from '../things/data.js';
import { mediaPostId, publishMediaPost } from './post.js';
import type { Lease } from './store.js';

type Triple = [string, string, string | null];
type Kind = EmulatorMediaPost['kind'];

const MEDIA_KINDS = new Set(['image', 'video', 'videogif']);
/** Parameters this module reads; the others are kept on the post as given. */
const READ = new Set(['sr', 'title', 'kind', 'url', 'video_poster_url', 'items', 'api_type', 'raw_json', 'uh']);

/** A file named `fail...` (`fail.png`, `failing-clip.mp4`) fails processing: the websocket says so. */
const failsProcessing = (lease: Lease) => /^fail/i.test(lease.filepath.split(/[\\/]/).pop() ?? '');

function common(ctx: Ctx, state: State): { errors: Triple[]; sub?: Subreddit } {
  const { sr, title } = ctx.params;
  const errors: Triple[] = [];
  const sub = sr ? state.catalog.sub(sr) : undefined;
  if (!sr) errors.push(['SUBREDDIT_REQUIRED', 'you must specify a subreddit', 'sr']);
  else if (!sub) errors.push(['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']);
  if (!title?.trim()) errors.push(['NO_TEXT', 'we need something here', 'title']);
  else if (title.length > 300) errors.push(['TOO_LONG', 'this is too long (max: 300)', 'title']);
  return { errors, sub };
}

function create(ctx: Ctx, state: State, kind: Kind, sr: string, extra: Partial<EmulatorMediaPost>, failed: boolean): EmulatorMediaPost {
  const posts = state.media.posts;
  const id = mediaPostId(posts.length);
  const title = ctx.params.title as string;
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 40);
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.params)) if (!READ.has(k)) fields[k] = v;
  const post: EmulatorMediaPost = {
    id, name: `t3_${id}`, kind, sr, title, author: ctx.principal?.user as string,
    permalink: `${state.url}/r/${sr}/comments/${id}/${slug}/`, fields, failed, ...extra,
  };
  posts.push(post);
  return post;
}

/**
 * `POST /api/submit` with `kind` image, video or videogif; false (not answered) for other kinds.
 * The file must have been uploaded to the storage host; the result comes on the asset's websocket
 * after `mediaDelay` ms.
 */
export function mediaSubmit(ctx: Ctx, state: State): boolean {
  const { kind, url, video_poster_url: poster } = ctx.params;
  if (!kind || !MEDIA_KINDS.has(kind)) return false;
  if (!allow(ctx, 'submit', true)) return true;
  const { errors, sub } = common(ctx, state);
  const media = state.media;
  const file = url ? media.fileAt(url) : undefined;
  const wanted = kind === 'image' ? 'image/' : 'video/';
  if (!file || !file.type.startsWith(wanted)) errors.push(['BAD_URL', `url must be ${kind === 'image' ? 'an image' : 'a video'} uploaded through /api/media/asset.json`, 'url']);
  const posterFile = poster ? media.fileAt(poster) : undefined;
  if (kind !== 'image' && !posterFile?.type.startsWith('image/')) {
    errors.push(['BAD_URL', 'a video post needs video_poster_url: an image uploaded through /api/media/asset.json', 'video_poster_url']);
  }
  if (errors.length || !file || !sub) {
    jsonErrors(ctx, errors);
    return true;
  }
  const failed = failsProcessing(file.lease);
  const post = create(ctx, state, kind as Kind, sub.name, { url, ...(poster && { videoPosterUrl: poster }) }, failed);
  const assetId = file.lease.assetId;
  // Processed: the post exists (listed, found by id) and its websocket says where; a failed one never appears.
  state.later(state.cfg.mediaDelay, () => {
    if (failed) return media.publish(assetId, { type: 'failed', payload: { message: `processing of ${file.lease.filepath} failed (the emulator fails files named fail*)` } });
    publishMediaPost(state, post, sub);
    media.publish(assetId, { type: 'success', payload: { redirect: post.permalink } });
  });
  json(ctx, 200, { json: { errors: [], data: { user_submitted_page: `${state.url}/user/${post.author}/submitted/`, websocket_url: media.websocketUrl(file.lease) } } });
  return true;
}

/** `POST /api/submit_gallery_post.json`, a JSON body: `{sr, title, items: [{media_id, caption, outbound_url}], ...}`. */
export function gallerySubmit(ctx: Ctx, state: State): void {
  if (!allow(ctx, 'submit', true)) return;
  const { errors, sub } = common(ctx, state);
  let items: Array<{ media_id?: unknown; caption?: unknown; outbound_url?: unknown }> = [];
  try {
    items = JSON.parse(ctx.params.items ?? '[]');
  } catch {
    // reported below as a bad item list
  }
  if (!Array.isArray(items) || items.length < 2 || items.length > 20) errors.push(['BAD_GALLERY', 'a gallery takes 2 to 20 items', 'items']);
  const list = Array.isArray(items) ? items : [];
  list.forEach((item, i) => {
    const lease = typeof item?.media_id === 'string' ? state.media.leases.get(item.media_id) : undefined;
    const file = lease && state.media.files.get(lease.key);
    if (!file?.type.startsWith('image/')) errors.push(['BAD_GALLERY_ITEM', `items[${i}].media_id must be an image uploaded through /api/media/asset.json`, 'items']);
    if (typeof item?.caption === 'string' && item.caption.length > 180) errors.push(['TOO_LONG', `items[${i}].caption is too long (max: 180)`, 'items']);
    if (typeof item?.outbound_url === 'string' && item.outbound_url && !/^https?:\/\//.test(item.outbound_url)) errors.push(['BAD_URL', `items[${i}].outbound_url must be an http(s) URL`, 'items']);
  });
  if (errors.length || !sub) return jsonErrors(ctx, errors);
  const post = create(ctx, state, 'gallery', sub.name, {
    items: list.map((item) => ({ mediaId: String(item.media_id), caption: String(item.caption ?? ''), outboundUrl: String(item.outbound_url ?? '') })),
  }, false);
  // A gallery needs no processing: it is a post at once, and its answer says where.
  publishMediaPost(state, post, sub);
  json(ctx, 200, { json: { errors: [], data: { url: post.permalink, id: post.name } } });
}
