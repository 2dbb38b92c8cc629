import { NetworkError, ResponseError, TimeoutError } from '../../errors/classes.js';
import { reasonOf } from '../../errors/reason.js';
import { errorTriples, mayBeRatelimitRefusal } from './triples.js';
import { ratelimitOf } from '../../limiter/account/action-limit.js';
import { unavailableSubreddit } from './unavailable.js';

/*
 * The words of failures: a part of their own, which the transport loads through its host when a send
 * fails or is refused (lib/core/chunks.ts): a call that succeeds never loads them, so a page's first
 * call fetches 2 KB gzip less.
 */

/**
 * What the words read of a call's context (SendContext, lib/transport/context.ts, has it all; this
 * module does not import it, since the context names this module as the part it loads).
 */
export interface CallFacts {
  readonly sends: number;
  readonly retryAttempts: number;
  readonly requestTimeout: number;
  readonly appOnly: boolean;
  readonly text: string;
}

/** The path a response answered, for messages (a mocked response may have no URL). */
export const pathOf = (response: Response): string => new URL(response.url || 'http://x/').pathname;

/** JSON when it parses, the text otherwise (5xx and some 429 bodies are HTML). */
export function parseText(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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
function hintFor(status: number, response: Response, ctx: CallFacts, final: boolean): string {
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

/**
 * A ResponseError from a non-2xx answer, with a message that says what to do. `final`: the call
 * gives up with it (false for `response_error` and `retry` payloads, sent before a retry).
 */
export function responseError(response: Response, method: string, text: string, ctx: CallFacts, final: boolean): ResponseError {
  // An empty body, or one that is not JSON despite its content type, stays the text it is.
  const body = parseText(text);
  const { status } = response;
  const said = platformSays(body);
  // A subreddit that exists but cannot be read says why: private, banned, quarantined, gated.
  const closed = unavailableSubreddit(response.url, status, body);
  const hint = closed ? `r/${closed.name} ${closed.says}` : hintFor(status, response, ctx, final);
  return new ResponseError(`${method} ${pathOf(response)} answered ${status}${said ? ` (the platform says: ${said})` : ''}: ${hint}.`, {
    status, method, url: response.url, body, errors: errorTriples(body), attempts: ctx.sends, code: closed?.code,
  });
}

/** `GET https://host/path`, for messages: the host matters when an auth server does not answer. */
export const what = (request: Request) => {
  const url = new URL(request.url);
  return `${request.method} ${url.origin}${url.pathname}`;
};

/** A send that got no complete answer: it ran out of time (no `error`), or the connection failed. */
export function sendError(ctx: CallFacts, request: Request, error?: unknown): TimeoutError | NetworkError {
  let failure: TimeoutError | NetworkError;
  if (error === undefined) {
    failure = new TimeoutError(`${what(request)} timed out: no complete answer within ${ctx.requestTimeout} ms. Raise requestTimeout if the server is slow, or check that it is the right one.`);
  } else {
    const cause = (error as { cause?: unknown })?.cause ?? error;
    failure = new NetworkError(`${what(request)} failed (${reasonOf(cause)}): check the network, or apiServerUri/authServerUri.`, error);
  }
  // The sends of this request so far, this one included (the last error is the one the call rejects with).
  failure.attempts = ctx.sends;
  return failure;
}

/** An answer whose body passed maxResponseSize (decoded): reading stopped there; never retried. */
export function tooLarge(ctx: CallFacts, request: Request, response: Response, limit: number): ResponseError {
  const type = response.headers.get('content-type');
  const encoding = response.headers.get('content-encoding');
  const sent = [type, encoding].filter(Boolean).join(', ');
  return new ResponseError(`${what(request)} answered ${response.status} with a body${sent ? ` (${sent})` : ''} larger than maxResponseSize (${limit} bytes decoded): reading stopped there, not retried. The platform's answers are far smaller (a server or proxy misbehaves); to accept one this large, raise maxResponseSize for this call.`, {
    status: response.status, method: request.method, url: request.url, body: '', errors: [], attempts: ctx.sends, code: 'RESPONSE_TOO_LARGE',
  });
}

/**
 * The platform's answer for a subreddit that does not exist: a redirect from its path to the
 * search page. Not followed: an empty search result would pass for an empty listing.
 */
export function subredditNotFound(ctx: CallFacts, request: Request, response: Response, name: string): ResponseError {
  return new ResponseError(`${request.method} ${new URL(request.url).pathname} answered ${response.status}, a redirect to the subreddit search: r/${name} does not exist. Check its spelling (the platform sends an unknown name to its search).`, {
    status: response.status, method: request.method, url: request.url, body: ctx.text, errors: [], attempts: ctx.sends, code: 'SUBREDDIT_NOT_FOUND',
  });
}

/** Answers a redirect cannot be checked on (see checkRedirected in lib/transport/fetch.ts). */
export function uncheckedRedirect(ctx: CallFacts, request: Request, response: Response): ResponseError {
  const details = { method: request.method, url: request.url, body: ctx.text, errors: [], attempts: ctx.sends };
  return response.status === 0
    ? new ResponseError(`${what(request)} answered a redirect whose target the browser hides (an opaque redirect): snoopath does not follow redirects it cannot check, so credentials stay on their server. Call the final URL directly.`, { ...details, status: 0 })
    : new ResponseError(`${what(request)} was redirected to another origin, ${new URL(response.url).origin}, by the custom fetch, which ignored redirect: 'manual': its answer is refused. Make the custom fetch pass init.redirect on.`, { ...details, status: response.status });
}

/** A redirect snoopath does not follow: to another origin, of a write, or one too many. */
export function refusedRedirect(ctx: CallFacts, request: Request, response: Response, location: string, target: URL | undefined, max: number): ResponseError {
  const from = new URL(request.url);
  const why =
    !target || target.origin !== from.origin
      ? `to another origin, ${target?.origin ?? JSON.stringify(location.slice(0, 80))}: snoopath never follows a redirect away from the server it was given, so no credential is sent there. If you trust that server, call it directly`
      : request.method !== 'GET' && request.method !== 'HEAD'
        ? `to ${target.pathname}: only GET and HEAD follow redirects (a ${request.method} could be applied twice or lose its body). Call ${target.pathname} directly`
        : `more than ${max} times in a row (last to ${target.pathname}): the server may be redirecting in a loop`;
  return new ResponseError(`${request.method} ${from.pathname} answered ${response.status} and was redirected ${why}.`, {
    status: response.status, method: request.method, url: request.url, body: ctx.text, errors: [], attempts: ctx.sends,
  });
}

/** The start of a text, on one line, for messages. */
const preview = (text: string, length = 80): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > length ? `${line.slice(0, length)}...` : line);
};

/** A 2xx answer that is not the value it should be (see readBody in lib/transport/response.ts). */
export function bodyError(kind: 'text' | 'invalid' | 'errors', response: Response, text: string, method: string, attempts: number, body?: unknown): ResponseError {
  const details = { status: response.status, method, url: response.url, body: text, errors: [] as Array<[string, string, string?]>, attempts };
  const where = `${method} ${pathOf(response)}`;
  if (kind === 'errors') {
    const errors = errorTriples(body);
    const summary = errors.map(([code, message, field]) => `${code}: ${message}${field ? ` (${field})` : ''}`).join('; ');
    return new ResponseError(`${where} was refused by the platform: ${summary}`, { ...details, body, errors, ...ratelimitOf(body, errors) });
  }
  if (kind === 'invalid') return new ResponseError(`${where} answered ${response.status} with a body that is not valid JSON (starting ${preview(text)}); it is kept in error.body.`, details);
  const type = response.headers.get('content-type') ?? '';
  const said = /html/i.test(type) || /^\s*</.test(text) ? 'an HTML page' : text === '' ? 'an empty body' : 'text that is not JSON';
  return new ResponseError(`${where} answered ${response.status} with ${said} (content type ${type ? JSON.stringify(type) : 'not given'}${text ? `, starting ${preview(text)}` : ''}) where JSON was expected: the server, or a proxy in front of it, did not answer as the API does; it may be down or in maintenance, try again later.`, details);
}

/**
 * A 2xx answer that is a per-action RATELIMIT refusal (`json.errors` holding `RATELIMIT`), as the
 * error the call rejects with unless lib/transport/retry.ts sends it again; undefined for any other answer.
 */
export function ratelimitRefusal(response: Response, method: string, ctx: CallFacts): ResponseError | undefined {
  const text = ctx.text;
  if (!mayBeRatelimitRefusal(text)) return undefined;
  const body = parseText(text);
  const errors = errorTriples(body);
  return errors.some(([code]) => code === 'RATELIMIT') ? bodyError('errors', response, text, method, ctx.sends, body) : undefined;
}
