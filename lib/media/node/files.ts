import { ArgumentError } from '../../errors/classes.js';
import { reasonOf } from '../../errors/reason.js';
import { pathsNeedNode, type ReadFile } from '../read.js';

/**
 * Files on disk, for Node (and Deno and Bun, which run the Node build): part of the media posts'
 * Node-only chunk (lib/core/chunks.ts), which the browser builds leave out.
 */
type Stat = { isFile(): boolean; size: number; mtimeMs: number };
type NodeFs = {
  openAsBlob(path: string | URL, options?: { type?: string }): Promise<Blob>;
  statSync(path: string | URL): Stat;
  promises: { stat(path: string | URL): Promise<Stat> };
};

const bytes = (n: number) => `${n.toLocaleString('en-US')} bytes`;

/**
 * Node's `fs`, reached without an import statement: an application's bundler never sees a Node
 * built-in. `process.getBuiltinModule` exists from Node 20.16 and 22.3, and in Deno and Bun.
 */
function nodeFs(): NodeFs | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return proc?.getBuiltinModule?.('node:fs') as NodeFs | undefined;
}

/**
 * A file on disk as a Blob of the type, read lazily (again on every send: a retry costs no copy),
 * and a check of whether it changed since: its Blob refuses to be read then (NotReadableError).
 */
export async function openPath(path: string | URL, type: string, what: string): Promise<ReadFile> {
  const fs = nodeFs();
  if (typeof fs?.openAsBlob !== 'function') throw pathsNeedNode(what);
  if (typeof path !== 'string' && path.protocol !== 'file:') throw new ArgumentError(`${what} is a ${path.protocol} URL: only file: URLs and paths can be read.`);
  let checked: Stat;
  let blob: Blob;
  try {
    // stat first: openAsBlob reports a missing file only as ERR_INVALID_ARG_VALUE.
    checked = await fs.promises.stat(path);
    if (!checked.isFile()) throw Object.assign(new Error('not a file'), { code: 'not a file' });
    blob = await fs.openAsBlob(path, { type });
  } catch (error) {
    throw new ArgumentError(`${what}: cannot read "${String(path)}" (${reasonOf(error)}): check the path and its permissions.`);
  }
  // The Blob refuses to be read once its file changed (NotReadableError): say what changed.
  const changed = () => {
    let now: Stat;
    try {
      now = fs.statSync(path);
    } catch (error) {
      return changedError(what, path, `it can no longer be read (${reasonOf(error)})`);
    }
    if (now.size !== checked.size || blob.size !== checked.size) return changedError(what, path, `it is now ${bytes(now.size)}, it was ${bytes(checked.size)} when its size was checked`);
    return now.mtimeMs === checked.mtimeMs ? undefined : changedError(what, path, `it was modified after its size was checked (still ${bytes(now.size)})`);
  };
  return { blob, changed };
}

function changedError(what: string, path: string | URL, why: string): ArgumentError {
  return new ArgumentError(`${what} "${String(path)}" changed after it was checked: ${why}. Nothing was posted: post it again once the file is complete (a file still being written, by a recorder or a download, changes under the upload).`);
}
