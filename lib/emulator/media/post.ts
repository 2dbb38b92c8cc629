import type { Post, Subreddit } from '../things/data.js';
import { livePost } from '../feed/render.js';
import type { State } from '../state.js';
import type { EmulatorMediaPost } from '../types.js';

/**
 * Media posts as the platform lists them: ids of their own (never meeting generated, adopted or
 * feed posts'), the post's fields as the platform shapes an image, a video or a gallery, and the
 * moment it appears: once processed (an image or video; never when processing failed), at once for
 * a gallery. From then on `/api/info`, `/comments/{id}`, `new` listings and the author's
 * `/user/{name}/submitted` show it.
 */
const MEDIA_ID_BASE = 3_000_000_000;
/** The catalog numbers posts from its id base (1,000,000,000): a media post's number follows from its id. */
const CATALOG_ID_BASE = 1_000_000_000;

export function mediaPostId(n: number): string {
  return (MEDIA_ID_BASE + n).toString(36);
}

const host = (url: string | undefined) => (url ? new URL(url).host : '');

/** The fields a listing shows for the media post (as the platform's: post_hint, is_video, gallery_data, ...). */
function mediaFields(state: State, post: EmulatorMediaPost): Record<string, unknown> {
  const f = post.fields;
  const common = {
    is_self: false, selftext: '', over_18: f.nsfw === 'true', spoiler: f.spoiler === 'true', send_replies: f.sendreplies !== 'false',
    link_flair_text: f.flair_text ?? null, link_flair_template_id: f.flair_id ?? null, is_reddit_media_domain: true,
  };
  if (post.kind === 'gallery') {
    const files = (post.items ?? []).map((item) => ({ item, lease: state.media.leases.get(item.mediaId) }));
    const media_metadata = Object.fromEntries(files.map(({ item, lease }) => {
      const file = lease && state.media.files.get(lease.key);
      const url = lease ? `${state.media.storageUrl}/${lease.key}` : '';
      return [item.mediaId, { status: 'valid', e: 'Image', m: file?.type ?? lease?.mimetype ?? 'image/png', id: item.mediaId, s: { u: url } }];
    }));
    const gallery_data = { items: (post.items ?? []).map((item, i) => ({ media_id: item.mediaId, id: i + 1, ...(item.caption && { caption: item.caption }), ...(item.outboundUrl && { outbound_url: item.outboundUrl }) })) };
    return { ...common, is_gallery: true, url: `${state.url}/gallery/${post.id}`, domain: host(state.url), thumbnail: Object.values(media_metadata)[0]?.s.u ?? 'default', gallery_data, media_metadata };
  }
  if (post.kind === 'image') return { ...common, post_hint: 'image', url: post.url, domain: host(post.url), thumbnail: post.url };
  const reddit_video = { fallback_url: post.url, is_gif: post.kind === 'videogif', transcoding_status: 'completed' };
  return {
    ...common, is_video: true, post_hint: 'hosted:video', url: post.url, domain: host(post.url), thumbnail: post.videoPosterUrl ?? 'default',
    media: { reddit_video }, secure_media: { reddit_video },
  };
}

/** The media post joins the catalog and the new-item listings: from now on it is a post like any other. */
export function publishMediaPost(state: State, post: EmulatorMediaPost, sub: Subreddit): Post {
  const created = state.nowSec();
  const g = parseInt(post.id, 36) - CATALOG_ID_BASE;
  const made = livePost(g, post.id, sub, post.author, post.title, '', created);
  Object.assign(made.data, { permalink: new URL(post.permalink).pathname }, mediaFields(state, post));
  state.catalog.register(made);
  state.feed.things.push({ name: post.name, sub, post: made });
  return made;
}
