/** The encodings this transport asks for, as fetch in Node does (zstd is decoded where zlib has it, never asked for). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

import { finished, Transform, type Readable, type TransformCallback } from 'node:stream';
import * as nodeZlib from 'node:zlib';
import { BodyTooLarge } from '../light-response.js';

/** node:zlib comes with this transport, which the core loads when the first instance is made (lib/core/chunks.ts). */
const zlib = nodeZlib as unknown as Record<string, (() => Transform) | undefined>;

/** The body as undici hands it: a Readable that can also read itself whole. */
export type BodyStream = Readable & { bytes?: () => Promise<Uint8Array> };

/**
 * "deflate" is zlib-wrapped by the standard but sent raw by some servers: the first byte tells them
 * apart, as browsers do, so the inflater is chosen when it arrives.
 */
class AutoInflate extends Transform {
  #inner: Transform | undefined;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.#inner) {
      this.#inner = zlib[(chunk[0]! & 0x0f) === 8 ? 'createInflate' : 'createInflateRaw']!();
      this.#inner.on('data', (out: Buffer) => this.push(out));
      this.#inner.on('error', (error) => this.destroy(error));
    }
    this.#inner.write(chunk, () => done());
  }
  override _flush(done: TransformCallback): void {
    if (!this.#inner) return done();
    this.#inner.once('end', () => done());
    this.#inner.end();
  }
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.#inner?.destroy();
    done(error);
  }
}

/** The decoders of `Content-Encoding`, last applied first; an encoding this runtime cannot decode leaves the rest as it came, as fetch does. */
function decoders(contentEncoding: string | undefined): Transform[] {
  const out: Transform[] = [];
  const codings = contentEncoding ? contentEncoding.toLowerCase().split(',') : [];
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i]!.trim();
    if (coding === 'gzip' || coding === 'x-gzip') out.push(zlib.createGunzip!());
    else if (coding === 'deflate') out.push(new AutoInflate());
    else if (coding === 'br') out.push(zlib.createBrotliDecompress!());
    else if (coding === 'zstd' && zlib.createZstdDecompress) out.push(zlib.createZstdDecompress());
    else if (coding !== 'identity' && coding !== '') break;
  }
  return out;
}

/**
 * Read `source` whole, through `stages` (decoders, piped with backpressure), counting what comes
 * out: past `max` bytes everything is destroyed at once (the connection closes) and the read
 * rejects with BodyTooLarge. An empty body is empty whatever its encoding.
 */
function collect(source: BodyStream, stages: Transform[], max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.destroy();
      for (const stage of stages) stage.destroy();
      reject(error);
    };
    const take = (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > max) fail(new BodyTooLarge(max));
      else chunks.push(chunk);
    };
    const done = () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    // An abort or a connection cut mid-body errors the source (or closes it early).
    finished(source, (error) => error && fail(error));
    if (stages.length === 0) {
      source.on('data', take);
      source.on('end', done);
      return;
    }
    const last = stages[stages.length - 1]!;
    for (const stage of stages) stage.on('error', fail);
    last.on('data', take);
    last.on('end', done);
    let started = false;
    source.once('data', (first: Buffer) => {
      // The decoders start with the first byte: an empty body has none to decode, whatever its encoding.
      started = true;
      source.pause();
      let into: Readable = source;
      for (const stage of stages) into = into.pipe(stage);
      stages[0]!.write(first);
    });
    source.once('end', () => {
      if (started) return;
      for (const stage of stages) stage.destroy();
      done();
    });
  });
}

/**
 * Read a body whole and decoded, bounded by `max` decoded bytes (maxResponseSize): decoding
 * streams, so an endless chunked body or a kilobyte of brotli that would inflate to gigabytes stops
 * as soon as it passes `max`, never holding more than that and a chunk. An undecoded body that
 * declares a length past `max` is refused before it is read; one within it is read whole at once
 * (undici frames the body by that length: it cannot grow past it).
 */
export function readDecoded(body: BodyStream, contentEncoding: string | undefined, contentLength: number | undefined, max: number): Promise<Uint8Array> {
  const stages = decoders(contentEncoding);
  if (stages.length === 0 && contentLength !== undefined) {
    if (contentLength > max) {
      body.destroy();
      return Promise.reject(new BodyTooLarge(max));
    }
    if (body.bytes) return body.bytes();
  }
  return collect(body, stages, max);
}
