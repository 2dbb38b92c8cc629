import type { Comment } from '../things/comments.js';
import type { Post, Subreddit } from '../things/data.js';
import { livePost, type Mail, type ModEntry, renderListedComment, renderMail, renderModEntry } from './render.js';
import type { FeedState } from './state.js';
import type { Sequence } from '../listings/paging.js';
import type { Thing, View } from '../things/things.js';
import { renderPost } from '../things/things.js';

/** Posts made while the emulator runs are numbered from here (their ids never meet generated ones). */
const LIVE_POST_G = 500_000_000;
const MAIL_ID_BASE = 3_000_000_000;
/** Items kept per list; older ones leave the listings (the platform's own listings stop at ~1000). */
export const KEEP = 20_000;

/** A post or comment made while the emulator runs. */
export interface Entry {
  name: string;
  sub: Subreddit;
  post: Post;
  comment?: Comment;
}

const lower = (s: string) => s.toLowerCase();

/** Newest first, the items of `list` (oldest first) that `match`; hidden ones keep their place. */
function sequence<T>(list: readonly T[], match: (x: T) => boolean, show: (x: T) => Thing | undefined, key: (x: T) => string, alias?: (x: T) => string): Sequence {
  const xs: T[] = [];
  for (let i = list.length - 1; i >= 0; i--) if (match(list[i] as T)) xs.push(list[i] as T);
  return {
    length: xs.length,
    at: (k) => show(xs[k] as T),
    nameAt: (k) => key(xs[k] as T),
    indexOf: (name) => {
      const k = xs.findIndex((x) => key(x) === name || alias?.(x) === name);
      return k < 0 ? undefined : k;
    },
  };
}

function trim<T>(list: T[]): void {
  if (list.length > KEEP) list.splice(0, list.length - KEEP);
}

/**
 * What happens on the emulated platform while it runs: new posts and comments (from the feed
 * generator, `emu.addItems()` or `/api/comment`), removals, the mod queue, the mod log and inboxes.
 */
export class Feed {
  readonly things: Entry[] = [];
  readonly mail: Mail[] = [];
  readonly log: ModEntry[] = [];
  /** Removed or deleted posts and comments (generated ones too): gone from every listing. */
  readonly removed = new Set<string>();
  /** Those of `removed` their authors deleted (no moderator involved). */
  readonly deleted = new Set<string>();
  readonly reported = new Set<string>();
  readonly approved = new Set<string>();
  #posts = 0;
  #mails = 0;
  #actions = 0;

  constructor(private readonly state: FeedState) {}

  addPost(sub: Subreddit, author: string, title: string, body: string, created: number): Entry {
    const g = LIVE_POST_G + this.#posts++;
    const post = livePost(g, (1_000_000_000 + g).toString(36), sub, author, title, body, created);
    this.state.catalog.register(post);
    const entry: Entry = { name: `t3_${post.id}`, sub, post };
    this.things.push(entry);
    trim(this.things);
    return entry;
  }

  addComment(post: Post, parent: Comment | undefined, author: string, body: string, created: number): Entry {
    return this.noteComment(this.state.comments.add(post, parent, author, body, created));
  }

  /** A comment made elsewhere (`/api/comment`) joins the listings; a reply to an account reaches its inbox. */
  noteComment(c: Comment): Entry {
    const entry: Entry = { name: `t1_${c.id}`, sub: c.post.sub, post: c.post, comment: c };
    this.things.push(entry);
    trim(this.things);
    const parent = c.parent.startsWith('t1_') ? this.state.comments.byId(c.parent.slice(3))?.author : String(c.post.data.author);
    const account = this.state.account(parent);
    if (account && lower(account.name) !== lower(c.author)) {
      this.addMail({ to: account.name, from: c.author, subject: '', body: c.body, created: c.created, reply: c });
    }
    return entry;
  }

  addMail(m: Omit<Mail, 'id' | 'unread'>): Mail {
    const mail: Mail = { ...m, id: (MAIL_ID_BASE + this.#mails++).toString(36), unread: true };
    this.mail.push(mail);
    trim(this.mail);
    return mail;
  }

  addAction(sub: Subreddit, action: string, mod: string, created: number, target?: ModEntry['target'], details: string | null = null): ModEntry {
    const n = this.#actions++;
    const hex = (n * 2654435761 + this.state.cfg.seed).toString(16).padStart(12, '0').slice(-12);
    const entry: ModEntry = { id: `ModAction_${n.toString(16).padStart(8, '0')}-5e1f-11f0-9c3a-${hex}`, sub, action, mod, created, details, ...(target && { target }) };
    this.log.push(entry);
    trim(this.log);
    return entry;
  }

  /** The post or comment a fullname names, made live or generated. */
  find(name: string): { post: Post; comment?: Comment } | undefined {
    if (name.startsWith('t3_')) {
      const post = this.state.catalog.postById(name.slice(3));
      return post && { post };
    }
    const comment = name.startsWith('t1_') ? this.state.comments.byId(name.slice(3)) : undefined;
    return comment && { post: comment.post, comment };
  }

  /** Removes a post or comment (a moderator's action, logged) or deletes a message; false if there is none to remove. */
  remove(name: string, mod = 'AutoModerator'): boolean {
    if (name.startsWith('t4_')) {
      const i = this.mail.findIndex((m) => m.id === name.slice(3));
      if (i >= 0) this.mail.splice(i, 1);
      return i >= 0;
    }
    const found = this.find(name);
    if (!found || this.removed.has(name)) return false;
    this.removed.add(name);
    this.reported.delete(name);
    this.moderated(found, 'remove', mod);
    return true;
  }

  /** Deletes a post or comment (its author's doing: nothing in the mod log) or a message; false if there is none to delete. */
  delete(name: string): boolean {
    if (name.startsWith('t4_')) return this.remove(name);
    if (!this.find(name) || this.deleted.has(name)) return false;
    this.deleted.add(name);
    this.removed.add(name);
    this.reported.delete(name);
    return true;
  }

  approve(name: string, mod: string): boolean {
    const found = this.find(name);
    if (!found) return false;
    this.removed.delete(name);
    this.deleted.delete(name);
    this.reported.delete(name);
    this.approved.add(name);
    this.moderated(found, 'approve', mod);
    return true;
  }

  markRead(user: string, names: readonly string[] | 'all'): void {
    for (const m of this.mail) {
      if (lower(m.to) === lower(user) && (names === 'all' || names.includes(m.reply ? `t1_${m.reply.id}` : `t4_${m.id}`))) m.unread = false;
    }
  }

  /** Posts (`t3`) or comments (`t1`) of subreddits (or all), newest first, removed ones hidden. */
  listed(kind: 't1' | 't3', view: View, subs?: readonly Subreddit[], author?: string): Sequence {
    const who = author === undefined ? undefined : lower(author);
    const among = subs && new Set(subs);
    return sequence(
      this.things,
      (e) => e.name.startsWith(kind) && (!among || among.has(e.sub)) && (who === undefined || lower((e.comment ?? e.post.data).author as string) === who),
      (e) => (this.removed.has(e.name) ? undefined : this.render(e, view)),
      (e) => e.name,
    );
  }

  /** `about/modqueue` (reported, not yet handled) or `about/unmoderated` (posts no moderator has handled) of subreddits. */
  moderation(which: 'modqueue' | 'unmoderated', subs: readonly Subreddit[], view: View): Sequence {
    const open = (e: Entry) => !this.removed.has(e.name) && !this.approved.has(e.name);
    return sequence(
      this.things,
      (e) => subs.includes(e.sub) && (which === 'modqueue' || e.name.startsWith('t3')),
      (e) => (open(e) && (which === 'unmoderated' || this.reported.has(e.name)) ? this.render(e, view) : undefined),
      (e) => e.name,
    );
  }

  inbox(user: string, unreadOnly: boolean, view: View): Sequence {
    const who = lower(user);
    const name = (m: Mail) => (m.reply ? `t1_${m.reply.id}` : `t4_${m.id}`);
    return sequence(this.mail, (m) => lower(m.to) === who, (m) => (unreadOnly && !m.unread) || (m.reply && this.removed.has(name(m))) ? undefined : renderMail(m, view), name);
  }

  modLog(subs: readonly Subreddit[]): Sequence {
    return sequence(this.log, (e) => subs.includes(e.sub), renderModEntry, (e) => e.id, (e) => `modaction_${e.id}`);
  }

  private render(e: Entry, view: View): Thing {
    const thing = e.comment ? renderListedComment(e.comment, view) : renderPost(e.post, view);
    if (this.reported.has(e.name)) Object.assign(thing.data, { num_reports: 1, mod_reports: [], user_reports: [['spam', 1]] });
    return thing;
  }

  private moderated(found: { post: Post; comment?: Comment }, what: 'remove' | 'approve', mod: string): void {
    const { post, comment } = found;
    const target = comment
      ? { name: `t1_${comment.id}`, author: comment.author, body: comment.body, permalink: `${String(post.data.permalink)}${comment.id}/` }
      : { name: `t3_${post.id}`, author: String(post.data.author), title: String(post.data.title), permalink: String(post.data.permalink) };
    this.addAction(post.sub, `${what}${comment ? 'comment' : 'link'}`, mod, this.state.nowSec(), target);
  }
}
