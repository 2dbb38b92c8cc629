import { HTTPError, type RetryOptions } from 'ky';
import { NetworkError, ResponseError, TimeoutError } from '../errors/classes.js';
import type { SendContext } from './context.js';
import { toSnoopathError } from './failures/convert.js';

/** A call gives up after this many 429s in a row (the pacer already waits out each one). */
export const MAX_CONSECUTIVE_429 = 10;

/** Every verb may be retried; which failures are retried is decided below. */
const ALL_METHODS: Array<'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options'> = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/**
 * Retries are ky's; the decision is ours, per call, and made here only: the platform needs three
 * budgets that ky's single `limit` cannot express: `retryAttempts` for failures (5xx, network
 * failures and timeouts of idempotent requests, RATELIMIT refusals short enough to wait for), ten
 * 429s in a row (not counted as failures), and one resend after renewing a refused token.
 */
export function retryPolicy(ctx: SendContext): RetryOptions {
  return {
    // An upper bound only: shouldRetry below does the real accounting.
    limit: (ctx.retryAttempts + 1) * (MAX_CONSECUTIVE_429 + 1) + 1,
    methods: ALL_METHODS,
    delay: () => ctx.nextDelay,
    shouldRetry: async ({ error, retryCount }) => {
      const retry = await decide(ctx, error);
      if (retry && ctx.host.events.has('retry')) {
        // A RATELIMIT resend waits in the pacer (the account's cooldown), not in ky: tell the wait it will be.
        const delay = isRatelimit(error) ? error.retryAfter! : ctx.nextDelay;
        ctx.host.events.emit('retry', { attempt: retryCount, delay, error: await toSnoopathError(error, ctx, false) });
      }
      return retry;
    },
  };
}

const isRatelimit = (error: Error): error is ResponseError => error instanceof ResponseError && error.code === 'RATELIMIT';

async function decide(ctx: SendContext, error: Error): Promise<boolean> {
  if (error instanceof HTTPError) {
    const { status } = error.response;
    if (status === 429) {
      ctx.consecutive429++;
      // No delay here: the pacer saw the 429 and holds every send until the window allows.
      ctx.nextDelay = 0;
      return ctx.consecutive429 < MAX_CONSECUTIVE_429;
    }
    ctx.consecutive429 = 0;
    if (status === 401 && ctx.reauthorize && !ctx.reauthorized) {
      ctx.reauthorized = true;
      ctx.nextDelay = 0;
      await ctx.reauthorize(error.request.headers);
      return true;
    }
    return status >= 500 && spendFailure(ctx, ctx.retryDelay);
  }
  ctx.consecutive429 = 0;
  // The platform refused the action and said for how long: nothing was applied, so any verb may be
  // sent again, once the account's cooldown (held by the pacer) is over, if the caller waits that long.
  // With maxWait too, the smaller limit wins: a longer wait rejects with the refusal itself.
  if (isRatelimit(error)) return error.retryAfter !== undefined && error.retryAfter <= Math.min(ctx.ratelimitWait, ctx.maxWait ?? Infinity) && spendFailure(ctx, 0);
  const transient = error instanceof TimeoutError || error instanceof NetworkError;
  return transient && ctx.idempotent && spendFailure(ctx, ctx.retryDelay);
}

function spendFailure(ctx: SendContext, delay: number): boolean {
  if (ctx.failures >= ctx.retryAttempts) return false;
  ctx.failures++;
  ctx.nextDelay = delay;
  return true;
}
