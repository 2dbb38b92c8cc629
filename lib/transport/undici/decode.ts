/** The encodings this transport asks for, as fetch in Node does (zstd is decoded where zlib has it, never asked for). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

import * as nodeZlib from 'node:zlib';

type Decode = (data: Uint8Array, done: (error: Error | null, result: Uint8Array) => void) => void;
/** node:zlib comes with this transport, which the core loads when the first instance is made (lib/core/chunks.ts). */
const zlib = nodeZlib as unknown as Record<string, Decode | undefined>;
async function decode(name: string, data: Uint8Array): Promise<Uint8Array> {
  const fn = zlib[name]!;
  return new Promise((resolve, reject) => fn(data, (error, result) => (error ? reject(error) : resolve(result))));
}

/**
 * Undo `Content-Encoding`, last applied first. "deflate" is zlib-wrapped by the standard but sent
 * raw by some servers: the header byte tells them apart, as browsers do. An encoding this runtime
 * cannot decode leaves the bytes as they came, as fetch does.
 */
export async function decodeBody(bytes: Uint8Array, contentEncoding: string | undefined): Promise<Uint8Array> {
  if (!contentEncoding || bytes.length === 0) return bytes;
  const codings = contentEncoding.toLowerCase().split(',');
  let out = bytes;
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i]!.trim();
    if (coding === 'gzip' || coding === 'x-gzip') out = await decode('gunzip', out);
    else if (coding === 'deflate') out = await decode((out[0]! & 0x0f) === 8 ? 'inflate' : 'inflateRaw', out);
    else if (coding === 'br') out = await decode('brotliDecompress', out);
    else if (coding === 'zstd' && zlib.zstdDecompress) out = await decode('zstdDecompress', out);
    else if (coding !== 'identity' && coding !== '') return out;
  }
  return out;
}
