import { NetworkError, ResponseError, TimeoutError } from '../errors/classes.js';
import type { MediaHost } from './host.js';
import type { Lease } from './lease.js';
import { answerError, stepText } from './steps.js';
import type { ReadFile } from './read.js';
import type { MediaRequestOptions } from './types.js';
import { fileUrl, storageError } from './urls.js';

/** A name in a part's header, escaped as browsers escape FormData's (HTML's multipart/form-data encoding). */
const quoted = (text: string) => `"${text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')}"`;

/**
 * The multipart body: every lease field in the lease's order, then the file, last, as `file`. It is
 * encoded here, as one Blob around the file's (its type carries the boundary), rather than as
 * FormData: a Blob is sent with its length (the storage host refuses chunked uploads), keeps a file
 * on disk unread until sent, and a file that fails to be read fails the send. Node 24 instead throws
 * an uncaught NotReadableError out of a FormData holding a file that changed, and the send hangs.
 */
export function uploadForm(fields: Lease['fields'], file: Blob, name: string): Blob {
  // Random, as browsers make theirs: a file's bytes are most unlikely to hold it.
  const boundary = `----snoopath${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`;
  const parts: BlobPart[] = [];
  for (const { name: field, value } of fields) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(field)}\r\n\r\n${value.replace(/\r?\n|\r/g, '\r\n')}\r\n`);
  }
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=${quoted(name)}\r\nContent-Type: ${file.type || 'application/octet-stream'}\r\n\r\n`, file, `\r\n--${boundary}--\r\n`);
  return new Blob(parts, { type: `multipart/form-data; boundary=${boundary}` });
}

/**
 * Upload a file under its lease; resolves to the file's URL on the storage host. The storage host is
 * another host than the platform's: no credentials, no redirects followed, none of the platform's
 * budget (MediaHost.sendElsewhere). The body is built afresh for every send from the Blob, which
 * re-reads its source: a retry then costs no copy of the file in memory. A file on disk that changed
 * since it was checked ends the upload at its next send with the error saying what changed (aborting
 * with it: not retried, not reported as the network's fault).
 */
export async function uploadFile(host: MediaHost, lease: Lease, file: { blob: Blob; name: string; changed?: ReadFile['changed'] }, options: MediaRequestOptions): Promise<string> {
  const requestTimeout = options.requestTimeout ?? host.options.requestTimeout;
  const { blob, name, changed } = file;
  const stop = changed && linkedController(options.signal);
  let answer: { text: string; sends: number };
  try {
    answer = await host.sendElsewhere({
      method: 'POST', url: lease.action,
      body: () => {
        const error = changed?.();
        if (error) {
          // Aborted with the error: the send ends before a byte is read (the changed file is never read).
          stop!.controller.abort(error);
          return '';
        }
        return uploadForm(lease.fields, blob, name);
      },
      retryAttempts: options.retryAttempts, retryDelay: options.retryDelay, requestTimeout, signal: stop ? stop.controller.signal : options.signal,
    });
  } catch (error) {
    // A send that failed reading the file (NotReadableError), its retries spent: say why, if the file tells.
    throw changed?.() ?? uploadError(error, lease.action, requestTimeout);
  } finally {
    stop?.unlink();
  }
  const url = fileUrl(answer.text, lease.action, lease.fields);
  if (!url) throw answerError('upload', 'the storage host answered without a <Location> and the lease has no key field: the file URL is unknown.', { status: 201, method: 'POST', url: lease.action, body: answer.text, attempts: answer.sends });
  return url;
}

/** A controller that also aborts with the caller's signal (AbortSignal.any is missing from older browsers). */
function linkedController(signal: AbortSignal | undefined): { controller: AbortController; unlink(): void } {
  const controller = new AbortController();
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return { controller, unlink: () => signal?.removeEventListener('abort', follow) };
}

/** The transport's errors, reworded for the storage host (their default hints speak of the platform's API). */
function uploadError(error: unknown, target: string, requestTimeout: number): unknown {
  const origin = new URL(target).origin;
  if (error instanceof ResponseError) {
    const { status, body, attempts } = error;
    const why = storageError(body) ?? (status >= 300 && status < 400 ? 'a redirect, which is not followed' : status >= 500 ? 'a server error; retries were exhausted (see retryAttempts)' : 'refused');
    return answerError('upload', `${origin} answered ${status} (${why}).`, { status, method: 'POST', url: target, body, attempts });
  }
  if (error instanceof TimeoutError) {
    const timeout = new TimeoutError(stepText('upload', `${origin} got no complete answer within ${requestTimeout} ms: pass a larger requestTimeout for large files.`));
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
