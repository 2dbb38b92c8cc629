import type { Comment } from '../things/comments.js';
import { NPC_AUTHORS, type Post } from '../things/data.js';
import type { State } from '../state.js';
import type { AddItems } from '../types.js';

/** `emu.addItems()`: new posts, comments, messages or mod log entries, all at the clock's current second. */
export function addItems(state: State, spec: AddItems): string[] {
  state.advance();
  const { feed, catalog } = state;
  const count = spec.count ?? 1;
  if (!Number.isInteger(count) || count < 0) throw new TypeError(`emulator: addItems count must be a whole number >= 0, got ${spec.count}`);
  const sub = spec.subreddit === undefined ? catalog.subs[0] : catalog.sub(spec.subreddit);
  if (!sub) throw new TypeError(`emulator: addItems: no subreddit "${spec.subreddit}"`);
  const now = state.nowSec();
  const author = (i: number) => spec.author ?? NPC_AUTHORS[i % NPC_AUTHORS.length]!;
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = feed.things.length + feed.mail.length + feed.log.length;
    if (spec.kind === 'post') {
      names.push(feed.addPost(sub, author(i), spec.title ?? `Added post ${n}`, spec.body ?? `Post ${n}, added by the test.`, now).name);
    } else if (spec.kind === 'comment') {
      const [post, parent] = target(state, spec.parent, sub.name);
      names.push(feed.addComment(post, parent, author(i), spec.body ?? `Added comment ${n}.`, now).name);
    } else if (spec.kind === 'message') {
      const to = state.account(spec.to ?? state.cfg.accounts[0]?.name);
      if (!to) throw new TypeError(`emulator: addItems: no account "${spec.to}" to send a message to`);
      names.push(`t4_${feed.addMail({ to: to.name, from: author(i), subject: spec.title ?? `Message ${n}`, body: spec.body ?? `Message ${n}, added by the test.`, created: now }).id}`);
    } else if (spec.kind === 'modaction') {
      names.push(feed.addAction(sub, spec.action ?? 'editsettings', spec.author ?? 'demo_user', now).id);
    } else {
      throw new TypeError(`emulator: addItems kind must be post, comment, message or modaction, got ${String(spec.kind)}`);
    }
    if (spec.reported && (spec.kind === 'post' || spec.kind === 'comment')) feed.reported.add(names.at(-1)!);
  }
  return names;
}

/** The post and comment a new comment answers: `parent`, else the subreddit's newest post. */
function target(state: State, parent: string | undefined, subName: string): [Post, Comment | undefined] {
  if (parent) {
    const found = state.feed.find(parent);
    if (!found) throw new TypeError(`emulator: addItems: no post or comment ${parent} to answer`);
    return [found.post, found.comment];
  }
  const sub = state.catalog.sub(subName)!;
  const things = state.feed.things;
  let post: Post | undefined;
  for (let i = things.length - 1; i >= 0 && !post; i--) {
    const e = things[i]!;
    if (e.sub === sub && !e.comment && !state.feed.removed.has(e.name)) post = e.post;
  }
  const g = state.catalog.order(sub, 'new').ids[0];
  post ??= g === undefined ? undefined : state.catalog.post(g);
  if (!post) throw new TypeError(`emulator: addItems: r/${subName} has no post to comment on; add one first`);
  return [post, undefined];
}
