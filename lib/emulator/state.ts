import { ActionLimiter } from './limits/action-limit.js';
import { CommentStore } from './things/comments.js';
import { Catalog } from './things/data.js';
import type { Config } from './defaults.js';
import { Faults } from './faults/faults.js';
import { MediaStore } from './media/store.js';
import { Feed } from './feed/feed.js';
import { FeedClock, planFeed } from './feed/clock.js';
import { RateLimiter } from './limits/ratelimit.js';
import { Sessions } from './oauth/session-store.js';
import { Votes } from './things/things.js';
import type { View } from './things/things.js';
import { TokenStore } from './oauth/tokens.js';
import type { EmulatorAccount, LoggedRequest } from './types.js';
import type { Principal } from './server/http.js';

/** Everything one emulator instance knows; nothing lives at module level. */
export class State {
  url = '';
  closed = false;
  readonly catalog: Catalog;
  readonly comments: CommentStore;
  readonly votes = new Votes();
  readonly tokens: TokenStore;
  readonly sessions = new Sessions();
  readonly oauthLimit: RateLimiter;
  readonly sessionLimit: RateLimiter;
  readonly actionLimit: ActionLimiter;
  readonly faults: Faults;
  readonly feed: Feed;
  readonly feedClock: FeedClock | undefined;
  readonly log: LoggedRequest[] = [];
  /** Keys (user or client) with a `/api/morechildren` call in progress. */
  readonly moreLocks = new Set<string>();
  readonly media: MediaStore;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly accountsByName = new Map<string, EmulatorAccount>();

  constructor(readonly cfg: Config) {
    this.catalog = new Catalog(cfg.seed, cfg.subreddits);
    this.comments = new CommentStore(cfg.seed, (g) => this.catalog.post(g));
    this.tokens = new TokenStore(cfg.now, cfg.tokenLifetime);
    this.oauthLimit = new RateLimiter(cfg.now, cfg.rateLimit);
    this.sessionLimit = new RateLimiter(cfg.now, cfg.sessionRateLimit);
    this.actionLimit = new ActionLimiter(cfg.now, cfg.actionLimit);
    this.faults = new Faults(cfg.chaos, cfg.seed);
    this.media = new MediaStore(cfg);
    for (const a of cfg.accounts) this.accountsByName.set(a.name.toLowerCase(), a);
    this.feed = new Feed(this);
    if (cfg.feed) this.feedClock = new FeedClock(planFeed(cfg.feed, (n) => this.catalog.sub(n), this.catalog.subs), this, this.feed);
  }

  /** What the feed generator says has appeared by now (it runs on requests, not on timers). */
  advance(): void {
    this.feedClock?.tick(this.cfg.now());
  }

  account(name: string | undefined): EmulatorAccount | undefined {
    return name === undefined ? undefined : this.accountsByName.get(name.toLowerCase());
  }

  nowSec(): number {
    return Math.floor(this.cfg.now() / 1000);
  }

  view(p: Principal | undefined): View {
    return { user: p?.user, votes: this.votes, comments: this.comments };
  }

  /** A timer that `close()` cancels, so nothing outlives the emulator. */
  later(ms: number, fn: () => void): void {
    if (this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closed) fn();
    }, ms);
    this.timers.add(t);
  }

  record(entry: LoggedRequest): void {
    this.log.push(entry);
    if (this.log.length > this.cfg.logLimit) this.log.splice(0, this.log.length - this.cfg.logLimit);
  }

  shutdown(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
