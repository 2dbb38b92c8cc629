import { ArgumentError } from '../errors/classes.js';
import { checkSize, type SizeLimit } from './limits.js';
import { inputKind } from './source.js';
import type { MediaInput } from './types.js';

type NodeFs = {
  openAsBlob(path: string | URL, options?: { type?: string }): Promise<Blob>;
  promises: { stat(path: string | URL): Promise<{ isFile(): boolean }> };
};

/**
 * Node's `fs`, reached without an import statement: browser bundles (ours and the user's bundler)
 * then never see a Node built-in. `process.getBuiltinModule` exists from Node 22.3 (and in Deno and Bun).
 */
function nodeFs(): NodeFs | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return proc?.getBuiltinModule?.('node:fs') as NodeFs | undefined;
}

/**
 * Turn an input into a Blob of the given type, checking its size against the limit before any
 * request. A Blob (a File, or a file on disk in Node) is read again on every send, so retries cost
 * no memory; a stream can be read only once, so it is read into memory first.
 */
export async function readInput(input: MediaInput, type: string, limit: SizeLimit, what: string, signal?: AbortSignal): Promise<Blob> {
  signal?.throwIfAborted();
  const kind = inputKind(input, what);
  let blob: Blob;
  if (kind === 'path') blob = await openPath(input as string | URL, type, what);
  else if (kind === 'stream') return readStream(input as ReadableStream<Uint8Array>, type, limit, what, signal);
  else if (kind === 'bytes') {
    const bytes = input as ArrayBufferView | ArrayBuffer;
    checkSize(bytes.byteLength, limit, what);
    return new Blob([bytes as BlobPart], { type });
  } else blob = input as Blob;
  checkSize(blob.size, limit, what);
  // The multipart part's Content-Type comes from the Blob: give it the type the lease was asked for (slice does not copy).
  return blob.type === type ? blob : blob.slice(0, blob.size, type);
}

async function openPath(path: string | URL, type: string, what: string): Promise<Blob> {
  const fs = nodeFs();
  if (typeof fs?.openAsBlob !== 'function') {
    throw new ArgumentError(`${what} is a path, which only Node (20.16+) can read: in a browser pass a File or Blob (from an <input type="file">, or new File([bytes], 'cat.png')).`);
  }
  if (typeof path !== 'string' && path.protocol !== 'file:') throw new ArgumentError(`${what} is a ${path.protocol} URL: only file: URLs and paths can be read.`);
  try {
    // stat first: openAsBlob reports a missing file only as ERR_INVALID_ARG_VALUE.
    if (!(await fs.promises.stat(path)).isFile()) throw Object.assign(new Error('not a file'), { code: 'not a file' });
    return await fs.openAsBlob(path, { type });
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new ArgumentError(`${what}: cannot read "${String(path)}" (${code}): check the path and its permissions.`);
  }
}

async function readStream(stream: ReadableStream<Uint8Array>, type: string, limit: SizeLimit, what: string, signal?: AbortSignal): Promise<Blob> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stop = () => void reader.cancel(signal?.reason).catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      total += value.byteLength;
      if (total > limit.bytes) {
        stop();
        checkSize(total, limit, `${what} (a stream, read until it passed the limit)`);
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
  return new Blob(chunks as BlobPart[], { type });
}
