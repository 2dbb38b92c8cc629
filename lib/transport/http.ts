import ky, { type Options } from 'ky';
import type { RequestSpec } from '../request/build.js';
import { canSetUserAgent } from '../runtime.js';
import type { SendContext } from './context.js';
import { toSnoopathError } from './errors.js';
import { followRedirects } from './redirect.js';
import { retryPolicy } from './retry.js';

const call = (options: { context: Record<string, unknown> }) => options.context.call as SendContext;

/**
 * One ky instance for the whole library: its hooks keep no state of their own and read the call's
 * context, so instances cost nothing here and every call shares the same code path.
 */
const http = ky.create({
  timeout: false,
  // fetch never follows a redirect by itself: lib/transport/redirect.ts decides which ones are safe.
  redirect: 'manual',
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

/** Send a built request through pacing, retries, redirects and auth; resolves to the final answer and its text. */
export async function send(ctx: SendContext, spec: RequestSpec, extra: Partial<Options> = {}): Promise<{ response: Response; text: string }> {
  const options: Options = {
    method: spec.method,
    headers: spec.headers,
    retry: retryPolicy(ctx),
    fetch: (input, init) => followRedirects(ctx, input instanceof Request ? input : new Request(input, init)),
    context: { call: ctx },
    ...extra,
  };
  if (spec.body !== undefined) options.body = spec.body;
  if (ctx.signal) options.signal = ctx.signal;
  const response = await http(spec.url, options);
  // The body was read inside the send that produced this answer (lib/transport/fetch.ts).
  return { response, text: ctx.text };
}
