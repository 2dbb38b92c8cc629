import type { BodyType } from '../request/encode.js';

/** Options of one call; each overrides the instance's value for this call only. */
export interface CallOptions {
  /** Decode HTML entities in the string values of the parsed response. */
  decodeHtmlEntities?: boolean;
  /** `false` leaves out `raw_json=1` for this call: the platform's escaped text (`&amp;`). */
  rawJson?: boolean;
  /** How many times a failed request is sent again. */
  retryAttempts?: number;
  /** Wait in ms between a failure and the next send. */
  retryDelay?: number;
  /** Limit in ms for one send, counted from when it leaves the queue. */
  requestTimeout?: number;
  /** Auto-filled `api_type`; `false` leaves it out. */
  apiType?: string | false;
  /** Use the application-only token for this call. */
  bypassAuth?: boolean;
  /** For endpoints that answer an array of listings (`/comments/$article`): which one to slice. */
  listingIndex?: number;
  /** `'json'` sends a JSON body instead of a form; `'query'` puts the arguments in the query string, whatever the verb. */
  bodyType?: BodyType;
  /** Aborting rejects the call and cancels any send or wait in progress. */
  signal?: AbortSignal;
  /** The longest RATELIMIT wait (ms) this call waits out before sending again; a longer one rejects at once. */
  ratelimitWait?: number;
  /**
   * The longest this call's sends wait (ms) for the app's budget, a 429's pause or a RATELIMIT
   * cooldown: a longer wait rejects at once with `RateLimitError` (`retryAfter`, `reason`), unsent.
   */
  maxWait?: number;
  /**
   * Among calls waiting for the app's budget, high go before normal before low (first come, first
   * served within one), across processes with `sharedLimit()` too; low ones never spend the
   * `reserve`. Listing pages after the first, tree expansion and stream polls default to `'low'`.
   * @default 'normal'
   */
  priority?: 'high' | 'normal' | 'low';
  /** The most bytes (decoded) this call's answer may have (a large wiki page, say); past it the call rejects with RESPONSE_TOO_LARGE. */
  maxResponseSize?: number;
}
