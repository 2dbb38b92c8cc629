import { HTTPError } from 'ky';
import { SnoopathError } from '../errors/classes.js';
import { loadDeep } from '../redact/redactor.js';
import type { SendContext } from './context.js';

/**
 * The words of failures, loaded by the first one (lib/transport/failures.ts), with the redaction
 * walker: every error payload is built after this resolved, so events can clean it synchronously.
 */
let loading: Promise<typeof import('./failures.js')> | undefined;
export const failures = () => (loading ??= Promise.all([import('./failures.js'), loadDeep()]).then(([words]) => words));

/**
 * Map whatever a send raised (ky's errors, the runtime's) to snoopath's documented classes.
 * `final`: the call gives up with it (false for the `retry` event's copy, sent before a retry).
 * It loads the failure chunk first, so the error can be cleaned of secrets wherever it goes.
 */
export async function toSnoopathError(error: unknown, ctx: SendContext, final = true): Promise<Error> {
  const words = await failures();
  if (error instanceof HTTPError) return words.responseError(error.response, error.request.method, ctx.text, ctx, final);
  // Timeouts and network failures count their sends where they are made: one raised by a token
  // request that this call waited for keeps the token request's count.
  if (error instanceof SnoopathError) return error;
  return error instanceof Error ? error : new Error(String(error));
}
