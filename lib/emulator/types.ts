/** Public types of the platform emulator (`snoopath/emulator`). */
import type { InjectableFault, InjectOptions } from './faults/types.js';

/** Kinds of random failure that chaos mode can inject. */
export type FaultKind = 'status500' | 'status502' | 'status503' | 'html' | 'invalidJson' | 'reset' | 'delay' | 'stall' | 'hang' | 'status429';

/** An OAuth app registered with the emulator. */
export interface EmulatorApp {
  /** `script` (password grant), `web` (authorization code) or `installed` (implicit, no secret). */
  type: 'script' | 'web' | 'installed';
  /** The client id. */
  id: string;
  /** The client secret; must be `''` for installed apps. */
  secret: string;
  /** The registered redirect URI; `redirect_uri` must match it exactly. */
  redirectUri?: string;
  /** Also accept any `http(s)://127.0.0.1|localhost|[::1]` redirect URI (any port and path). */
  anyLoopbackRedirect?: boolean;
  /** Accounts allowed to use the password grant (script apps). Default: every account. */
  developers?: string[];
}

/** A user account of the emulated platform. */
export interface EmulatorAccount {
  name: string;
  password: string;
  /** Base-36 id without the `t2_` prefix; derived from the name when absent. */
  id?: string;
  /** Seconds since the epoch. */
  created_utc?: number;
  link_karma?: number;
  comment_karma?: number;
  /** Subreddits it moderates, which `/r/mod/...` lists together. Default: every subreddit (the emulator lets every account moderate). */
  moderates?: string[];
}

/** Credentials of the demo script app, ready to spread into snoopath's `oauth` option. */
export interface ScriptAppCreds {
  key: string;
  secret: string;
  username: string;
  password: string;
}

/** Credentials of the demo web app (explicit flow). */
export interface WebAppCreds {
  key: string;
  secret: string;
  redirectUri: string;
}

/** Credentials of the demo installed app (implicit flow): it has no secret. */
export interface InstalledAppCreds {
  key: string;
  redirectUri: string;
}

/**
 * The shape of a generated comment tree. Comments are made one after another; each is top-level or
 * answers an earlier comment that still has room (fewer than `branching` replies, above `depth`),
 * often the latest one, so threads grow into conversations. Same seed, same tree.
 */
export interface CommentTreeShape {
  /** Number of comments, 0 to 10,000. */
  comments: number;
  /** How many are top-level, at least (more when no comment has room left). Default: a fifth, at least 1. */
  topLevel?: number;
  /** Most direct replies of one comment. Default 4. */
  branching?: number;
  /** Deepest level, 0 being top-level. Default 12. */
  depth?: number;
  /**
   * The last `deleted` leaf comments (in creation order) are deleted: gone from every answer, while
   * the `more` stubs that listed them still do (as on the platform). Default 0.
   */
  deleted?: number;
}

/** A post made with a comment tree of a given shape (`EmulatorOptions.posts`, `emulator.addPost`). */
export interface PostSpec {
  /** Its subreddit. Default: the first one. */
  subreddit?: string;
  title?: string;
  /** Its comment tree: a shape, or just the number of comments. */
  comments: CommentTreeShape | number;
}

/** A post made by `addPost` or `EmulatorOptions.posts`: reachable by id (`/comments/{id}`, `/api/info`), in no listing. */
export interface CreatedPost {
  /** Base-36 id, for `/comments/$article`. */
  id: string;
  name: `t3_${string}`;
  subreddit: string;
  permalink: string;
  /** Comments a complete expansion finds (the deleted ones left out). */
  comments: number;
}

/** Fixed-window request budget. */
export interface RateLimit {
  /** Requests allowed per window. */
  budget: number;
  /** Window length in seconds; windows are aligned to the clock (`floor(now / window) * window`). */
  window: number;
}

/** The per-action limit (posting, commenting, messaging): per account and action, in a sliding window. */
export interface ActionLimit {
  /** Actions allowed within `seconds`. */
  count: number;
  /** Length of the sliding window in seconds. */
  seconds: number;
  /** Paths counted (routing paths, without `.json`). Default: `/api/comment`, `/api/submit`, `/api/compose`, `/api/submit_gallery_post`, `/api/submit_poll_post`. */
  actions?: string[];
}

/** New items appearing over time on the emulator's clock (see "New items over time" in docs/emulator.md). */
export interface FeedOptions {
  /** Subreddits that get new posts and comments. Default: every subreddit. */
  subreddits?: string[];
  /** New posts and comments per minute, on average. Default 30. */
  rate?: number;
  /** Share of comments among them, 0 to 1. Default 0.75. */
  comments?: number;
  /** Every `every` seconds, a burst of `size` items in the same second (`[min, max]`: a size drawn from that range). */
  bursts?: { every: number; size: number | [number, number] };
  /** Share of new posts and comments a moderator removes `removeAfter` seconds later. Default 0. */
  removals?: number;
  /** Seconds from an item's creation to its removal. Default 30. */
  removeAfter?: number;
  /** Share of new posts and comments reported into the mod queue. Default 0. */
  reports?: number;
  /** Private messages per minute to the first account. Default 0. */
  messages?: number;
}

/** What `emu.addItems()` adds, now on the emulator's clock. */
export interface AddItems {
  kind: 'post' | 'comment' | 'message' | 'modaction';
  /** How many. Default 1. */
  count?: number;
  /** Subreddit of posts, comments and mod actions. Default: the first one. */
  subreddit?: string;
  /** Who wrote them (any name; an account's name too). For mod actions, the moderator. Default: a generated user. */
  author?: string;
  /** Comments: the post or comment they answer (fullname). Default: the subreddit's newest post. */
  parent?: string;
  /** Messages: the account that receives them. Default: the first account. */
  to?: string;
  /** Post titles and message subjects. */
  title?: string;
  /** Post, comment and message text. */
  body?: string;
  /** Mod actions: what was done (`banuser`, `editflair`, ...). Default `editsettings`. */
  action?: string;
  /** Posts and comments: reported, so they wait in the mod queue. */
  reported?: boolean;
}

/** How the media storage host serves (`EmulatorOptions.storage`). */
export interface StorageOptions {
  /**
   * Serve the storage host over HTTPS (the certificate is `Emulator.ca`). Its leases then name it
   * `//host:port`, as the platform names its own (`//` means https); over plain http they name it
   * `http://host:port`, which clients accept on loopback only. Default: as `https`.
   */
  https?: boolean;
  /**
   * What the result websockets do: `answer` (the result, then close), `refuse` (every handshake
   * answered 403, as the platform refused some clients in 2023), `silent` (open, never a word) or
   * `close` (open, then closed at once without a result). Default `answer`; also `emu.storage.setWebsockets()`.
   */
  websockets?: WebsocketMode;
}

/** What the storage host's result websockets do (`StorageOptions.websockets`). */
export type WebsocketMode = 'answer' | 'refuse' | 'silent' | 'close';

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

/** One request as the emulator saw it. */
export interface LoggedRequest {
  method: string;
  /** Path without the query string, as sent. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: string;
  /** Status answered; 0 while pending, for a hang and for a reset. */
  status: number;
  /** Client id of the bearer token or of the Basic credentials. */
  clientId?: string;
  /** Account acting, from a user token or a cookie session. */
  user?: string;
  /** Time of arrival, from the emulator's clock (ms). */
  at: number;
}

/** Makes the next `times` matching requests fail. */
export interface FaultSpec {
  /** HTTP method to match (any method but preflight `OPTIONS` when absent). */
  method?: string;
  /** Pathname to match: exact string, or a RegExp tested against it. Any path when absent. */
  path?: string | RegExp;
  /** How many requests this applies to. Default 1. */
  times?: number;
  /** Status to answer. Default 500 (200 with `html` or `invalidJson`). */
  status?: number;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Wait this many ms before answering; alone, the request is then served normally. */
  delay?: number;
  /** Never answer (until `close()`). */
  hang?: boolean;
  /** Destroy the socket without an answer. */
  reset?: boolean;
  /** Answer a truncated JSON body. */
  invalidJson?: boolean;
  /** Answer an HTML page (as the platform's proxies do). */
  html?: boolean;
  /** Send the status line, headers and the start of the body, then nothing more (until `close()`). */
  stall?: boolean;
}

/** One request to the storage host, as it saw it and what it answered. */
export interface StorageUpload {
  method: string;
  path: string;
  /** Lower-case names, as received: uploads must carry no `authorization` and no `cookie`. */
  headers: Record<string, string>;
  /** Names of the form fields, in the order they came (`file` last when the client is right). */
  fields: string[];
  /** The lease's key, when the upload named one. */
  key?: string;
  /** The file part, when there was one. */
  file?: { name: string; type: string; size: number; sha256: string };
  status: number;
  /** The storage host's error code (`EntityTooLarge`, `AccessDenied`, ...) when it refused; `injected` for a websocket an injected fault refused or silenced. */
  error?: string;
}

/** A media post created through the emulator. */
export interface EmulatorMediaPost {
  id: string;
  name: string;
  kind: 'image' | 'video' | 'videogif' | 'gallery';
  sr: string;
  title: string;
  author: string;
  /** The post's URL (what the websocket reports as `redirect`). */
  permalink: string;
  /** The uploaded file's URL (image and video posts). */
  url?: string;
  videoPosterUrl?: string;
  items?: Array<{ mediaId: string; caption: string; outboundUrl: string }>;
  /** Every other field the submit carried (nsfw, spoiler, flair_id, ...), as text. */
  fields: Record<string, string>;
  /** Whether processing failed (a file named `fail...`): the websocket then says `failed`. */
  failed: boolean;
}

/** The storage host the emulator's upload leases point at: another port, so it is another origin. */
export interface EmulatorStorage {
  /** Its origin, e.g. `http://127.0.0.1:40124` (`https:` with `storage.https`). */
  url: string;
  /** Every request it received, oldest first. */
  uploads: StorageUpload[];
  /** Makes the next matching requests to the storage host fail (its own queue, apart from `fault()`). */
  fault(spec: FaultSpec): void;
  clearFaults(): void;
  /** What the result websockets do from now on (see `StorageOptions.websockets`). */
  setWebsockets(mode: WebsocketMode): void;
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
