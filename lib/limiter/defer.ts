import { RateLimitError, type RateLimitReason } from '../errors/classes.js';
import type { SendOptions } from './types.js';

const WHAT: Record<RateLimitReason, string> = {
  budget: "the app's rate-limit budget",
  '429': 'the pause after a 429',
  ratelimit: "this account's RATELIMIT cooldown",
};

/**
 * The error of a send not made because it would wait `wait` ms, more than its `maxWait`: "defer,
 * don't sleep". Nothing reached the platform, so a job queue may schedule the call again after
 * `retryAfter` ms.
 */
export function deferred(send: SendOptions, wait: number, reason: RateLimitReason): RateLimitError {
  // The send's URL comes from its Request: always a whole URL.
  const where = send.url ? `${send.method ?? 'GET'} ${new URL(send.url).pathname}` : 'the call';
  const retryAfter = Math.ceil(wait);
  return new RateLimitError(`${where} was not sent: it would wait ${Math.ceil(retryAfter / 1000)} s for ${WHAT[reason]}, longer than maxWait (${send.maxWait} ms); retry after error.retryAfter ms.`, {
    retryAfter, reason, attempts: send.sends ?? 0,
  });
}
