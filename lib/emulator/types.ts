/** Public types of the platform emulator (`snoopath/emulator`). */

/** Kinds of random failure that chaos mode can inject. */
export type FaultKind = 'status500' | 'status502' | 'status503' | 'html' | 'invalidJson' | 'reset' | 'delay';

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

export interface EmulatorOptions {
  /** Interface to bind. Default `'127.0.0.1'`. */
  host?: string;
  /** Port; `0` (default) picks a free one. */
  port?: number;
  /** Serve HTTPS with a self-signed certificate generated at start (see `Emulator.ca`). */
  https?: boolean;
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
  /** Subreddit name -> number of posts. Default `{aww: 250, programming: 250, snoopath: 30}`. */
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
}

/** A running emulator. */
export interface Emulator {
  /** Origin to use as both `apiServerUri` and `authServerUri`, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** PEM of the self-signed certificate when `https` is on. */
  ca?: string;
  /** Credentials of the demo apps. */
  apps: { script: ScriptAppCreds; web: WebAppCreds; installed: InstalledAppCreds };
  accounts: EmulatorAccount[];
  /** Log of the requests received, oldest first. */
  requests: LoggedRequest[];
  clearLog(): void;
  fault(spec: FaultSpec): void;
  clearFaults(): void;
  /** Every access token issued so far expires now (refresh tokens stay valid). */
  expireTokens(): void;
  /** Every access and refresh token stops working. Cookie sessions are kept. */
  revokeAll(): void;
  /** Changes the OAuth budget (or, with `'session'`, the cookie/logged-out budget); counts restart. */
  setRateLimit(rl: RateLimit | false, which?: 'oauth' | 'session'): void;
  /** Changes the per-action RATELIMIT (`false`: off); counts restart. */
  setActionLimit(limit: ActionLimit | false): void;
  /** Closes the server and every socket, hung ones included. */
  close(): Promise<void>;
}
