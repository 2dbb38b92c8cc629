import type { Core } from '../core/core.js';
import { NetworkError, ResponseError, TimeoutError } from '../errors/classes.js';
import { Pacer } from '../limiter/pacer.js';
import { createContext, type SendContext, type TransportHost } from '../transport/context.js';
import { send } from '../transport/http.js';
import type { Lease } from './lease.js';
import { answerError, stepText } from './steps.js';
import type { MediaRequestOptions } from './types.js';
import { fileUrl, storageError } from './urls.js';

/** The multipart body: every lease field in the lease's order, then the file, last, as `file`. */
export function uploadForm(fields: Lease['fields'], file: Blob, name: string): FormData {
  const form = new FormData();
  for (const { name: field, value } of fields) form.append(field, value);
  form.append('file', file, name);
  return form;
}

/**
 * The storage host as the transport sees it: another host than the platform's, so no credentials
 * (no authorize hook, `credentials: 'omit'`) and redirects are not followed; its own pacer (no
 * throttle), so uploads never spend the platform's budget. The body is built afresh for every send
 * from the Blob, which re-reads its source: a retry then costs no copy of the file in memory (a
 * body handed to ky would be teed, and kept, for retries).
 */
function storageHost(core: Core, lease: Lease, file: Blob, name: string): TransportHost {
  return {
    pacer: new Pacer({ throttle: 0 }),
    events: core.events,
    userAgent: core.userAgent,
    credentials: 'omit',
    fetch: (input, init) => core.fetch(new Request(input as Request, { body: uploadForm(lease.fields, file, name), redirect: 'manual' }), init),
  };
}

/** Upload a file under its lease; resolves to the file's URL on the storage host. */
export async function uploadFile(core: Core, lease: Lease, file: Blob, name: string, options: MediaRequestOptions): Promise<string> {
  const o = core.options;
  const ctx = createContext(storageHost(core, lease, file, name), {
    retryAttempts: options.retryAttempts ?? o.retryAttempts,
    retryDelay: options.retryDelay ?? o.retryDelay,
    requestTimeout: options.requestTimeout ?? o.requestTimeout,
    signal: options.signal,
    api: false,
    // Sending the same file to the same key again is harmless: network failures and timeouts are retried too.
    idempotent: true,
  });
  let text: string;
  try {
    ({ text } = await send(ctx, { method: 'POST', url: lease.action, headers: {} }));
  } catch (error) {
    throw uploadError(error, lease.action, ctx);
  }
  const url = fileUrl(text, lease.action, lease.fields);
  if (!url) throw answerError('upload', 'the storage host answered without a <Location> and the lease has no key field: the file URL is unknown.', { status: 201, method: 'POST', url: lease.action, body: text, attempts: ctx.sends });
  return url;
}

/** The transport's errors, reworded for the storage host (their default hints speak of the platform's API). */
function uploadError(error: unknown, target: string, ctx: SendContext): unknown {
  const origin = new URL(target).origin;
  if (error instanceof ResponseError) {
    const { status, body, attempts } = error;
    const why = storageError(body) ?? (status >= 300 && status < 400 ? 'a redirect, which is not followed' : status >= 500 ? 'a server error; retries were exhausted (see retryAttempts)' : 'refused');
    return answerError('upload', `${origin} answered ${status} (${why}).`, { status, method: 'POST', url: target, body, attempts });
  }
  if (error instanceof TimeoutError) {
    const timeout = new TimeoutError(stepText('upload', `${origin} got no complete answer within ${ctx.requestTimeout} ms: pass a larger requestTimeout for large files.`));
    timeout.attempts = error.attempts;
    return timeout;
  }
  if (error instanceof NetworkError) {
    const cause = error.cause as { message?: string; cause?: { code?: string } } | undefined;
    const network = new NetworkError(stepText('upload', `could not reach ${origin} (${cause?.cause?.code ?? cause?.message ?? 'connection failed'}): check the network.`), error.cause);
    network.attempts = error.attempts;
    return network;
  }
  return error;
}
