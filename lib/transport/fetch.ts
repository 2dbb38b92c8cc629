import { NetworkError, ResponseError, TimeoutError } from '../errors.js';
import type { SendContext } from './context.js';
import { responseError } from './errors.js';
import { redirectTarget } from './response.js';

/** Statuses whose answers carry no body (a Response cannot be built with one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** `GET https://host/path`, for messages: the host matters when the auth server does not answer. */
const what = (request: Request) => {
  const url = new URL(request.url);
  return `${request.method} ${url.origin}${url.pathname}`;
};

/**
 * One send: it waits for the pacer, then the timeout runs from when it leaves the queue until the
 * whole body has arrived. Reading the body here, inside the send ky retries, makes a server that
 * sends headers and then stalls a timeout of this send (retried like any other), not a hang. The
 * answer is handed on as a Response built from the text (also kept in `ctx.text`), and redirects
 * are never followed by fetch itself (`redirect: 'manual'`, lib/transport/redirect.ts decides).
 */
export function pacedFetch(ctx: SendContext, request: Request): Promise<Response> {
  const { host } = ctx;
  return host.pacer.send(async () => {
    ctx.sends++;
    // One controller for both the caller's abort and the timeout (AbortSignal.any costs more per call).
    const controller = new AbortController();
    const abort = () => controller.abort(request.signal.reason);
    request.signal.addEventListener('abort', abort, { once: true });
    let timedOut: TimeoutError | undefined;
    const timer = setTimeout(() => {
      timedOut = new TimeoutError(`${what(request)} got no complete answer within ${ctx.requestTimeout} ms: raise requestTimeout if the server is slow, or check that it is the right one.`);
      controller.abort(timedOut);
    }, ctx.requestTimeout);
    let response: Response;
    let text: string;
    try {
      const init: RequestInit = { signal: controller.signal, redirect: 'manual' };
      if (host.credentials) init.credentials = host.credentials;
      response = await host.fetch(request, init);
      text = await response.text();
    } catch (error) {
      if (timedOut) throw timedOut;
      if (controller.signal.aborted) throw controller.signal.reason;
      // Whatever fetch rejects with (TypeError in browsers and undici, other shapes from mocks and proxies) is a failed connection.
      const cause = (error as { cause?: unknown })?.cause ?? error;
      const reason = (cause as { code?: string })?.code ?? (cause as Error)?.message ?? String(cause);
      throw new NetworkError(`${what(request)} failed (${reason}): check the network, or apiServerUri/authServerUri.`, error);
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', abort);
    }
    ctx.text = text;
    checkRedirected(ctx, request, response);
    const answer = buffered(response, text, request.url);
    // Listeners get every refused answer, retried or not (redirects are reported where they are decided).
    if (!answer.ok && redirectTarget(answer) === undefined && host.events.has('response_error')) {
      host.events.emit('response_error', responseError(answer, request.method, text, ctx, false));
    }
    return answer;
  }, { signal: request.signal, api: ctx.api });
}

/** A Response holding the text already read; its `url` is the one the answer came from. */
function buffered(response: Response, text: string, url: string): Response {
  const copy = new Response(NULL_BODY.has(response.status) ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperty(copy, 'url', { value: response.url || url });
  return copy;
}

/**
 * Answers a redirect cannot be checked on. A browser hides a manual redirect's target (an opaque
 * redirect, status 0); a custom fetch may follow one despite `redirect: 'manual'`, and then the
 * answer comes from wherever it led.
 */
function checkRedirected(ctx: SendContext, request: Request, response: Response): void {
  const details = { method: request.method, url: request.url, body: ctx.text, errors: [], attempts: ctx.sends };
  if (response.type === 'opaqueredirect' || response.status === 0) {
    throw new ResponseError(`${what(request)} answered a redirect whose target the browser hides: snoopath does not follow redirects it cannot check (credentials must stay on their server). Call the final URL directly.`, { ...details, status: 0 });
  }
  if (response.redirected && response.url && new URL(response.url).origin !== new URL(request.url).origin) {
    throw new ResponseError(`${what(request)} was redirected to another origin, ${new URL(response.url).origin}, by the custom fetch, which ignored redirect: 'manual': its answer is refused. Make the custom fetch pass init.redirect on.`, { ...details, status: response.status });
  }
}
