import { HTTPError } from 'ky';
import { NetworkError, ResponseError, SnoopathError, TimeoutError } from '../errors.js';
import type { SendContext } from './context.js';
import { errorTriples, parseText, pathOf } from './response.js';

/** Map whatever a send raised (ky's errors, the runtime's) to snoopath's documented classes. */
export function toSnoopathError(error: unknown, ctx: SendContext): Error {
  if (error instanceof HTTPError) return responseError(error.response, error.request.method, error.data, ctx.sends);
  if (error instanceof TimeoutError || error instanceof NetworkError) {
    error.attempts = ctx.sends;
    return error;
  }
  if (error instanceof SnoopathError) return error;
  return error instanceof Error ? error : new Error(String(error));
}

/** A ResponseError from a non-2xx answer, with a message that says what to do. */
export function responseError(response: Response, method: string, data: unknown, attempts: number): ResponseError {
  const body = typeof data === 'string' ? parseText(data) : data;
  const { status } = response;
  const path = pathOf(response);
  const hint =
    status === 401 ? 'the token was refused: check the app credentials and that the user authorized this app'
    : status === 403 ? 'forbidden: the token may lack a scope this endpoint needs, or the account may not do this'
    : status === 404 ? 'not found: check the path and its $params'
    : status === 429 ? 'rate limited too many times in a row: lower the request rate'
    : status >= 500 ? 'the platform failed; retries were exhausted (see retryAttempts)'
    : 'the platform refused the request: check the arguments';
  return new ResponseError(`${method} ${path} answered ${status}: ${hint}.`, {
    status, method, url: response.url, body, errors: errorTriples(body), attempts,
  });
}
