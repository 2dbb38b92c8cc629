import type { RateLimitState } from '../events/emitter.js';

/**
 * The longest wait snoopath takes from a server (Retry-After, X-Ratelimit-Reset, a RATELIMIT
 * answer): the platform's window, 600 s. A longer figure (a broken or hostile server, a proxy's
 * error page) is read as this, so no wait is ever endless and no timer is armed past what it can hold.
 */
export const MAX_SERVER_WAIT_MS = 600_000;

/** A wait a server named, in ms: finite, 0 or more, at most {@link MAX_SERVER_WAIT_MS}. */
export const serverWait = (ms: number): number => (Number.isNaN(ms) ? 0 : Math.min(MAX_SERVER_WAIT_MS, Math.max(0, ms)));

/** A header's number; NaN for a blank value (Number('') would be 0 and read as a spent budget). */
const number = (text: string | null): number => (text === null || text.trim() === '' ? NaN : Number(text));

/** Read the platform's X-Ratelimit-* headers; undefined when the response carries none (or garbage). The reset is at most 600 s. */
export function readRateLimit(headers: Headers): RateLimitState | undefined {
  const remaining = headers.get('x-ratelimit-remaining');
  const reset = headers.get('x-ratelimit-reset');
  if (remaining === null || reset === null) return undefined;
  const state = {
    used: number(headers.get('x-ratelimit-used') ?? '0'),
    remaining: number(remaining),
    reset: number(reset),
  };
  if (!Number.isFinite(state.remaining) || !Number.isFinite(state.used) || Number.isNaN(state.reset)) return undefined;
  state.reset = serverWait(state.reset * 1000) / 1000;
  return state;
}

/** Retry-After in seconds (a number of seconds or an HTTP date); undefined when absent or garbage. */
function retryAfterHeader(headers: Headers, now: number): number | undefined {
  const header = headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(header) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isNaN(seconds) ? undefined : seconds;
}

/**
 * Seconds to wait after a 429: the later of Retry-After (else `backoff`, the caller's capped
 * exponential back-off) and the end of a window the answer says is spent (its X-Ratelimit-Reset,
 * plus the second it is rounded down by); at least 1 s, at most 600 s. Waiting out Retry-After
 * alone inside a spent window only brings more 429s.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now(), backoff = 1): number {
  const reset = number(headers.get('x-ratelimit-reset'));
  const spent = !(number(headers.get('x-ratelimit-remaining')) >= 1);
  const window = spent && reset >= 0 ? reset + 1 : 0;
  const seconds = Math.max(retryAfterHeader(headers, now) ?? backoff, window, 1);
  return serverWait(seconds * 1000) / 1000;
}

/** The capped exponential back-off after `n` refusals in a row without a Retry-After: 1, 2, 4 ... 60 s. */
export const backoffSeconds = (n: number): number => Math.min(60, 2 ** Math.max(0, n - 1));

/**
 * 429s in a row from one host, and the pause each asks for: `retryAfterSeconds` with the back-off
 * grown by the run (1, 2, 4 ... 60 s when no Retry-After says how long). A success ends the run.
 */
export class Refusals {
  #inARow = 0;

  /** The pause in ms after one more 429. */
  pauseMs(headers: Headers, now: number): number {
    return retryAfterSeconds(headers, now, backoffSeconds(++this.#inARow)) * 1000;
  }

  /** An answer that is not a 429: a success starts the back-off over, a failure leaves it. */
  answered(response: Response): void {
    if (response.ok) this.#inARow = 0;
  }
}
