/** Reading a file before the upload: every kind of input becomes a Blob of the leased type, sizes checked first. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ArgumentError } from '../../lib/errors/classes.js';
import { openPath } from '../../lib/media/node/files.js';
import { readInput } from '../../lib/media/read.js';

const LIMIT = { key: 'image' as const, bytes: 10 };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'snoopath-media-'));
  writeFileSync(join(dir, 'small.png'), 'abcdef');
  writeFileSync(join(dir, 'large.png'), 'x'.repeat(11));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stream of these chunks; records whether it was cancelled. */
function streamOf(chunks: string[], hold = false) {
  const state = { cancelled: false, pulled: 0 };
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (state.pulled < chunks.length) controller.enqueue(encoder.encode(chunks[state.pulled++]));
      else if (hold) await new Promise(() => {});
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('readInput', () => {
  it('bytes, an ArrayBuffer and a Buffer become a Blob of the type', async () => {
    for (const input of [new TextEncoder().encode('abc'), new TextEncoder().encode('abc').buffer, Buffer.from('abc')]) {
      const { blob } = await readInput(input, 'image/png', LIMIT, 'file');
      expect([blob.type, blob.size, await blob.text()]).toEqual(['image/png', 3, 'abc']);
    }
  });

  it('a Blob keeps its bytes and takes the leased type', async () => {
    const file = new File(['abc'], 'a.png', { type: 'application/octet-stream' });
    const { blob } = await readInput(file, 'image/png', LIMIT, 'file');
    expect([blob.type, await blob.text()]).toEqual(['image/png', 'abc']);
    const same = new Blob(['abc'], { type: 'image/png' });
    expect((await readInput(same, 'image/png', LIMIT, 'file')).blob).toBe(same);
  });

  it('a stream is read into memory, chunk by chunk', async () => {
    const { stream } = streamOf(['ab', 'cd', 'e']);
    const { blob } = await readInput(stream, 'image/gif', LIMIT, 'file');
    expect([blob.type, await blob.text()]).toEqual(['image/gif', 'abcde']);
  });

  it('a stream longer than the limit is cancelled as soon as it passes it', async () => {
    const { stream, state } = streamOf(['abcdef', 'ghijkl', 'mnop', 'qrst']);
    await expect(readInput(stream, 'image/png', LIMIT, 'file')).rejects.toThrow('file (a stream, read until it passed the limit) is 0.00 MB, over the 0.00 MB limit for images');
    expect(state).toEqual({ cancelled: true, pulled: 2 });
  });

  it('aborting ends the read of a stream and cancels it', async () => {
    const { stream, state } = streamOf(['ab'], true);
    const controller = new AbortController();
    const read = readInput(stream, 'image/png', LIMIT, 'file', controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(read).rejects.toThrow('stop');
    expect(state.cancelled).toBe(true);
  });

  it('a path is opened lazily as a Blob, in Node (a string or a file: URL)', async () => {
    const { blob, changed } = await readInput(join(dir, 'small.png'), 'image/png', LIMIT, 'file', undefined, openPath);
    expect([blob.type, blob.size, await blob.text()]).toEqual(['image/png', 6, 'abcdef']);
    expect(changed?.()).toBeUndefined();
    const byUrl = await readInput(pathToFileURL(join(dir, 'small.png')), 'image/png', LIMIT, 'file', undefined, openPath);
    expect(await byUrl.blob.text()).toBe('abcdef');
  });

  it('a file on disk that changes after its check says so, naming the file and its sizes', async () => {
    const path = join(dir, 'growing.png');
    writeFileSync(path, 'abc');
    const { changed } = await readInput(path, 'image/png', LIMIT, 'poster', undefined, openPath);
    expect(changed!()).toBeUndefined();
    appendFileSync(path, 'defghijkl');
    expect(changed!()).toBeInstanceOf(ArgumentError);
    expect(changed!()!.message).toBe(`poster "${path}" changed after it was checked: it is now 12 bytes, it was 3 bytes when its size was checked. Nothing was posted: post it again once the file is complete (a file still being written, by a recorder or a download, changes under the upload).`);
    const same = join(dir, 'rewritten.png');
    writeFileSync(same, 'abc');
    const rewritten = await readInput(same, 'image/png', LIMIT, 'file', undefined, openPath);
    utimesSync(same, new Date(), new Date(Date.now() + 5000));
    expect(rewritten.changed!()!.message).toMatch(/changed after it was checked: it was modified after its size was checked \(still 3 bytes\)\./);
    rmSync(same);
    expect(rewritten.changed!()!.message).toMatch(/changed after it was checked: it can no longer be read \(ENOENT\)\./);
  });

  it('other inputs cannot change: no check', async () => {
    expect((await readInput(Buffer.from('abc'), 'image/png', LIMIT, 'file')).changed).toBeUndefined();
    expect((await readInput(new Blob(['abc']), 'image/png', LIMIT, 'file')).changed).toBeUndefined();
  });

  it('a file larger than the limit is refused from its size alone', async () => {
    await expect(readInput(join(dir, 'large.png'), 'image/png', LIMIT, 'file', undefined, openPath)).rejects.toThrow(/file is 0.00 MB, over the 0.00 MB limit for images/);
  });

  it('a missing file: ArgumentError with the path and the code', async () => {
    const missing = join(dir, 'missing.png');
    await expect(readInput(missing, 'image/png', LIMIT, 'poster', undefined, openPath)).rejects.toThrow(`poster: cannot read "${missing}" (ENOENT): check the path and its permissions.`);
    await expect(readInput(dir, 'image/png', LIMIT, 'file', undefined, openPath)).rejects.toThrow(`file: cannot read "${dir}" (not a file)`);
    await expect(readInput(new URL('https://example.com/a.png'), 'image/png', LIMIT, 'file', undefined, openPath)).rejects.toThrow('only file: URLs and paths can be read');
  });

  it('a path in a build without the Node parts (a browser build): ArgumentError saying to pass a File', async () => {
    const error = await readInput('cat.png', 'image/png', LIMIT, 'file').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toBe(`file is a path, which only Node (20.16+), Deno and Bun can read: in a browser pass a File or Blob (from an <input type="file">, or new File([bytes], 'cat.png')).`);
  });

  it('a path where Node built-ins cannot be reached (a browser): ArgumentError saying to pass a File', async () => {
    const proc = process as { getBuiltinModule?: unknown };
    const original = proc.getBuiltinModule;
    proc.getBuiltinModule = undefined;
    try {
      const error = await readInput('cat.png', 'image/png', LIMIT, 'file', undefined, openPath).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArgumentError);
      expect((error as Error).message).toMatch(/only Node \(20.16\+\), Deno and Bun can read: in a browser pass a File or Blob/);
    } finally {
      proc.getBuiltinModule = original;
    }
  });

  it('an aborted signal stops before anything is read', async () => {
    const { stream } = streamOf(['ab']);
    await expect(readInput(stream, 'image/png', LIMIT, 'file', AbortSignal.abort(new Error('early')))).rejects.toThrow('early');
    expect(stream.locked).toBe(false);
  });
});
