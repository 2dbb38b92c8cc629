import { HTTPError } from 'ky';
import { NetworkError, ResponseError, SnoopathError, TimeoutError } from '../errors.js';
import type { SendContext } from './context.js';
import { errorTriples, parseText, pathOf } from './response.js';

/**
 * Map whatever a send raised (ky's errors, the runtime's) to snoopath's documented classes.
 * `final`: the call gives up with it (false for the `retry` event's copy, sent before a retry).
 */
export function toSnoopathError(error: unknown, ctx: SendContext, final = true): Error {
  if (error instanceof HTTPError) return responseError(error.response, error.request.method, ctx.text, ctx, final);
  if (error instanceof TimeoutError || error instanceof NetworkError) {
    error.attempts = ctx.sends;
    return error;
  }
  if (error instanceof SnoopathError) return error;
  return error instanceof Error ? error : new Error(String(error));
}

/** What the platform said about a refusal: `explanation`, `reason`, `message`, `error_description`, `json.errors`. */
export function platformSays(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of ['explanation', 'reason', 'message', 'error_description']) {
    const value = b[key];
    if (typeof value === 'string' && value.trim() && !parts.includes(value.trim())) parts.push(value.trim());
  }
  for (const [code, message, field] of errorTriples(body)) parts.push(`${code}: ${message}${field ? ` (${field})` : ''}`);
  const text = parts.join('; ');
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** The hint of a status: what it means and what to do. */
function hintFor(status: number, response: Response, ctx: SendContext, final: boolean): string {
  if (status === 401) return 'the token was refused: check the app credentials and that the user authorized this app';
  if (status === 403) {
    if (ctx.appOnly) {
      return 'this call went out with an application-only token (no user is authorized yet, or bypassAuth was set), and this endpoint acts for a user: authorize a user first (auth(), or a refresh or access token), or leave out bypassAuth';
    }
    if (/insufficient_scope/i.test(response.headers.get('www-authenticate') ?? '')) {
      return 'the token lacks a scope this endpoint needs: add it to oauth.scope and authorize again';
    }
    return 'forbidden: the token may lack a scope this endpoint needs, or the account may not do this';
  }
  if (status === 404) return 'not found: check the path and its $params';
  if (status === 429) return final ? 'rate limited too many times in a row: lower the request rate' : 'rate limited: it is sent again once the window allows';
  if (status >= 500) {
    return final
      ? `the server failed; gave up after ${ctx.sends} attempt(s) (retryAttempts: ${ctx.retryAttempts})`
      : 'the server failed; it is sent again while retryAttempts allow';
  }
  return 'the platform refused the request: check the arguments';
}

/** A ResponseError from a non-2xx answer, with a message that says what to do. */
export function responseError(response: Response, method: string, text: string, ctx: SendContext, final: boolean): ResponseError {
  // An empty body, or one that is not JSON despite its content type, stays the text it is.
  const body = parseText(text);
  const { status } = response;
  const said = platformSays(body);
  return new ResponseError(`${method} ${pathOf(response)} answered ${status}${said ? ` (the platform says: ${said})` : ''}: ${hintFor(status, response, ctx, final)}.`, {
    status, method, url: response.url, body, errors: errorTriples(body), attempts: ctx.sends,
  });
}
