import { ArgumentError } from '../errors/classes.js';
import type { BodyType } from '../request/encode.js';
import type { Args } from '../request/path.js';
import { checkGallery, type Expected } from './limits.js';
import type { MediaAsset, MediaLimits, MediaPostInput, MediaSource } from './types.js';

/** One file a post needs: where it comes from, what it must be, and how messages name it. */
export interface PlannedFile {
  source: MediaSource;
  name?: string | undefined;
  type?: string | undefined;
  expected: Expected;
  what: string;
}

const KINDS = new Set(['image', 'video', 'videogif', 'gallery']);
/** Fields of the input that are not the platform's submit fields (or that this module sets itself). */
const OWN = new Set(['kind', 'file', 'files', 'poster', 'name', 'type', 'extra', 'sr', 'title', 'url', 'video_poster_url', 'items', 'api_type']);

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Check a post's shape, before anything is read or sent, and list the files it needs: the main file first. */
export function planPost(post: MediaPostInput, limits: MediaLimits): PlannedFile[] {
  if (!post || typeof post !== 'object') throw new ArgumentError("submitMedia(post) takes an object such as { sr: 'pics', title: 'A cat', kind: 'image', file }.");
  const { kind } = post;
  if (!KINDS.has(kind)) throw new ArgumentError(`post.kind must be 'image', 'video', 'videogif' or 'gallery', got ${JSON.stringify(kind)}.`);
  if (!text(post.sr)) throw new ArgumentError("post.sr must name the subreddit to post to, such as 'pics'.");
  if (!text(post.title)) throw new ArgumentError('post.title must be a non-empty string.');
  if (post.kind === 'gallery') {
    if (!Array.isArray(post.files)) throw new ArgumentError('A gallery post takes files: [{ file, caption?, outboundUrl? }, ...].');
    checkGallery(post.files.length, limits);
    return post.files.map((item, i) => {
      if (!item || typeof item !== 'object' || item.file == null) throw new ArgumentError(`files[${i}] must be { file, caption?, outboundUrl? }.`);
      return { source: item.file, name: item.name, type: item.type, expected: 'image', what: `files[${i}]` };
    });
  }
  if (post.file == null) throw new ArgumentError(`A ${kind} post takes a file: bytes, a Blob or File, a stream, a path (Node) or an uploadMedia() result.`);
  const main: PlannedFile = { source: post.file, name: post.name, type: post.type, expected: kind === 'image' ? 'image' : 'video', what: 'file' };
  if (post.kind === 'image') return [main];
  return [main, { source: post.poster ?? DEFAULT_POSTER, expected: 'image', what: 'poster' }];
}

/** The platform's other submit fields, as the caller gave them (`extra` last). */
function passThrough(post: MediaPostInput): Args {
  const args: Args = {};
  for (const [key, value] of Object.entries(post)) if (!OWN.has(key) && value !== undefined) args[key] = value;
  return { ...args, ...post.extra };
}

/** A subreddit's name as given, `r/` and spaces taken off. */
export const subredditName = (sr: string): string => sr.trim().replace(/^\/?r\//i, '');

export interface SubmitRequest {
  path: string;
  args: Args;
  bodyType?: BodyType;
}

/**
 * The request that makes the post, once its files are uploaded (in `planPost`'s order): `/api/submit`
 * with the file's URL for images and videos (the poster's as `video_poster_url`), or the JSON
 * gallery endpoint with the assets' ids.
 */
export function submitRequest(post: MediaPostInput, files: ReadonlyArray<Pick<MediaAsset, 'assetId' | 'url'>>): SubmitRequest {
  const common = { sr: subredditName(post.sr), title: post.title, ...passThrough(post) };
  if (post.kind === 'gallery') {
    const items = post.files.map((item, i) => ({ media_id: files[i]!.assetId, caption: item.caption ?? '', outbound_url: item.outboundUrl ?? '' }));
    // This endpoint reads a JSON body, api_type included (in the body, not the query).
    return { path: '/api/submit_gallery_post.json', args: { ...common, items, api_type: 'json' }, bodyType: 'json' };
  }
  const args: Args = { ...common, kind: post.kind, url: files[0]!.url };
  if (post.kind !== 'image') args.video_poster_url = files[1]!.url;
  return { path: '/api/submit', args };
}

/** The post's URL and id from the gallery endpoint's answer (`{json: {data: {url, id}}}`). */
export function galleryAnswer(body: unknown): { url?: string; id?: string; name?: string } {
  const data = (body as { json?: { data?: { url?: unknown; id?: unknown } } } | null)?.json?.data;
  const url = typeof data?.url === 'string' ? data.url : undefined;
  const raw = typeof data?.id === 'string' ? data.id : undefined;
  if (!raw) return { url };
  const id = raw.replace(/^t3_/, '');
  return { url, id, name: `t3_${id}` };
}

/**
 * The poster of a video posted without one: the platform needs an image for `video_poster_url`
 * (shown until the video is processed). A 16x9 grey PNG, 72 bytes.
 */
const DEFAULT_POSTER: MediaSource = {
  file: Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAAAAAAeQfPuAAAAD0lEQVR42mNoQAMMg0QAAIXUSAG1CN3UAAAAAElFTkSuQmCC'), (c) => c.charCodeAt(0)),
  name: 'poster.png',
  type: 'image/png',
};
