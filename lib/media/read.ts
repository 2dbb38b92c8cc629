import { ArgumentError } from '../errors/classes.js';
import { checkSize, type SizeLimit } from './limits.js';
import { inputKind } from './source.js';
import type { MediaInput } from './types.js';

/** A file read and checked, ready to upload. */
export interface ReadFile {
  blob: Blob;
  /**
   * A file on disk is read again on every send: the error saying what changed in it since it was
   * checked (a file still being written grows under the upload), or undefined while it is as it was.
   */
  changed?: (() => ArgumentError | undefined) | undefined;
}

/** Opens a file on disk as a Blob (lib/media/node/files.ts: Node, Deno and Bun; browser builds have none). */
export type OpenPath = (path: string | URL, type: string, what: string) => Promise<ReadFile>;

/**
 * Turn an input into a Blob of the given type, checking its size against the limit before any
 * request. A Blob (a File, or a file on disk in Node) is read again on every send, so retries cost
 * no memory; a stream can be read only once, so it is read into memory first.
 */
export async function readInput(input: MediaInput, type: string, limit: SizeLimit, what: string, signal?: AbortSignal, openPath?: OpenPath): Promise<ReadFile> {
  signal?.throwIfAborted();
  const kind = inputKind(input, what);
  if (kind === 'path') {
    if (!openPath) throw pathsNeedNode(what);
    const file = await openPath(input as string | URL, type, what);
    checkSize(file.blob.size, limit, what);
    return file;
  }
  if (kind === 'stream') return { blob: await readStream(input as ReadableStream<Uint8Array>, type, limit, what, signal) };
  if (kind === 'bytes') {
    const data = input as ArrayBufferView | ArrayBuffer;
    checkSize(data.byteLength, limit, what);
    return { blob: new Blob([data as BlobPart], { type }) };
  }
  const blob = input as Blob;
  checkSize(blob.size, limit, what);
  // The multipart part's Content-Type comes from the Blob: give it the type the lease was asked for (slice does not copy).
  return { blob: blob.type === type ? blob : blob.slice(0, blob.size, type) };
}

/** A path where files cannot be read (a browser). */
export function pathsNeedNode(what: string): ArgumentError {
  return new ArgumentError(`${what} is a path, which only Node (20.16+), Deno and Bun can read: in a browser pass a File or Blob (from an <input type="file">, or new File([bytes], 'cat.png')).`);
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
