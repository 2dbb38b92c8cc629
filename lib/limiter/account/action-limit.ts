/**
 * The platform's per-action limit (posting, commenting, messaging; per account): a 2xx answer whose
 * `json.errors` holds `['RATELIMIT', 'you are doing that too much. try again in 3 minutes.', 'ratelimit']`
 * and whose `json.ratelimit` gives the seconds to wait. Pure: reading what the answer asks for.
 */

import { serverWait } from '../headers.js';

const UNITS: Record<string, number> = { ms: 1, millisecond: 1, s: 1000, sec: 1000, second: 1000, m: 60_000, min: 60_000, minute: 60_000, h: 3_600_000, hour: 3_600_000 };

/** The platform's messages are about 60 characters: a longer one is read this far, no further. */
const MESSAGE_READ = 500;

/**
 * An amount and the word after it. The amount must start a number (the lookbehind), so each
 * character is tried as a start once and a run of digits is walked through once: linear time,
 * where `(\d+)\s*unit` alone went back over every shorter run of digits at every position.
 */
const AMOUNT = /(?<![\d.])(\d+(?:\.\d+)?)(?![\d.])\s*([a-z]+)/gi;

/** The wait a message names ("try again in 3 minutes", "1 minute and 30 seconds", "500 milliseconds"), in ms; undefined without a number. */
export function waitInMessage(message: string): number | undefined {
  let total: number | undefined;
  for (const [, amount, word] of message.slice(0, MESSAGE_READ).matchAll(AMOUNT)) {
    const name = word!.toLowerCase();
    const unit = UNITS[name] ?? UNITS[name.replace(/s$/, '')];
    if (unit !== undefined) total = (total ?? 0) + Number(amount) * unit;
  }
  return total === undefined ? undefined : Math.ceil(serverWait(total));
}

/**
 * `{ code: 'RATELIMIT', retryAfter }` when the answer is a per-action limit: `retryAfter` in ms from
 * `json.ratelimit` (seconds), else from the message, undefined when neither gives a number; at most
 * the longest server wait (600 s), however large the figure.
 */
export function ratelimitOf(body: unknown, errors: ReadonlyArray<readonly [string, string, string?]>): { code: 'RATELIMIT'; retryAfter: number | undefined } | undefined {
  const entry = errors.find(([code]) => code === 'RATELIMIT');
  if (!entry) return undefined;
  const raw = (body as { json?: { ratelimit?: unknown } } | null)?.json?.ratelimit;
  const seconds = typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '') ? Number(raw) : NaN;
  return { code: 'RATELIMIT', retryAfter: seconds >= 0 ? Math.ceil(serverWait(seconds * 1000)) : waitInMessage(entry[1]) };
}
