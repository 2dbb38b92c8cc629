import { RateLimitError, type RateLimitReason } from '../errors/classes.js';
import type { SendOptions } from './types.js';

const WHAT: Record<RateLimitReason, string> = {
  budget: "for the app's rate-limit budget",
  '429': 'for the pause after a 429 (too many requests)',
  ratelimit: "for this account's RATELIMIT cooldown of this action",
};

/** Seconds, rounded up, for messages. */
const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`;

/**
 * The error of a send not made because it would wait `wait` ms, more than its `maxWait`: "defer,
 * don't sleep". Nothing reached the platform, so a job queue may schedule the call again after
 * `retryAfter` ms.
 */
export function deferred(send: SendOptions, wait: number, reason: RateLimitReason): RateLimitError {
  let where = 'the call';
  if (send.url) {
    try {
      where = `${send.method ?? 'GET'} ${new URL(send.url).pathname}`;
    } catch {
      // a URL the platform would not take either: name the call
    }
  }
  const retryAfter = Math.ceil(wait);
  return new RateLimitError(`${where} was not sent: it would wait ${seconds(retryAfter)} ${WHAT[reason]}, longer than maxWait (${send.maxWait} ms); schedule it again after error.retryAfter ms.`, {
    retryAfter, reason, attempts: send.sends ?? 0,
  });
}
