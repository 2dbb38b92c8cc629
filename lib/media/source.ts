import { ArgumentError } from '../errors/classes.js';
import type { MediaAsset, MediaInput } from './types.js';

/** What a media input is; decides how it is read. */
export type InputKind = 'bytes' | 'blob' | 'stream' | 'path';

/** The platform's media types by extension (what a path or file name tells). */
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm',
};
/** The usual extension of each type (the first one listed above). */
const EXTENSION_OF: Record<string, string> = Object.fromEntries(Object.entries(BY_EXTENSION).reverse().map(([ext, type]) => [type, ext]));

const tag = (value: unknown) => Object.prototype.toString.call(value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Blobs and streams may come from another realm (a worker, a test sandbox): recognised by shape, not instanceof. */
export function isBlob(value: unknown): value is Blob {
  return isObject(value) && typeof value.arrayBuffer === 'function' && typeof value.slice === 'function' && typeof value.size === 'number' && typeof value.type === 'string';
}

export function isAsset(value: unknown): value is MediaAsset {
  return isObject(value) && typeof value.assetId === 'string' && typeof value.url === 'string' && typeof value.type === 'string';
}

/** The kind of an input, or an ArgumentError naming what may be passed. */
export function inputKind(input: unknown, what: string): InputKind {
  if (typeof input === 'string' || tag(input) === '[object URL]') return 'path';
  if (ArrayBuffer.isView(input) || tag(input) === '[object ArrayBuffer]') return 'bytes';
  if (isBlob(input)) return 'blob';
  if (isObject(input) && typeof input.getReader === 'function') return 'stream';
  const got = input === null ? 'null' : isObject(input) ? tag(input).slice(8, -1) : typeof input;
  throw new ArgumentError(`${what} must be bytes (Uint8Array, Buffer, ArrayBuffer), a Blob or File, a ReadableStream, a path (Node), or a MediaAsset from uploadMedia(); got ${got}.`);
}

/** The last segment of a path or file: URL, without the directory. */
export function baseName(path: string | URL): string {
  const text = typeof path === 'string' ? path : decodeURIComponent(path.pathname);
  return text.split(/[\\/]/).pop() ?? '';
}

export function typeFromName(name: string | undefined): string | undefined {
  const dot = name?.lastIndexOf('.') ?? -1;
  return dot > 0 ? BY_EXTENSION[name!.slice(dot + 1).toLowerCase()] : undefined;
}

/**
 * Name and type of a file: what the caller gave, else what a File or the path tells (the name, then
 * the type from its extension). A name is made from the type when only the type is known.
 */
export function describeInput(input: MediaInput, given: { name?: string | undefined; type?: string | undefined }, what: string): { name: string; type: string } {
  const kind = inputKind(input, what);
  const fileName = kind === 'blob' ? (input as Partial<File>).name : kind === 'path' ? baseName(input as string | URL) : undefined;
  const ownType = kind === 'blob' ? (input as Blob).type : undefined;
  const name = given.name || fileName || undefined;
  const type = (given.type || ownType || typeFromName(name))?.trim().toLowerCase();
  if (!type) {
    const source = name ? `"${name}" has no extension the platform's types are known by` : `${kind === 'blob' ? 'a Blob without a type' : kind === 'stream' ? 'a stream' : 'bytes'} carry no name or type`;
    throw new ArgumentError(`${what}: cannot tell the media type (${source}): pass { type: 'image/png' } or { name: 'cat.png' }.`);
  }
  return { name: name ?? `upload.${EXTENSION_OF[type] ?? 'bin'}`, type };
}
