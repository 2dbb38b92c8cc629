import { TimeoutError } from '../errors.js';
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
      if (timer.signal.aborted && !request.signal.aborted) {
        throw new TimeoutError(`${request.method} ${new URL(request.url).pathname} got no complete answer within ${ctx.requestTimeout} ms: raise requestTimeout if the platform is slow.`);
      }
      throw error;
    } finally {
      clearTimeout(id);
    }
  }, { signal: request.signal, api: ctx.api });
}
