import type { Comment } from '../things/comments.js';
import type { Post, Subreddit } from '../things/data.js';
import type { Thing, View } from '../things/things.js';
import { renderComment } from '../things/things.js';

/** A private message or an inbox notice of a reply. */
export interface Mail {
  id: string;
  /** Account it was sent to (as written in the accounts list). */
  to: string;
  from: string;
  subject: string;
  body: string;
  created: number;
  unread: boolean;
  /** For a reply notice: the comment that answered the account. */
  reply?: Comment;
}

/** A mod log entry. */
export interface ModEntry {
  id: string;
  sub: Subreddit;
  action: string;
  mod: string;
  created: number;
  details: string | null;
  target?: { name: string; author: string; title?: string; body?: string; permalink?: string };
}

/** A comment as subreddit-wide comment listings show it (with its link's title). */
export function renderListedComment(c: Comment, view: View): Thing {
  const thing = renderComment(c, view);
  Object.assign(thing.data, { link_title: c.post.data.title, link_author: c.post.data.author, link_permalink: c.post.data.permalink });
  return thing;
}

export function renderMail(m: Mail, view: View): Thing {
  if (m.reply) {
    const c = m.reply;
    const thing = renderListedComment(c, view);
    const toPost = c.parent.startsWith('t3_');
    Object.assign(thing.data, {
      new: m.unread, was_comment: true, dest: m.to, subject: toPost ? 'post reply' : 'comment reply',
      type: toPost ? 'post_reply' : 'comment_reply', context: `${String(c.post.data.permalink)}${c.id}/?context=3`,
    });
    return thing;
  }
  return {
    kind: 't4',
    data: {
      id: m.id, name: `t4_${m.id}`, author: m.from, dest: m.to, subject: m.subject, body: m.body,
      created: m.created, created_utc: m.created, new: m.unread, was_comment: false, first_message: null,
      first_message_name: null, parent_id: null, context: '', subreddit: null, distinguished: null, replies: '',
    },
  };
}

export function renderModEntry(e: ModEntry): Thing {
  return {
    kind: 'modaction',
    data: {
      id: e.id, action: e.action, mod: e.mod, mod_id36: e.mod.length.toString(36), created_utc: e.created,
      subreddit: e.sub.name, subreddit_name_prefixed: `r/${e.sub.name}`, sr_id36: e.sub.id, details: e.details,
      description: null, target_fullname: e.target?.name ?? null, target_author: e.target?.author ?? null,
      target_title: e.target?.title ?? null, target_body: e.target?.body ?? null, target_permalink: e.target?.permalink ?? null,
    },
  };
}

/** A post made while the emulator runs, shaped like the generated ones. */
export function livePost(g: number, id: string, sub: Subreddit, author: string, title: string, body: string, created: number): Post {
  const permalink = `/r/${sub.name}/comments/${id}/${title.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 40)}/`;
  const data: Record<string, unknown> = {
    id, name: `t3_${id}`, title, author, subreddit: sub.name, subreddit_id: `t5_${sub.id}`, subreddit_name_prefixed: `r/${sub.name}`,
    created, created_utc: created, permalink, url: `https://www.reddit.com${permalink}`, domain: `self.${sub.name}`, is_self: true,
    selftext: body, stickied: false, over_18: false, locked: false, archived: false, edited: false, distinguished: null,
    thumbnail: 'self', upvote_ratio: 1,
  };
  return { g, sub, i: -1, id, score: 1, created, commentCount: 0, stickied: false, data };
}
