import ky, { type Options } from 'ky';
import type { RequestSpec } from '../request/build.js';
import { canSetUserAgent } from '../runtime.js';
import type { SendContext } from './context.js';
import { toSnoopathError } from './errors.js';
import { pacedFetch } from './fetch.js';
import { retryPolicy } from './retry.js';

const call = (options: { context: Record<string, unknown> }) => options.context.call as SendContext;

/**
 * One ky instance for the whole library: its hooks keep no state of their own and read the call's
 * context, so instances cost nothing here and every call shares the same code path.
 */
const http = ky.create({
  timeout: false,
  hooks: {
    beforeRequest: [
      async ({ request, options }) => {
        const ctx = call(options);
        if (canSetUserAgent) request.headers.set('user-agent', ctx.host.userAgent);
        await ctx.authorize?.(request.headers);
      },
    ],
    // A renewal by this or another call may have replaced the token since the first send.
    beforeRetry: [async ({ request, options }) => call(options).authorize?.(request.headers)],
    beforeError: [({ error, options }) => toSnoopathError(error, call(options))],
  },
});

/** Send a built request through pacing, retries and auth; resolves to the 2xx response and its text. */
export async function send(ctx: SendContext, spec: RequestSpec, extra: Partial<Options> = {}): Promise<{ response: Response; text: string }> {
  const options: Options = {
    method: spec.method,
    headers: spec.headers,
    retry: retryPolicy(ctx),
    fetch: (input, init) => pacedFetch(ctx, input instanceof Request ? input : new Request(input, init)),
    context: { call: ctx },
    ...extra,
  };
  if (spec.body !== undefined) options.body = spec.body;
  if (ctx.signal) options.signal = ctx.signal;
  try {
    const response = await http(spec.url, options);
    return { response, text: await response.text() };
  } catch (error) {
    // A body that stalled past the timeout fails with the abort; report it as the timeout it is.
    if (ctx.timedOut && !(error instanceof Error && error.name === 'TimeoutError')) throw toSnoopathError(ctx.timedOut, ctx);
    throw error;
  } finally {
    ctx.settle?.();
  }
}

