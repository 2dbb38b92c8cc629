import { HTTPError } from 'ky';
import { SnoopathError } from '../../errors/classes.js';
import type { SendContext } from '../context.js';

/**
 * Map whatever a send raised (ky's errors, the runtime's) to snoopath's documented classes.
 * `final`: the call gives up with it (false for the `retry` event's copy, sent before a retry).
 */
export async function toSnoopathError(error: unknown, ctx: SendContext, final = true): Promise<Error> {
  if (error instanceof HTTPError) return (await ctx.host.failures()).responseError(error.response, error.request.method, ctx.text, ctx, final);
  // Timeouts and network failures count their sends where they are made: one raised by a token
  // request that this call waited for keeps the token request's count.
  if (error instanceof SnoopathError) return error;
  return error instanceof Error ? error : new Error(String(error));
}
