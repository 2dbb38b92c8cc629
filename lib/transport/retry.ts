import { HTTPError, type RetryOptions } from 'ky';
import { NetworkError, TimeoutError } from '../errors/classes.js';
import type { SendContext } from './context.js';
import { toSnoopathError } from './errors.js';

/** A call gives up after this many 429s in a row (the pacer already waits out each one). */
export const MAX_CONSECUTIVE_429 = 10;

/** Every verb may be retried; which failures are retried is decided below. */
const ALL_METHODS: Array<'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options'> = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/**
 * Retries are ky's; the decision is ours, per call, because the platform needs three budgets that
 * ky's single `limit` cannot express: `retryAttempts` for failures, ten 429s in a row (not counted
 * as failures), and one resend after renewing a refused token.
 */
export function retryPolicy(ctx: SendContext): RetryOptions {
  return {
    // An upper bound only: shouldRetry below does the real accounting.
    limit: (ctx.retryAttempts + 1) * (MAX_CONSECUTIVE_429 + 1) + 1,
    methods: ALL_METHODS,
    delay: () => ctx.nextDelay,
    shouldRetry: async ({ error, retryCount }) => {
      const retry = await decide(ctx, error);
      if (retry && ctx.host.events.has('retry')) ctx.host.events.emit('retry', { attempt: retryCount, delay: ctx.nextDelay, error: await toSnoopathError(error, ctx, false) });
      return retry;
    },
  };
}

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
    return status >= 500 && spendFailure(ctx);
  }
  ctx.consecutive429 = 0;
  const transient = error instanceof TimeoutError || error instanceof NetworkError;
  return transient && ctx.idempotent && spendFailure(ctx);
}

function spendFailure(ctx: SendContext): boolean {
  if (ctx.failures >= ctx.retryAttempts) return false;
  ctx.failures++;
  ctx.nextDelay = ctx.retryDelay;
  return true;
}
