import { hash01, pick } from './rng.js';

/** Generated posts' authors that are not accounts (they have about pages but cannot log in). */
export const NPC_AUTHORS = ['snoo_fan', 'kitten_lover', 'rustacean42', 'lurker_no_more', 'mod_bot', 'night_owl'];

const EPOCH = 1_750_000_000;
const POST_ID_BASE = 1_000_000_000;
const WORDS = ['cat', 'compiler', 'sunset', 'puppy', 'typescript', 'question', 'guide', 'bug', 'release', 'garden', 'coffee', 'rain'];

export type Sort = 'hot' | 'new' | 'top';

export interface Subreddit {
  name: string;
  id: string;
  count: number;
  /** Global number of its first post. */
  base: number;
  stickies: number;
}

/** A generated post: fixed fields only (votes and new comments are overlaid when rendering). */
export interface Post {
  g: number;
  sub: Subreddit;
  i: number;
  id: string;
  score: number;
  created: number;
  commentCount: number;
  stickied: boolean;
  data: Record<string, unknown>;
}

interface Order {
  ids: Int32Array;
  pos: Int32Array;
  offset: number;
}

/** Every subreddit and post, built on demand and cached. */
export class Catalog {
  readonly subs: Subreddit[] = [];
  readonly total: number;
  private readonly byName = new Map<string, Subreddit>();
  private readonly posts = new Map<number, Post>();
  private readonly orders = new Map<string, Order>();
  private adopted = 0;

  constructor(private readonly seed: number, subreddits: Record<string, number>) {
    let base = 0;
    for (const [name, n] of Object.entries(subreddits)) {
      const count = Math.max(0, Math.floor(n));
      const sub: Subreddit = { name, id: (50_000 + this.subs.length).toString(36), count, base, stickies: count >= 30 ? 2 : count >= 5 ? 1 : 0 };
      this.subs.push(sub);
      this.byName.set(name.toLowerCase(), sub);
      base += count;
    }
    this.total = base;
  }

  sub(name: string): Subreddit | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** Post by global number, or undefined when out of range. */
  post(g: number): Post | undefined {
    const cached = this.posts.get(g);
    if (cached) return cached;
    const sub = this.subOf(g);
    if (!sub) return undefined;
    const post = this.build(sub, g);
    this.posts.set(g, post);
    return post;
  }

  postById(id36: string): Post | undefined {
    const n = parseInt(id36, 36);
    return Number.isFinite(n) && n.toString(36) === id36 ? this.post(n - POST_ID_BASE) : undefined;
  }

  /** A post made at run time (`emulator.addPost`): found by id like the others, in no listing. */
  adopt(make: (g: number, id: string) => Post): Post {
    const g = this.total + this.adopted++;
    const post = make(g, (POST_ID_BASE + g).toString(36));
    this.posts.set(g, post);
    return post;
  }

  /** Registers a post of the feed of new items (its `g` lies in a range of its own, past the generated and adopted posts'). */
  register(post: Post): void {
    this.posts.set(post.g, post);
  }

  /**
   * Global post numbers in listing order, with their positions, for one subreddit, several
   * (`/r/a+b+c`: merged, no post pinned), or the front page.
   */
  order(sub: Subreddit | readonly Subreddit[] | undefined, sort: Sort): Order {
    const one = Array.isArray(sub) ? (sub.length === 1 ? sub[0] : undefined) : (sub as Subreddit | undefined);
    const many = Array.isArray(sub) && sub.length > 1 ? (sub as readonly Subreddit[]) : undefined;
    const key = `${many ? many.map((s) => s.name).sort().join('+') : (one?.name ?? '')}/${sort}`;
    let order = this.orders.get(key);
    if (!order) {
      order = many ? this.buildMany(many, sort) : this.buildOrder(one, sort);
      this.orders.set(key, order);
    }
    return order;
  }

  private subOf(g: number): Subreddit | undefined {
    if (!Number.isInteger(g) || g < 0 || g >= this.total) return undefined;
    let lo = 0;
    let hi = this.subs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.subs[mid] as Subreddit).base <= g) lo = mid;
      else hi = mid - 1;
    }
    return this.subs[lo];
  }

  private score(g: number): number {
    return Math.floor(hash01(this.seed, g, 1) ** 4 * 20000) + 1;
  }

  private created(sub: Subreddit, g: number): number {
    return EPOCH - (g - sub.base) * 600 - Math.floor(hash01(this.seed, g, 2) * 500);
  }

  /** The sort key of post `g` of `s` (larger first); stickies are pinned only in their own subreddit's hot. */
  private sortKey(s: Subreddit, g: number, sort: Sort, pin: boolean): number {
    if (sort === 'top') return this.score(g);
    if (sort === 'new') return this.created(s, g);
    const pinned = pin && g - s.base >= s.count - s.stickies ? 1e9 : 0;
    return pinned + Math.log10(this.score(g)) + (this.created(s, g) - EPOCH) / 45000;
  }

  /** The merged order of several subreddits: positions indexed by global post number (-1: not listed). */
  private buildMany(subs: readonly Subreddit[], sort: Sort): Order {
    const gs: number[] = [];
    const key = new Map<number, number>();
    for (const s of subs) {
      for (let g = s.base; g < s.base + s.count; g++) {
        gs.push(g);
        key.set(g, this.sortKey(s, g, sort, false));
      }
    }
    const ids = Int32Array.from(gs).sort((a, b) => key.get(b)! - key.get(a)! || a - b);
    const pos = new Int32Array(this.total).fill(-1);
    for (let k = 0; k < ids.length; k++) pos[ids[k] as number] = k;
    return { ids, pos, offset: 0 };
  }

  private buildOrder(sub: Subreddit | undefined, sort: Sort): Order {
    const offset = sub ? sub.base : 0;
    const n = sub ? sub.count : this.total;
    const ids = new Int32Array(n);
    // Sort keys are computed once per post (not per comparison): this runs over every post.
    const key = new Float64Array(n);
    const subs = sub ? [sub] : this.subs;
    for (const s of subs) {
      for (let g = s.base; g < s.base + s.count; g++) {
        const k = g - offset;
        ids[k] = g;
        key[k] = this.sortKey(s, g, sort, sub !== undefined);
      }
    }
    // A subreddit's posts are generated newest first, so `new` needs no sorting there.
    if (sort !== 'new' || !sub) ids.sort((a, b) => key[b - offset]! - key[a - offset]! || a - b);
    const pos = new Int32Array(n);
    for (let k = 0; k < n; k++) pos[(ids[k] as number) - offset] = k;
    return { ids, pos, offset };
  }

  private build(sub: Subreddit, g: number): Post {
    const i = g - sub.base;
    const r = (salt: number) => hash01(this.seed, g, salt);
    const id = (POST_ID_BASE + g).toString(36);
    const score = this.score(g);
    const created = this.created(sub, g);
    const stickied = i >= sub.count - sub.stickies;
    const isSelf = stickied || r(3) < 0.5;
    const commentCount = i % 10 === 2 ? 250 : Math.floor(r(4) ** 2 * 40);
    const title = stickied
      ? `Weekly ${sub.name} thread #${sub.count - i}: Q&A`
      : `${pick(WORDS, r(5))} ${pick(WORDS, r(6))}${i % 3 === 0 ? ' & more' : ''} #${i}`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 40);
    const permalink = `/r/${sub.name}/comments/${id}/${slug}/`;
    const url = isSelf ? `https://www.reddit.com${permalink}` : `https://example.com/${sub.name}/${id}.jpg`;
    const data: Record<string, unknown> = {
      id, name: `t3_${id}`, title, author: pick(NPC_AUTHORS, r(7)),
      subreddit: sub.name, subreddit_id: `t5_${sub.id}`, subreddit_name_prefixed: `r/${sub.name}`,
      created, created_utc: created, permalink, url, domain: isSelf ? `self.${sub.name}` : 'example.com',
      is_self: isSelf,
      selftext: isSelf ? `Post ${i} of r/${sub.name}. Tips & tricks: x < y and y > z, use <code> & "quotes".` : '',
      stickied, over_18: false, locked: false, archived: false, edited: false, distinguished: stickied ? 'moderator' : null,
      thumbnail: isSelf ? 'self' : 'default', upvote_ratio: Math.round((0.7 + r(8) * 0.3) * 100) / 100,
    };
    return { g, sub, i, id, score, created, commentCount, stickied, data };
  }
}
