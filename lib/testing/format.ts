/** The cassette file (docs/testing.md, "The cassette file"): written with a stable order, read back checked. Pure. */
import type { CassetteFile, Interaction, RecordedResponse } from './types.js';

/** Arrays of scalars that fit on one line stay on it (`["RATELIMIT", "...", "ratelimit"]`); the rest is two-space JSON. */
const INLINE = 100;

function pretty(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = value.every((v) => v === null || typeof v !== 'object') ? `[${value.map((v) => JSON.stringify(v) ?? 'null').join(', ')}]` : undefined;
    if (flat && flat.length + indent.length <= INLINE) return flat;
    const inner = `${indent}  `;
    return `[\n${value.map((v) => `${inner}${pretty(v, inner)}`).join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pretty(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** JSON with two-space indents and a newline at the end, each field on its own line, so a re-recording diffs line by line. */
export function serialize(interactions: readonly Interaction[]): string {
  const file: CassetteFile = { snoopathCassette: 1, interactions: [...interactions] };
  return `${pretty(file, '')}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The interactions of a cassette file's text; throws naming what is wrong and where. */
export function parse(text: string, path: string): Interaction[] {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON (${(error as Error).message}): record it again (mode 'record').`);
  }
  if (!isObject(file) || file.snoopathCassette !== 1 || !Array.isArray(file.interactions)) {
    throw new Error(`${path} is not a snoopath cassette of format 1 (it needs "snoopathCassette": 1 and an "interactions" array): record it again (mode 'record').`);
  }
  file.interactions.forEach((entry: unknown, i: number) => {
    const where = `${path}: interaction ${i + 1}`;
    if (!isObject(entry) || !isObject(entry.request)) throw new Error(`${where} has no "request" object.`);
    const { method, url } = entry.request;
    if (typeof method !== 'string' || typeof url !== 'string' || !URL.canParse(url)) throw new Error(`${where}: its request needs a "method" and a full "url".`);
    const response = entry.response;
    if (response === undefined) {
      if (!isObject(entry.error) || typeof entry.error.message !== 'string') throw new Error(`${where} has neither a "response" nor an "error".`);
      return;
    }
    if (!isObject(response) || !Number.isInteger(response.status) || (response.status as number) < 100 || (response.status as number) > 599 || !isObject(response.headers)) {
      throw new Error(`${where}: its response needs a "status" (100 to 599) and a "headers" object.`);
    }
  });
  return file.interactions as Interaction[];
}

const encoder = new TextEncoder();

/** The body a recorded answer is served with. */
export function bodyOf(response: RecordedResponse): Uint8Array {
  if (response.json !== undefined) return encoder.encode(JSON.stringify(response.json));
  if (response.base64 !== undefined) return new Uint8Array(Buffer.from(response.base64, 'base64'));
  return encoder.encode(response.text ?? '');
}

/** The headers a recorded answer is served with: rate-limit headers only when asked (see `replayRateLimits`). */
export function headersOf(response: RecordedResponse, rateLimits: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (!rateLimits && name.toLowerCase().startsWith('x-ratelimit-')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return headers;
}
