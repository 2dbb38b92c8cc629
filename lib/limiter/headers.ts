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
const number = (text: string): number => (text.trim() === '' ? NaN : Number(text));

/** Read the platform's X-Ratelimit-* headers; undefined when the response carries none (or garbage). */
export function readRateLimit(headers: Headers): RateLimitState | undefined {
  const remaining = headers.get('x-ratelimit-remaining');
  const reset = headers.get('x-ratelimit-reset');
  if (remaining === null || reset === null) return undefined;
  const state = {
    used: number(headers.get('x-ratelimit-used') ?? '0'),
    remaining: number(remaining),
    reset: number(reset),
  };
  return Number.isFinite(state.remaining) && Number.isFinite(state.reset) && Number.isFinite(state.used) ? state : undefined;
}

/**
 * Seconds to wait after a 429: Retry-After (seconds or an HTTP date), else the longer of the
 * window's reset and `backoff` (the caller's capped exponential back-off), at least 1 s.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now(), backoff = 1): number {
  const header = headers.get('retry-after');
  let seconds: number | undefined;
  if (header !== null) {
    seconds = /^\s*\d+(\.\d+)?\s*$/.test(header) ? Number(header) : (Date.parse(header) - now) / 1000;
  }
  if (seconds === undefined || !Number.isFinite(seconds)) {
    const reset = Number(headers.get('x-ratelimit-reset') ?? NaN);
    // The platform has been seen answering 429 with reset 0 near a window's end: never a tight loop.
    seconds = Math.max(Number.isFinite(reset) ? reset : 0, backoff);
  }
  return Math.max(1, seconds);
}

/** The capped exponential back-off after `n` refusals in a row without a Retry-After: 1, 2, 4 ... 60 s. */
export const backoffSeconds = (n: number): number => Math.min(60, 2 ** Math.max(0, n - 1));
