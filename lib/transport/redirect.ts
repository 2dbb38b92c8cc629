import { ResponseError } from '../errors.js';
import type { SendContext } from './context.js';
import { pacedFetch } from './fetch.js';
import { redirectTarget } from './response.js';

/** The most redirects one send follows (the platform's own use one: an unknown subreddit to its search). */
export const MAX_REDIRECTS = 5;

/**
 * Send, following redirects only where no credential can leak and nothing can be applied twice:
 * same origin, GET or HEAD, at most MAX_REDIRECTS. Each hop is a send of its own (paced, timed,
 * authorized again). Any other redirect rejects with a ResponseError naming where it pointed,
 * before anything is sent there.
 */
export async function followRedirects(ctx: SendContext, request: Request): Promise<Response> {
  let current = request;
  for (let hop = 0; ; hop++) {
    const response = await pacedFetch(ctx, current);
    const location = redirectTarget(response);
    if (location === undefined) return response;
    const from = new URL(current.url);
    let target: URL | undefined;
    try {
      target = new URL(location, from);
    } catch {
      // an unparsable Location is refused below like a foreign one
    }
    const refusal =
      !target || target.origin !== from.origin
        ? `to another origin, ${target?.origin ?? JSON.stringify(location.slice(0, 80))}: snoopath never follows a redirect away from the server it was given, so no credential is sent there. If you trust that server, call it directly`
        : current.method !== 'GET' && current.method !== 'HEAD'
          ? `to ${target.pathname}: only GET and HEAD follow redirects (a ${current.method} could be applied twice or lose its body). Call ${target.pathname} directly`
          : hop >= MAX_REDIRECTS
            ? `more than ${MAX_REDIRECTS} times in a row (last to ${target.pathname}): the server may be redirecting in a loop`
            : undefined;
    if (refusal !== undefined || !target) {
      const error = new ResponseError(`${current.method} ${from.pathname} answered ${response.status} and was redirected ${refusal}.`, {
        status: response.status, method: current.method, url: current.url, body: ctx.text, errors: [], attempts: ctx.sends,
      });
      if (ctx.host.events.has('response_error')) ctx.host.events.emit('response_error', error);
      throw error;
    }
    current = new Request(target, { method: current.method, headers: current.headers, signal: current.signal, redirect: 'manual' });
    // Same origin: the credentials go along, from the token manager again (the token may have been renewed).
    await ctx.authorize?.(current.headers);
  }
}
