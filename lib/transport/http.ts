import ky, { type Options } from 'ky';
import type { RequestSpec } from '../request/build.js';
import { canSetUserAgent } from '../runtime/detect.js';
import type { SendContext } from './context.js';
import { toSnoopathError } from './errors.js';
import { pacedFetch } from './fetch.js';
import { redirectTarget } from './response.js';
import { retryPolicy } from './retry.js';

/**
 * The call's context travels as an option ky does not know: ky hands those to its fetch and shows
 * them to the hooks, so the fetch function and the hooks are made once, not per call (and no
 * `context` object is merged per call).
 */
interface WithCall {
  snoopathCall: SendContext;
}
const call = (options: object) => (options as WithCall).snoopathCall;

/**
 * One ky instance for the whole library: its hooks keep no state of their own and read the call's
 * context, so instances cost nothing here and every call shares the same code path.
 */
const http = ky.create({
  timeout: false,
  redirect: 'manual',
  fetch: async (input, init) => {
    const ctx = call(init!);
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await pacedFetch(ctx, request);
    // Redirects are rare: the code that decides which to follow is loaded with the first one.
    return redirectTarget(response) === undefined ? response : (await import('./redirect.js')).followRedirects(ctx, request, response);
  },
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
    beforeError: [async ({ error, options }) => toSnoopathError(error, call(options))],
  },
});

/**
 * Send a built request through pacing, retries, redirects and auth; resolves to the final answer
 * and its text. fetch never follows a redirect itself: lib/transport/redirect.ts decides which are safe.
 */
export async function send(ctx: SendContext, spec: RequestSpec, extra: Partial<Options> = {}): Promise<{ response: Response; text: string }> {
  const options: Options & WithCall = { method: spec.method, retry: retryPolicy(ctx), snoopathCall: ctx, ...extra };
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
