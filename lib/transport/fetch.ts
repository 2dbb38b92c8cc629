import { NetworkError, SnoopathError, TimeoutError } from '../errors/classes.js';
import type { SendContext } from './context.js';
import { BodyTooLarge, hasBody, LightResponse } from './light-response.js';
import { readLimited } from './read-limited.js';
import { redirectTarget } from './response.js';
import { missingSubreddit } from './failures/missing.js';
import { mayBeRatelimitRefusal } from './failures/triples.js';

/** The abort reason of a send that ran out of time (its TimeoutError is worded in lib/transport/failures/words.ts). */
const TIMED_OUT = Symbol('timed out');

/**
 * One send: it waits for the pacer, then the timeout runs from when it leaves the queue until the
 * whole body has arrived. Reading the body here, inside the send ky retries, makes a server that
 * sends headers and then stalls a timeout of this send (retried like any other), not a hang, and
 * lets a RATELIMIT refusal (an answer of 200) be a failure of this send, which the pacer records and
 * lib/transport/retry.ts may send again. The body is read up to `maxResponseSize` decoded bytes
 * (lib/transport/read-limited.ts). The answer is handed on as a light Response over the text
 * (also kept in `ctx.text`). fetch never follows a redirect itself (`redirect: 'manual'`);
 * lib/transport/redirect.ts decides.
 */
export function pacedFetch(ctx: SendContext, request: Request): Promise<Response> {
  const { host } = ctx;
  const { method, url } = request;
  return host.pacer.send(async () => {
    ctx.sends++;
    // One controller for both the caller's abort and the timeout (AbortSignal.any costs more per call).
    const controller = new AbortController();
    const abort = () => controller.abort(request.signal.reason);
    request.signal.addEventListener('abort', abort, { once: true });
    // Aborted between the pacer's admission and now: no event will come.
    if (request.signal.aborted) abort();
    const timer = setTimeout(() => controller.abort(TIMED_OUT), ctx.requestTimeout);
    let response: Response;
    try {
      const init: RequestInit = { signal: controller.signal, redirect: 'manual' };
      if (host.credentials) init.credentials = host.credentials;
      response = await host.fetch(request, init);
      ctx.text = await readLimited(response, ctx.maxResponseSize);
    } catch (error) {
      // Past maxResponseSize: the read stopped at once; retrying would fetch the same again.
      if (error instanceof BodyTooLarge) throw (await host.failures()).tooLarge(ctx, request, response!, error.limit);
      const { aborted, reason } = controller.signal;
      if (aborted && reason !== TIMED_OUT) throw reason;
      // A custom fetch that rejects with one of our final errors (a cassette's unrecorded request) is taken at its word: no retry.
      if (error instanceof SnoopathError && !(error instanceof NetworkError) && !(error instanceof TimeoutError)) throw error;
      // Whatever fetch rejects with (TypeError in browsers and undici, other shapes from mocks and proxies) is a failed connection.
      throw (await host.failures()).sendError(ctx, request, aborted ? undefined : error);
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', abort);
    }
    // A browser hides a manual redirect's target (status 0); a custom fetch may follow one despite
    // redirect: 'manual', and then the answer comes from wherever it led: neither can be checked.
    if (response.status === 0 || (response.redirected && response.url && new URL(response.url).origin !== new URL(url).origin)) {
      throw (await host.failures()).uncheckedRedirect(ctx, request, response);
    }
    // A custom fetch that followed the platform's redirect for an unknown subreddit to its search.
    const missing = response.redirected && response.url ? missingSubreddit(url, new URL(response.url)) : undefined;
    if (missing) throw (await host.failures()).subredditNotFound(ctx, request, response, missing);
    // ky gets an unread answer over the text already read: no second WHATWG Response per call.
    const { status, statusText, headers, redirected } = response;
    const answer = new LightResponse({ status, statusText, headers, redirected, url: response.url || url, body: hasBody(method, status) ? ctx.text : null }) as unknown as Response;
    if (answer.ok) {
      const refusal = mayBeRatelimitRefusal(ctx.text) ? (await host.failures()).ratelimitRefusal(answer, method, ctx) : undefined;
      if (refusal) throw refusal;
    } else if (redirectTarget(answer) === undefined && host.events.has('response_error')) {
      // Listeners get every refused answer, retried or not (redirects are reported where they are decided).
      host.events.emit('response_error', (await host.failures()).responseError(answer, method, ctx.text, ctx, false));
    }
    return answer;
  }, { signal: request.signal, api: ctx.api, url, method, ratelimitWait: ctx.ratelimitWait, sends: ctx.sends, priority: ctx.priority, maxWait: ctx.maxWait, appOnly: ctx.api ? ctx.appOnly : undefined });
}
