// The options as users write them, spelled out by hand. Deriving them from the zod schema
// (`z.input<typeof optionsSchema>`) put zod's whole type machinery, 92 declaration files, into every
// user's compilation; __tests__/types/options.test-d.ts keeps this file and the schema in step.
// Type aliases, not interfaces: like the derived types they replace, they stay assignable to
// `Record<string, unknown>` (an interface has no implicit index signature).
import type { SharedLimiter } from './shared-limiter.js';
import type { Logger } from './logger.js';
import type { TokenStore } from './tokens.js';

/**
 * The platform's OAuth scope names. `oauth.scope` takes these (editors complete them) or any other
 * string, for scopes added after this list.
 */
export type Scope =
  | 'account' | 'announcements' | 'edit' | 'flair' | 'history' | 'identity' | 'livemanage' | 'modconfig'
  | 'modcontributors' | 'modflair' | 'modlog' | 'modmail' | 'modnote' | 'modothers' | 'modposts' | 'modself'
  | 'modtraffic' | 'modwiki' | 'mysubreddits' | 'privatemessages' | 'read' | 'report' | 'save'
  | 'structuredstyles' | 'submit' | 'subscribe' | 'vote' | 'wikiedit' | 'wikiread';

/** Scopes to ask for: a non-empty list of names, or `'*'` for all (the default). */
export type ScopeList = '*' | ReadonlyArray<Scope | (string & {})>;

/** A "script" app: a bot acting for its own developer account (password grant). */
export type ScriptOAuth = {
  type: 'script';
  /** The app's client id, from the app preferences page. */
  key: string;
  /** The app's secret. */
  secret: string;
  username: string;
  /** The account's password; with 2FA, `password:123456`. */
  password: string;
  /** @default '*' */
  scope?: ScopeList;
};

/** A "web" app: the authorization-code flow (`getAuthUrl()`, then `auth(code)`). */
export type ExplicitOAuth = {
  type: 'explicit';
  key: string;
  secret: string;
  /** The redirect URI registered for the app, exactly as registered. */
  redirectUri: string;
  /** @default '*' */
  scope?: ScopeList;
  /** `permanent` asks for a refresh token so the instance can renew its access. @default 'temporary' */
  duration?: 'temporary' | 'permanent';
};

/** An "installed" app: the implicit flow, a one-hour token from the redirect, no secret. */
export type ImplicitOAuth = {
  type: 'implicit';
  key: string;
  redirectUri: string;
  /** @default '*' */
  scope?: ScopeList;
  /** Sent with application-only tokens; 20 to 30 characters. @default 'DO_NOT_TRACK_THIS_DEVICE' */
  deviceId?: string;
};

/** Credentials of the one account an instance acts for: one of the three app types. */
export type OAuthOptions = ScriptOAuth | ExplicitOAuth | ImplicitOAuth;

/** Options of `new Snoopath(options)`; validated once, in the constructor (a bad one throws `ConfigError`). */
export type SnoopathOptions = {
  /** Sent as `User-Agent` where the runtime allows it: `<platform>:<app ID>:<version> (by /u/<username>)`. */
  userAgent: string;
  /** Credentials of the one account this instance acts for; required unless `useBrowserCookies`. */
  oauth?: OAuthOptions;
  /** Use the browser's session cookies instead of OAuth. @default false */
  useBrowserCookies?: boolean;
  /**
   * Minimum gap in ms between the starts of two requests; 0 disables. Left out, 1000 ms apply until
   * the platform has told the rate-limit budget, then its own pacing alone.
   */
  throttle?: number;
  /** Decode HTML entities in every string value of parsed JSON responses. @default false */
  decodeHtmlEntities?: boolean;
  /**
   * Send `raw_json=1` with every API request, as PRAW does: the platform then answers text as
   * people wrote it (`fish & chips`), at no cost. `false` gets its legacy escaped text
   * (`fish &amp; chips`), which `decodeHtmlEntities` can undo. Also a per-call option. @default true
   */
  rawJson?: boolean;
  /** How many times a failed request is sent again. @default 60 */
  retryAttempts?: number;
  /** Wait in ms between a failure and the next send. @default 5000 */
  retryDelay?: number;
  /** Limit in ms for one send, counted from when it leaves the queue. @default 20000 */
  requestTimeout?: number;
  /**
   * The most bytes (decoded) one answer may have: reading stops as soon as an answer passes it, and
   * the call rejects with `ResponseError` `code: 'RESPONSE_TOO_LARGE'` (not retried). It bounds what
   * a broken or hostile server (a compression bomb, an endless body) can cost. Uploads keep their own
   * limits. @default 33554432 (32 MiB)
   */
  maxResponseSize?: number;
  /** Auto-filled `api_type` parameter; `false` turns it off. @default 'json' */
  apiType?: string | false;
  /** Where API calls go: a host (https) or an origin; plain http only on loopback. @default 'oauth.reddit.com' */
  apiServerUri?: string;
  /** Where token, revoke and authorize URLs go. @default 'www.reddit.com' */
  authServerUri?: string;
  /** snoocore's name for `apiServerUri`. */
  serverOAuth?: string;
  /** snoocore's name for `authServerUri`. */
  serverWWW?: string;
  /** Authorize URLs use `/api/v1/authorize.compact`. @default false */
  mobile?: boolean;
  /** A custom fetch, called as `fetch(request, init)`; every request of the instance goes through it, token requests included. */
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  /**
   * Node only: send every request (token requests included) through this proxy, an `http:` or
   * `https:` URL without a path (credentials in it go as `Proxy-Authorization`, never to the
   * platform), or `'env'` to read `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY`. https requests go
   * through a CONNECT tunnel. Excludes `fetch` (route your own fetch yourself).
   * @example new Snoopath({ userAgent, oauth, proxy: 'http://proxy.example:3128' })
   */
  proxy?: string;
  /** Reject a call to a known endpoint early when `oauth.scope` lacks the scope it needs. @default true */
  checkScopes?: boolean;
  /** Where tokens live across restarts. */
  tokenStore?: TokenStore;
  /**
   * Whose rate-limit budget the instance spends: `'app'` shares one with every instance of the same
   * client id and API origin in the process; `'instance'` paces this instance alone; `sharedLimit()`
   * from `snoopath/shared-limit` shares it with other processes through Redis (docs/rate-limits.md). @default 'app'
   */
  limiter?: 'app' | 'instance' | SharedLimiter;
  /** A RATELIMIT answer asking to wait at most this many ms is waited out and sent again once; a longer one rejects at once. @default 5000 */
  ratelimitWait?: number;
  /**
   * "Defer, don't sleep": a call whose send would wait longer than this many ms, for the app's
   * budget, a 429's pause or a RATELIMIT cooldown, rejects at once with `RateLimitError` (its
   * `retryAfter` says when to come back), unsent. Also a call option. Left out: calls wait as long
   * as it takes (at most a window, 600 s, per wait). With `ratelimitWait`, the smaller limit wins.
   * @example new Snoopath({ userAgent, oauth, maxWait: 2000 }) // a job queue reschedules instead
   */
  maxWait?: number;
  /**
   * Share of a window's budget (0 to 0.9) that low-priority sends (stream polls, listing pages after
   * the first, tree expansion) leave for the others, so a high or normal call finds room at once.
   * Instances of one app that differ get the largest. @default 0.1
   */
  reserve?: number;
  /** Where log lines go (`{ debug, info, warn, error }`, e.g. `console`); a level left out keeps its default (warn and error on the console). */
  log?: Partial<Logger>;
};
