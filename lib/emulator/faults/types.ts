/** Public types of the faults on demand (`emu.inject`, docs/emulator.md "Faults on demand"). */

/** Which requests a fault applies to, and to how many of them. */
export interface FaultMatch {
  /** How many matching requests fail. Default 1. */
  times?: number;
  /** HTTP method to match. Default: any (`ratelimitError`: `POST`). */
  method?: string;
  /** Pathname to match: exact string (as sent, `.json` included), or a RegExp tested against it. Default: any. */
  path?: string | RegExp;
}

/**
 * What bots meet on the platform, by name, with each one's options. `emu.inject(kind, options)`
 * arms one; request faults are answered before anything else (they change nothing and are not
 * counted), the others act where the platform would.
 */
export interface InjectableFaults {
  /**
   * HTTP 429. With `Retry-After` (`retryAfter` seconds, default 2; `false` leaves it out) and the
   * rate headers of a spent window (`X-Ratelimit-Remaining: 0`, `-Reset: retryAfter`; `rateHeaders: false` leaves them out).
   */
  rateLimited: FaultMatch & { retryAfter?: number | false; rateHeaders?: boolean };
  /**
   * HTTP 200 with `json.errors` `RATELIMIT` in the platform's words ("try again in 3 minutes.") and
   * `json.ratelimit`: `wait` seconds (default 60). Applies to `POST`s but token and revoke requests
   * (which never get it on the platform) unless `method` or `path` say otherwise.
   */
  ratelimitError: FaultMatch & { wait?: number };
  /** A 5xx (`status`, default 503) with the platform's HTML error page. */
  serverError: FaultMatch & { status?: number };
  /** The connection is reset: no answer at all. */
  reset: FaultMatch;
  /** The answer comes `delay` ms late (default 2000), otherwise as usual. */
  slow: FaultMatch & { delay?: number };
  /** The next `times` `/api/morechildren` calls are refused with 429, as when another call of the account is in progress. */
  moreChildrenBusy: { times?: number };
  /** The next `times` media websockets are refused at the handshake (HTTP `status`, default 403): no result comes. */
  websocketRefused: { times?: number; status?: number };
  /** The next `times` media websockets are accepted and never say anything (until `close()`). */
  websocketSilent: { times?: number };
  /**
   * Posts or comments deleted by their authors, now: gone from every listing; `/api/info` still
   * answers them, with `author` and text `[deleted]`. Message fullnames (`t4_`) are deleted outright.
   */
  deleted: { items: string | readonly string[] };
  /** Posts or comments removed by a moderator, now: gone from every listing, logged in the mod log; `/api/info` shows `[removed]` and `removed_by_category: "moderator"`. */
  removed: { items: string | readonly string[] };
  /**
   * Every refresh token issued so far is revoked, with the access tokens it made (as when the user
   * revokes the app): calls answer 401, and renewing answers `{"error": "invalid_grant"}`.
   */
  refreshRevoked: Record<never, never>;
}

/** The name of a fault on demand. */
export type InjectableFault = keyof InjectableFaults;

/** The options argument of `emu.inject(kind, ...)`: required where the fault needs one (`deleted`, `removed`). */
export type InjectOptions<K extends InjectableFault> = object extends InjectableFaults[K] ? [options?: InjectableFaults[K]] : [options: InjectableFaults[K]];
