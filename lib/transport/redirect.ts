import type { SendContext } from './context.js';
import { pacedFetch } from './fetch.js';
import { redirectTarget } from './response.js';
import { missingSubreddit } from './failures/missing.js';

/** The most redirects one send follows (the platform's own use one: an unknown subreddit to its search). */
export const MAX_REDIRECTS = 5;

/**
 * A send answered a redirect: follow it only where no credential can leak and nothing can be
 * applied twice (same origin, GET or HEAD, at most MAX_REDIRECTS). Each hop is a send of its own
 * (paced, timed, authorized again). Any other redirect rejects with a ResponseError naming where it
 * pointed, before anything is sent there; a subreddit path sent to the search page rejects with
 * SUBREDDIT_NOT_FOUND (the platform's answer for an unknown subreddit).
 */
export async function followRedirects(ctx: SendContext, request: Request, first: Response): Promise<Response> {
  let current = request;
  let response = first;
  for (let hop = 0; ; hop++) {
    const location = redirectTarget(response);
    if (location === undefined) return response;
    let target: URL | undefined;
    try {
      target = new URL(location, current.url);
    } catch {
      // an unparsable Location is refused like a foreign one
    }
    const get = current.method === 'GET' || current.method === 'HEAD';
    const missing = target && missingSubreddit(current.url, target);
    if (!target || missing || target.origin !== new URL(current.url).origin || !get || hop >= MAX_REDIRECTS) {
      const words = await ctx.host.failures();
      const error = missing ? words.subredditNotFound(ctx, current, response, missing) : words.refusedRedirect(ctx, current, response, location, target, MAX_REDIRECTS);
      if (ctx.host.events.has('response_error')) ctx.host.events.emit('response_error', error);
      throw error;
    }
    current = new Request(target, { method: current.method, headers: current.headers, signal: current.signal, redirect: 'manual' });
    // Same origin: the credentials go along, from the token manager again (the token may have been renewed).
    await ctx.authorize?.(current.headers);
    response = await pacedFetch(ctx, current);
  }
}
