// Listing pages shaped as the platform sends them: every post carries the platform's full field set
// (about 105 fields, nested flair, awards, media and preview objects), not the emulator's 25. The
// listing walk is measured on these, since a client's per-page and per-item work shows only on
// pages of real weight (docs/performance.md, "Listing walk").
import { createHash } from 'node:crypto';

const WORDS = ['garden', 'rust', 'coffee', 'river', 'photo', 'build', 'station', 'engine', 'maple', 'harbor', 'signal', 'lantern',
  'the', 'a', 'of', 'and', 'to', 'in', 'is', 'it', 'that', 'was', 'for', 'on', 'with', 'as', 'this', 'my', 'but', 'they',
  'weekend', 'project', 'finally', 'first', 'question', 'anyone', 'help', 'update', 'review', 'thanks', 'found', 'today'];
/** `n` words drawn for post `i` (text that compresses as prose does, not as a repeated sentence). */
const words = (i, salt, n) => Array.from({ length: n }, (_, k) => pick(WORDS, r(i, `${salt}.${k}`))).join(' ');
/** A hex string drawn for post `i`, as the platform's preview signatures and ids are. */
const hex = (i, salt) => createHash('sha1').update(`${i}/${salt}`).digest('hex');
const AUTHORS = ['rustacean42', 'night_owl', 'ferris_fan', 'quiet_reader', 'mod_helper', 'pixel_pusher'];

/** A stable pseudo-random number in [0, 1) for post `i` and `salt`. */
const r = (i, salt) => createHash('sha1').update(`${i}:${salt}`).digest().readUInt32BE(0) / 2 ** 32;
const pick = (list, x) => list[Math.floor(x * list.length)];

/** One post of r/`sub` as the platform renders it in a listing (raw_json=1: no entity escaping). */
export function platformPost(sub, i, now) {
  const id = (2_000_000_000 + i).toString(36);
  const isSelf = r(i, 1) < 0.4;
  const title = `${words(i, 2, 3 + Math.floor(r(i, 3) * 9))}${i % 3 === 0 ? ' & more' : ''} #${i}`;
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 40);
  const permalink = `/r/${sub}/comments/${id}/${slug}/`;
  const created = now - i * 37;
  const score = Math.floor(r(i, 4) ** 3 * 20_000);
  const author = pick(AUTHORS, r(i, 5));
  const selftext = isSelf ? `Post ${i} of r/${sub}. Tips & tricks: x < y and y > z, use <code> & "quotes". ${words(i, 6, Math.floor(r(i, 6) * 60))}.` : '';
  const image = `https://i.example.com/${id}.jpg`;
  const preview = isSelf ? undefined : {
    images: [{
      source: { url: `https://preview.example.com/${hex(i, 'p')}.jpg?auto=webp&s=${hex(i, 's')}`, width: 1080, height: 1350 },
      resolutions: [108, 216, 320, 640, 960].map((w) => ({ url: `https://preview.example.com/${hex(i, 'p')}.jpg?width=${w}&crop=smart&auto=webp&s=${hex(i, w)}`, width: w, height: Math.round(w * 1.25) })),
      variants: {},
      id: hex(i, 'id').slice(0, 43),
    }],
    enabled: true,
  };
  return {
    kind: 't3',
    data: {
      approved_at_utc: null, subreddit: sub, selftext, author_fullname: `t2_${hex(i, 'a').slice(0, 8)}`, saved: false, mod_reason_title: null, gilded: 0,
      clicked: false, title, link_flair_richtext: i % 4 ? [] : [{ e: 'text', t: 'Discussion' }], subreddit_name_prefixed: `r/${sub}`, hidden: false, pwls: 6,
      link_flair_css_class: i % 4 ? null : 'discussion', downs: 0, thumbnail_height: isSelf ? null : 140, top_awarded_type: null, hide_score: false,
      name: `t3_${id}`, quarantine: false, link_flair_text_color: 'dark', upvote_ratio: Math.round((0.7 + r(i, 7) * 0.3) * 100) / 100,
      author_flair_background_color: null, subreddit_type: 'public', ups: score, total_awards_received: 0, media_embed: {},
      thumbnail_width: isSelf ? null : 140, author_flair_template_id: null, is_original_content: false, user_reports: [], secure_media: null,
      is_reddit_media_domain: !isSelf, is_meta: false, category: null, secure_media_embed: {}, link_flair_text: i % 4 ? null : 'Discussion',
      can_mod_post: false, score, approved_by: null, is_created_from_ads_ui: false, author_premium: false,
      thumbnail: isSelf ? 'self' : `https://b.thumbs.example.com/${id}.jpg`, edited: false, author_flair_css_class: null, author_flair_richtext: [],
      gildings: {}, post_hint: isSelf ? undefined : 'image', content_categories: null, is_self: isSelf, mod_note: null, created,
      link_flair_type: i % 4 ? 'text' : 'richtext', wls: 6, removed_by_category: null, banned_by: null, author_flair_type: 'text',
      domain: isSelf ? `self.${sub}` : 'i.example.com', allow_live_comments: false,
      selftext_html: isSelf ? `<!-- SC_OFF --><div class="md"><p>${selftext.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>\n</div><!-- SC_ON -->` : null,
      likes: null, suggested_sort: null, banned_at_utc: null, url_overridden_by_dest: isSelf ? undefined : image, view_count: null, archived: false,
      no_follow: score < 10, is_crosspostable: true, pinned: false, over_18: false, preview, all_awardings: [], awarders: [], media_only: false,
      can_gild: false, spoiler: false, locked: false, author_flair_text: null, treatment_tags: [], visited: false, removed_by: null,
      num_reports: null, distinguished: null, subreddit_id: 't5_2qh1i', author_is_blocked: false, mod_reason_by: null, removal_reason: null,
      link_flair_background_color: '', id, is_robot_indexable: true, report_reasons: null, author, discussion_type: null,
      num_comments: Math.floor(r(i, 8) ** 2 * 400), send_replies: true, contest_mode: false, mod_reports: [], author_patreon_flair: false,
      author_flair_text_color: null, permalink, stickied: false, url: isSelf ? `https://www.reddit.com${permalink}` : image,
      subreddit_subscribers: 1_234_567, created_utc: created, num_crossposts: 0, media: null, is_video: false,
    },
  };
}

/**
 * The pages of a listing of `items` posts, `perPage` a page, as JSON text: `pages[k]` is the page
 * after `after[k]` (`null` for the first).
 */
export function platformPages(sub, items, perPage = 100, now = 1_750_000_000) {
  const pages = new Map();
  for (let start = 0; start < items; start += perPage) {
    const children = [];
    for (let i = start; i < Math.min(items, start + perPage); i++) children.push(platformPost(sub, i, now));
    const before = start === 0 ? null : children[0].data.name;
    const after = start + perPage < items ? children[children.length - 1].data.name : null;
    const prev = start === 0 ? null : platformPost(sub, start - 1, now).data.name;
    pages.set(prev, JSON.stringify({ kind: 'Listing', data: { after, dist: children.length, modhash: null, geo_filter: '', children, before } }));
  }
  return pages;
}
