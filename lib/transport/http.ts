import ky, { type Options } from 'ky';
import type { RequestSpec } from '../request/build.js';
import { canSetUserAgent } from '../runtime/detect.js';
import type { SendContext } from './context.js';
import { toSnoopathError } from './failures/convert.js';
import { pacedFetch } from './fetch.js';
import { followRedirects } from './redirect.js';
import { redirectTarget } from './response.js';
import { retryPolicy } from './retry.js';

export { readBody } from './response.js';

/** The call's context, as ky hands it to every hook (its `context` option, copied shallowly per call). */
interface CallContext {
  call: SendContext;
}
const call = (options: { context: Record<string, unknown> }) => (options.context as unknown as CallContext).call;

/**
 * One ky instance for the whole library: its hooks keep no state of their own and read the call's
 * context, so instances cost nothing here and every call shares the same code path.
 */
const http = ky.create({
  timeout: false,
  redirect: 'manual',
  hooks: {
    beforeRequest: [
      // Not async: a call whose credentials are at hand sets them without a promise.
      ({ request, options }) => {
        const ctx = call(options);
        if (canSetUserAgent) request.headers.set('user-agent', ctx.host.userAgent);
        return ctx.authorize?.(request.headers);
      },
    ],
    // A renewal by this or another call may have replaced the token since the first send.
    beforeRetry: [({ request, options }) => call(options).authorize?.(request.headers)],
    beforeError: [({ error, options }) => toSnoopathError(error, call(options))],
  },
});

/** ky's fetch for one call: a paced send, then the redirects that are safe to follow. */
async function fetchFor(ctx: SendContext, request: Request): Promise<Response> {
  const response = await pacedFetch(ctx, request);
  return redirectTarget(response) === undefined ? response : followRedirects(ctx, request, response);
}

/**
 * Send a built request through pacing, retries, redirects and auth; resolves to the final answer
 * and its text. fetch never follows a redirect itself: lib/transport/redirect.ts decides which are safe.
 */
export async function send(ctx: SendContext, spec: RequestSpec, extra: Partial<Options> = {}): Promise<{ response: Response; text: string }> {
  const context: CallContext = { call: ctx };
  const options: Options = {
    method: spec.method,
    retry: retryPolicy(ctx),
    context: context as unknown as Record<string, unknown>,
    fetch: (input, init) => fetchFor(ctx, input instanceof Request ? input : new Request(input, init)),
    ...extra,
  };
  // ky makes Headers objects of whatever is given, even an empty record: a GET has no headers of its own.
  for (const _ in spec.headers) {
    options.headers = spec.headers;
    break;
  }
  if (spec.body !== undefined) options.body = spec.body;
  if (ctx.signal) options.signal = ctx.signal;
  const response = await http(spec.url, options);
  // The body was read inside the send that produced this answer (lib/transport/fetch.ts).
  return { response, text: ctx.text };
}
