/** Public types of the platform emulator (`snoopath/emulator`). */
import type { InjectableFault, InjectOptions } from './faults/types.js';
import type { EmulatorAccount, EmulatorApp, InstalledAppCreds, ScriptAppCreds, WebAppCreds } from './types/accounts.js';
import type { AddItems, CreatedPost, FeedOptions, PostSpec } from './types/content.js';
import type { ActionLimit, FaultKind, FaultSpec, LoggedRequest, RateLimit } from './types/limits.js';
import type { EmulatorMediaPost, EmulatorStorage, StorageOptions } from './types/media.js';

export type * from './types/accounts.js';
export type * from './types/content.js';
export type * from './types/limits.js';
export type * from './types/media.js';

export interface EmulatorOptions {
  /** Interface to bind. Default `'127.0.0.1'`. */
  host?: string;
  /** Port; `0` (default) picks a free one. */
  port?: number;
  /** Serve HTTPS with a self-signed certificate generated at start (see `Emulator.ca`). */
  https?: boolean;
  /** The media storage host (see `Emulator.storage`). */
  storage?: StorageOptions;
  /** Apps registered in addition to the three demo apps (an app with a demo app's id replaces it). */
  apps?: EmulatorApp[];
  /** Accounts; replaces the demo accounts. The first one approves authorize requests. */
  accounts?: EmulatorAccount[];
  /** Access token lifetime in seconds. Default 3600. */
  tokenLifetime?: number;
  /** Whether a refresh grant answers a new refresh token (the old one then stops working). Default true. */
  rotateRefreshTokens?: boolean;
  /** Budget per OAuth client id. Default `{budget: 1000, window: 600}`; `false`: no limit, no headers. */
  rateLimit?: RateLimit | false;
  /**
   * Budget per cookie session or, for logged-out calls, per remote address. Default
   * `{budget: 100, window: 600}` (the platform's 10 a minute), or `false` when `rateLimit` is `false`.
   */
  sessionRateLimit?: RateLimit | false;
  /** Subreddit name -> number of posts. Default `{aww: 250, programming: 250, snoopath: 30, pics: 30}`. */
  subreddits?: Record<string, number>;
  /** Seed of the generated data and of chaos mode. Default 1. */
  seed?: number;
  /** Fail this fraction (0..1) of requests at random with one of `faults` (default: all kinds). */
  chaos?: { rate: number; faults?: FaultKind[] };
  /** Clock in milliseconds, used for token expiry, codes and rate-limit windows. Default `Date.now`. */
  now?: () => number;
  /** How long `/api/morechildren` holds its per-user lock (ms), so concurrency is observable. Default 25. */
  moreChildrenDelay?: number;
  /**
   * Per-action RATELIMIT: after `count` posts, comments or messages of one account within `seconds`,
   * the next answers 200 with `json.errors` RATELIMIT and `json.ratelimit` (seconds left). Default `false` (off).
   */
  actionLimit?: ActionLimit | false;
  /** Keep at most this many entries in `requests` (oldest dropped). Default 10000. */
  logLimit?: number;
  /** Posts to make at start, each with a comment tree of its own shape (see `Emulator.posts`). */
  posts?: PostSpec[];
  /** How long media take to "process" before their websocket reports the post (ms). Default 100. */
  mediaDelay?: number;
  /** New posts, comments and messages over time; `true` for the defaults. Default: none (add them with `addItems`). */
  feed?: FeedOptions | boolean;
  /** How far back listings can be paged, like the platform's ~1000. Default: no limit. */
  listingCap?: number;
}

/** A running emulator. */
export interface Emulator {
  /** Origin to use as both `apiServerUri` and `authServerUri`, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** PEM of the self-signed certificate when `https` (or `storage.https`) is on: the API and the storage host share it. */
  ca?: string;
  /** Credentials of the demo apps. */
  apps: { script: ScriptAppCreds; web: WebAppCreds; installed: InstalledAppCreds };
  accounts: EmulatorAccount[];
  /** Log of the requests received, oldest first. */
  requests: LoggedRequest[];
  clearLog(): void;
  fault(spec: FaultSpec): void;
  /**
   * Arms a fault the platform is known for, by name (the table in docs/emulator.md, "Faults on
   * demand"): 429s, RATELIMIT errors, 5xx, resets, slow answers, busy morechildren, media
   * websockets refused or silent, items deleted or removed, revoked refresh tokens. Answers how many
   * requests it will fail, or how many items or tokens it changed.
   */
  inject<K extends InjectableFault>(kind: K, ...options: InjectOptions<K>): number;
  /** Forgets every fault not yet used (`fault()` and `inject()` alike). */
  clearFaults(): void;
  /** Every access token issued so far expires now (refresh tokens stay valid). */
  expireTokens(): void;
  /** Every access and refresh token stops working. Cookie sessions are kept. */
  revokeAll(): void;
  /** Changes the OAuth budget (or, with `'session'`, the cookie/logged-out budget); counts restart. */
  setRateLimit(rl: RateLimit | false, which?: 'oauth' | 'session'): void;
  /** Changes the per-action RATELIMIT (`false`: off); counts restart. */
  setActionLimit(limit: ActionLimit | false): void;
  /** The media storage host (uploads) and its websocket results. */
  storage: EmulatorStorage;
  /** Media posts made with `/api/submit` (image, video, videogif) and `/api/submit_gallery_post.json`. */
  mediaPosts: EmulatorMediaPost[];
  /** Adds posts, comments, messages or mod log entries now; answers their fullnames (mod log: ids), oldest first. */
  addItems(spec: AddItems): string[];
  /**
   * Removes posts or comments (generated ones too): they vanish from every listing and the mod log
   * records it. Fullnames of messages delete them. Answers how many were there to remove.
   */
  removeItems(names: string | readonly string[]): number;
  /** Closes the server and every socket, hung ones included. */
  close(): Promise<void>;
  /** The posts of `EmulatorOptions.posts`, in order. */
  posts: CreatedPost[];
  /** Makes a post with a comment tree of the given shape (up to 10,000 comments). */
  addPost(spec: PostSpec): CreatedPost;
}
