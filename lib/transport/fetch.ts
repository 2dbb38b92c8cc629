import { NetworkError, TimeoutError } from '../errors.js';
import type { SendContext } from './context.js';

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * One send: it waits for the pacer, then the timeout runs from when it leaves the queue until the
 * body is read (a server that sends headers and then stalls is a timeout too, not a hang).
 */
export function pacedFetch(ctx: SendContext, request: Request): Promise<Response> {
  const { host } = ctx;
  return host.pacer.send(async () => {
    ctx.sends++;
    const timer = new AbortController();
    const id = setTimeout(() => timer.abort(), ctx.requestTimeout);
    try {
      const init: RequestInit = { signal: AbortSignal.any([request.signal, timer.signal]) };
      if (host.credentials) init.credentials = host.credentials;
      const response = await host.fetch(request, init);
      const body = request.method === 'HEAD' || NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      const what = `${request.method} ${new URL(request.url).pathname}`;
      if (request.signal.aborted) throw request.signal.reason;
      if (timer.signal.aborted) throw new TimeoutError(`${what} got no complete answer within ${ctx.requestTimeout} ms: raise requestTimeout if the platform is slow.`);
      // Whatever fetch rejects with (TypeError in browsers and undici, other shapes from mocks and proxies) is a failed connection.
      const cause = (error as { cause?: unknown })?.cause ?? error;
      const reason = (cause as { code?: string })?.code ?? (cause as Error)?.message ?? String(cause);
      throw new NetworkError(`${what} failed to connect (${reason}): check the network, or apiServerUri/authServerUri.`, error);
    } finally {
      clearTimeout(id);
    }
  }, { signal: request.signal, api: ctx.api });
}
