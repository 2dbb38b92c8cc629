import type { Comment } from '../things/comments.js';
import { NPC_AUTHORS, type Post, type Subreddit } from '../things/data.js';
import type { Feed } from './feed.js';
import type { FeedState } from './state.js';
import { hash01, pick } from '../things/rng.js';
import type { FeedOptions } from '../types.js';

/** Feed settings with every default applied. */
export interface FeedPlan {
  subs: Subreddit[];
  rate: number;
  comments: number;
  bursts: { every: number; min: number; max: number } | undefined;
  removals: number;
  removeAfter: number;
  reports: number;
  messages: number;
}

const share = (v: number | undefined, fallback: number, name: string): number => {
  const x = v ?? fallback;
  if (!(x >= 0 && x <= 1)) throw new TypeError(`emulator: feed.${name} must be a share from 0 to 1, got ${String(v)}`);
  return x;
};
const count = (v: number | undefined, fallback: number, name: string): number => {
  const x = v ?? fallback;
  if (!(x >= 0 && Number.isFinite(x))) throw new TypeError(`emulator: feed.${name} must be a number >= 0, got ${String(v)}`);
  return x;
};

/** Checks the feed options against the subreddits there are. */
export function planFeed(o: FeedOptions, subs: (name: string) => Subreddit | undefined, all: Subreddit[]): FeedPlan {
  const picked = (o.subreddits ?? all.map((s) => s.name)).map((name) => {
    const sub = subs(name);
    if (!sub) throw new TypeError(`emulator: feed.subreddits names "${name}", which is not in options.subreddits`);
    return sub;
  });
  if (picked.length === 0) throw new TypeError('emulator: the feed needs at least one subreddit');
  let bursts: FeedPlan['bursts'];
  if (o.bursts) {
    const [min, max] = typeof o.bursts.size === 'number' ? [o.bursts.size, o.bursts.size] : o.bursts.size;
    if (!(o.bursts.every > 0) || !Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) {
      throw new TypeError('emulator: feed.bursts needs every > 0 (seconds) and size, a whole number or [min, max]');
    }
    bursts = { every: o.bursts.every, min, max };
  }
  return {
    subs: picked, rate: count(o.rate, 30, 'rate'), comments: share(o.comments, 0.75, 'comments'), bursts,
    removals: share(o.removals, 0, 'removals'), removeAfter: count(o.removeAfter, 30, 'removeAfter'),
    reports: share(o.reports, 0, 'reports'), messages: count(o.messages, 0, 'messages'),
  };
}

/** A clock jump creates at most this many items; older ones of the span are skipped. */
export const MAX_PER_TICK = 5000;
const WORDS = ['kitten', 'release', 'question', 'sunrise', 'refactor', 'garden', 'puzzle', 'tea', 'storm', 'map'];

type Due = { at: number; n: number; mail: boolean };

/**
 * The feed generator. Nothing runs on a timer: each API request first creates what the emulator's
 * clock says has appeared since the last one, so a test that moves the clock (`now`) gets hours of
 * activity at once, and a stopped clock gets none. Every item is derived from the seed and its
 * number, so a run is reproducible.
 */
export class FeedClock {
  readonly #origin: number;
  #last: number;
  #next = 0;
  #burst = 0;
  #mail = 0;
  readonly #removals: Array<{ at: number; name: string }> = [];

  constructor(
    readonly plan: FeedPlan,
    private readonly state: FeedState,
    private readonly feed: Feed,
  ) {
    this.#origin = this.#last = state.cfg.now();
  }

  /** Create what appeared up to `now` (ms), oldest first, and carry out the removals due. */
  tick(now: number): void {
    if (now <= this.#last) return;
    const due = this.#due(now);
    this.#last = now;
    for (const d of due) {
      this.#removeUntil(d.at);
      if (d.mail) this.#message(d);
      else this.#create(d);
    }
    this.#removeUntil(now);
  }

  #due(now: number): Due[] {
    const { rate, messages, bursts } = this.plan;
    const start = this.#origin;
    const due: Due[] = [];
    // Item k lands somewhere in its own slot [k, k + 1) of the interval, so items keep their order.
    const regular = (perMinute: number, next: number, salt: number, mail: boolean): number => {
      if (!(perMinute > 0)) return next;
      const every = 60_000 / perMinute;
      next = Math.max(next, Math.floor((now - start) / every) - MAX_PER_TICK);
      for (let at; (at = start + (next + 0.1 + 0.8 * hash01(this.state.cfg.seed, next, salt)) * every) <= now; next++) {
        if (at > this.#last) due.push({ at, n: next, mail });
      }
      return next;
    };
    this.#next = regular(rate, this.#next, 61, false);
    this.#mail = regular(messages, this.#mail, 62, true);
    if (bursts) {
      const every = bursts.every * 1000;
      this.#burst = Math.max(this.#burst, Math.floor((now - start) / every) - 10);
      for (let at; (at = start + (this.#burst + 1) * every) <= now; this.#burst++) {
        const size = bursts.min + Math.floor(hash01(this.state.cfg.seed, this.#burst, 63) * (bursts.max - bursts.min + 1));
        for (let i = 0; i < size && at > this.#last; i++) due.push({ at, n: 1_000_000_000 + this.#burst * 10_000 + i, mail: false });
      }
    }
    return due.sort((a, b) => a.at - b.at).slice(-MAX_PER_TICK);
  }

  #create(d: Due): void {
    const r = (salt: number) => hash01(this.state.cfg.seed, d.n, 70 + salt);
    const { subs, comments, removals, removeAfter, reports } = this.plan;
    const sub = pick(subs, r(0));
    const author = pick(NPC_AUTHORS, r(1));
    const created = Math.floor(d.at / 1000);
    const word = () => pick(WORDS, r(2));
    const entry = r(3) < comments
      ? this.feed.addComment(...this.#target(sub, r(4), r(5)), author, `A ${word()} & a ${pick(WORDS, r(6))}: new comment #${d.n}.`, created)
      : this.feed.addPost(sub, author, `New ${word()} #${d.n}`, `Fresh post #${d.n} in r/${sub.name} <3`, created);
    if (r(7) < reports) this.feed.reported.add(entry.name);
    if (r(8) < removals) this.#removals.push({ at: d.at + removeAfter * 1000, name: entry.name });
  }

  /** A comment answers one of the subreddit's newest posts (live ones first), now and then a recent comment. */
  #target(sub: Subreddit, r1: number, r2: number): [Post, Comment | undefined] {
    const recent = this.feed.things.slice(-50).filter((e) => e.sub === sub && !this.feed.removed.has(e.name));
    const comments = recent.filter((e) => e.comment);
    if (comments.length && r2 < 0.3) {
      const parent = pick(comments, r1).comment as Comment;
      return [parent.post, parent];
    }
    const posts = recent.filter((e) => !e.comment);
    if (posts.length) return [pick(posts, r1).post, undefined];
    const order = this.state.catalog.order(sub, 'new');
    const g = order.ids[Math.floor(r1 * Math.min(10, order.ids.length))];
    const post = g === undefined ? undefined : this.state.catalog.post(g);
    if (post) return [post, undefined];
    return [this.feed.addPost(sub, 'mod_bot', `Welcome to r/${sub.name}`, 'Say hello.', this.state.nowSec()).post, undefined];
  }

  #message(d: Due): void {
    const to = this.state.cfg.accounts[0]?.name;
    const r = (salt: number) => hash01(this.state.cfg.seed, d.n, 80 + salt);
    if (to) this.feed.addMail({ to, from: pick(NPC_AUTHORS, r(0)), subject: `About your ${pick(WORDS, r(1))}`, body: `Hello & welcome, message #${d.n}.`, created: Math.floor(d.at / 1000) });
  }

  #removeUntil(at: number): void {
    while (this.#removals.length && (this.#removals[0] as { at: number }).at <= at) this.feed.remove((this.#removals.shift() as { name: string }).name);
  }
}
