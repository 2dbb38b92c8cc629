import { ArgumentError } from '../errors/classes.js';
import { checkSize, type SizeLimit } from './limits.js';
import { inputKind } from './source.js';
import type { MediaInput } from './types.js';

type Stat = { isFile(): boolean; size: number; mtimeMs: number };
type NodeFs = {
  openAsBlob(path: string | URL, options?: { type?: string }): Promise<Blob>;
  statSync(path: string | URL): Stat;
  promises: { stat(path: string | URL): Promise<Stat> };
};

/** A file read and checked, ready to upload. */
export interface ReadFile {
  blob: Blob;
  /**
   * A file on disk is read again on every send: the error saying what changed in it since it was
   * checked (a file still being written grows under the upload), or undefined while it is as it was.
   */
  changed?: (() => ArgumentError | undefined) | undefined;
}

const bytes = (n: number) => `${n.toLocaleString('en-US')} bytes`;

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
export async function readInput(input: MediaInput, type: string, limit: SizeLimit, what: string, signal?: AbortSignal): Promise<ReadFile> {
  signal?.throwIfAborted();
  const kind = inputKind(input, what);
  if (kind === 'path') {
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

async function openPath(path: string | URL, type: string, what: string): Promise<ReadFile> {
  const fs = nodeFs();
  if (typeof fs?.openAsBlob !== 'function') {
    throw new ArgumentError(`${what} is a path, which only Node (20.16+) can read: in a browser pass a File or Blob (from an <input type="file">, or new File([bytes], 'cat.png')).`);
  }
  if (typeof path !== 'string' && path.protocol !== 'file:') throw new ArgumentError(`${what} is a ${path.protocol} URL: only file: URLs and paths can be read.`);
  let checked: Stat;
  let blob: Blob;
  try {
    // stat first: openAsBlob reports a missing file only as ERR_INVALID_ARG_VALUE.
    checked = await fs.promises.stat(path);
    if (!checked.isFile()) throw Object.assign(new Error('not a file'), { code: 'not a file' });
    blob = await fs.openAsBlob(path, { type });
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new ArgumentError(`${what}: cannot read "${String(path)}" (${code}): check the path and its permissions.`);
  }
  // The Blob refuses to be read once its file changed (NotReadableError): say what changed.
  const changed = () => {
    let now: Stat;
    try {
      now = fs.statSync(path);
    } catch (error) {
      return changedError(what, path, `it can no longer be read (${(error as { code?: string }).code ?? (error as Error).message})`);
    }
    if (now.size !== checked.size || blob.size !== checked.size) return changedError(what, path, `it is now ${bytes(now.size)}, it was ${bytes(checked.size)} when its size was checked`);
    return now.mtimeMs === checked.mtimeMs ? undefined : changedError(what, path, `it was modified after its size was checked (still ${bytes(now.size)})`);
  };
  return { blob, changed };
}

function changedError(what: string, path: string | URL, why: string): ArgumentError {
  return new ArgumentError(`${what} "${String(path)}" changed after it was checked: ${why}. Nothing was posted: post it again once the file is complete (a file still being written, by a recorder or a download, changes under the upload).`);
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
