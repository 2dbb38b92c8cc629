import type { Comment, CommentStore } from './comments.js';
import type { Post } from './data.js';

export type Thing = { kind: string; data: Record<string, unknown> };

/** Votes cast through the emulator, overlaid on the generated scores. */
export class Votes {
  private readonly delta = new Map<string, number>();
  private readonly dirs = new Map<string, number>();

  /** Score change of a thing (by fullname). */
  scoreDelta(fullname: string): number {
    return this.delta.get(fullname) ?? 0;
  }

  /** `likes` as the platform shows it to `user`: true, false or null. */
  likes(user: string | undefined, fullname: string): boolean | null {
    const dir = user ? this.dirs.get(`${user}\n${fullname}`) : undefined;
    return dir === 1 ? true : dir === -1 ? false : null;
  }

  cast(user: string, fullname: string, dir: number): void {
    const key = `${user}\n${fullname}`;
    const before = this.dirs.get(key) ?? 0;
    this.delta.set(fullname, this.scoreDelta(fullname) + dir - before);
    if (dir === 0) this.dirs.delete(key);
    else this.dirs.set(key, dir);
  }
}

/** What renderers need to know about the caller. */
export interface View {
  user: string | undefined;
  votes: Votes;
  comments: CommentStore;
}

export function renderPost(post: Post, view: View): Thing {
  const name = `t3_${post.id}`;
  const score = post.score + view.votes.scoreDelta(name);
  return {
    kind: 't3',
    data: { ...post.data, score, ups: score, downs: 0, likes: view.votes.likes(view.user, name), num_comments: view.comments.count(post) },
  };
}

export function renderComment(c: Comment, view: View, replies: unknown = ''): Thing {
  const name = `t1_${c.id}`;
  const score = c.score + view.votes.scoreDelta(name);
  const sub = c.post.sub;
  return {
    kind: 't1',
    data: {
      id: c.id, name, parent_id: c.parent, link_id: `t3_${c.post.id}`, author: c.author, body: c.body,
      score, ups: score, downs: 0, likes: view.votes.likes(view.user, name), created: c.created, created_utc: c.created,
      depth: c.depth, replies, subreddit: sub.name, subreddit_id: `t5_${sub.id}`,
      permalink: `${String(c.post.data.permalink)}${c.id}/`, is_submitter: c.author === c.post.data.author,
      stickied: false, edited: false, distinguished: null, score_hidden: false, collapsed: false,
    },
  };
}

/** A `more` stub; with no children and count 0 it means "continue this thread". */
export function renderMore(parent: string, depth: number, children: string[], count: number): Thing {
  const id = children[0] ?? '_';
  return { kind: 'more', data: { count, name: `t1_${id}`, id, parent_id: parent, depth, children } };
}

export function listing(children: Thing[], after: string | null = null, before: string | null = null, modhash: string | null = null): Thing {
  return { kind: 'Listing', data: { after, before, dist: children.length, modhash, geo_filter: '', children } };
}
