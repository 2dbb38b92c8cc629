import { NetworkError, TimeoutError } from '../errors.js';
import type { SendContext } from './context.js';
import { responseError } from './errors.js';

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * One send: it waits for the pacer, then the timeout runs from when it leaves the queue until the
 * body has been read by the caller (`ctx.settle()`): a server that sends headers and then stalls
 * is a timeout too, not a hang. The response is handed on as it came, never copied.
 */
export function pacedFetch(ctx: SendContext, request: Request): Promise<Response> {
  const { host } = ctx;
  return host.pacer.send(async () => {
    ctx.settle?.();
    ctx.timedOut = undefined;
    ctx.sends++;
    const what = () => `${request.method} ${new URL(request.url).pathname}`;
    // One controller for both the caller's abort and the timeout (AbortSignal.any costs more per call).
    const controller = new AbortController();
    const abort = () => controller.abort(request.signal.reason);
    request.signal.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(() => {
      ctx.timedOut = new TimeoutError(`${what()} got no complete answer within ${ctx.requestTimeout} ms: raise requestTimeout if the platform is slow.`);
      controller.abort(ctx.timedOut);
    }, ctx.requestTimeout);
    const settle = () => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', abort);
    };
    ctx.settle = settle;
    try {
      const init: RequestInit = { signal: controller.signal };
      if (host.credentials) init.credentials = host.credentials;
      const response = await host.fetch(request, init);
      // Listeners get every refused answer, retried or not (a copy of the body, on this rare path only).
      if (!response.ok && host.events.has('response_error')) {
        const text = request.method === 'HEAD' || NULL_BODY.has(response.status) ? '' : await response.clone().text();
        host.events.emit('response_error', responseError(response, request.method, text, ctx.sends));
      }
      return response;
    } catch (error) {
      settle();
      if (controller.signal.aborted) throw controller.signal.reason;
      // Whatever fetch rejects with (TypeError in browsers and undici, other shapes from mocks and proxies) is a failed connection.
      const cause = (error as { cause?: unknown })?.cause ?? error;
      const reason = (cause as { code?: string })?.code ?? (cause as Error)?.message ?? String(cause);
      throw new NetworkError(`${what()} failed to connect (${reason}): check the network, or apiServerUri/authServerUri.`, error);
    }
  }, { signal: request.signal, api: ctx.api, url: request.url });
}
