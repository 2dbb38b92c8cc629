/**
 * Requests and answers as a cassette keeps them: read off the wire (bytes), then written the
 * file's way with every credential replaced by its label. Learning (what is a credential) happens
 * when a message is seen; redaction when it is written, so a token first seen in a later answer is
 * still kept out of an earlier entry.
 */
import { createHash } from 'node:crypto';
import { redact } from '../redact/patterns.js';
import { fieldKind, type SecretBook } from './secrets.js';
import type { RecordedRequest, RecordedResponse } from './types.js';

/** A request as it went out. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Headers;
  body: Uint8Array | undefined;
}

/** An answer as it came back. */
export interface WireResponse {
  status: number;
  statusText: string;
  headers: Headers;
  body: Uint8Array;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text when it is text (valid UTF-8 of a textual type, or of no type), else undefined. */
function textOf(body: Uint8Array | undefined, type: string): string | undefined {
  if (!body || body.length === 0) return '';
  if (type && !/json|text|xml|javascript|x-www-form-urlencoded/i.test(type)) return undefined;
  try {
    return utf8.decode(body);
  } catch {
    return undefined;
  }
}

const isForm = (type: string) => /application\/x-www-form-urlencoded/i.test(type);
const isJson = (type: string, text: string) => /json/i.test(type) || (!type && /^\s*[[{]/.test(text));

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** Walks a JSON value: credential-named keys learn (and become labels), other strings are cleaned by value. */
function walkJson(value: unknown, book: SecretBook, path: string, write: boolean): unknown {
  if (typeof value === 'string') return write ? book.text(value) : value;
  if (Array.isArray(value)) return value.map((v) => walkJson(v, book, path, write));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const kind = fieldKind(k, path);
    out[k] = kind && typeof v === 'string' ? book.field(kind, v) : walkJson(v, book, path, write);
  }
  return out;
}

/** Query or form pairs: credential fields learn and become labels, the rest is cleaned by value. */
function pairs(params: URLSearchParams, book: SecretBook, path: string): Array<[string, string]> {
  return [...params].map(([k, v]) => {
    const kind = fieldKind(k, path);
    return [book.text(k), kind ? book.field(kind, v) : book.text(v)];
  });
}

/** The URL with credentials in its query replaced (its path cleaned by value). */
function cleanUrl(url: string, book: SecretBook): string {
  const u = new URL(url);
  const query = new URLSearchParams(pairs(u.searchParams, book, u.pathname)).toString();
  return `${u.origin}${book.text(u.pathname)}${query ? `?${query}` : ''}`;
}

/** `Authorization: Basic`: the client id stays readable, the secret is learned. */
function basicParts(value: string): [string, string] | undefined {
  try {
    const decoded = atob(value);
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const part = (s: string) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    };
    return [part(decoded.slice(0, colon)), part(decoded.slice(colon + 1))];
  } catch {
    return undefined;
  }
}

/** `a=1; b=2` or a `set-cookie` line: each value learned as a cookie; answers the line with labels. */
function cookies(line: string, book: SecretBook, set: boolean): string {
  const parts = set ? [line.split(';')[0] ?? ''] : line.split(';');
  const cleaned = parts.map((p) => {
    const eq = p.indexOf('=');
    return eq < 0 ? p : `${p.slice(0, eq)}=${book.field('cookie', p.slice(eq + 1).trim())}`;
  });
  return set ? [cleaned[0], ...line.split(';').slice(1)].join(';') : cleaned.join(';');
}

/** The request the file's way; learns what it carries first. */
export function toRecordedRequest(req: WireRequest, book: SecretBook): RecordedRequest {
  const path = new URL(req.url).pathname;
  const type = req.headers.get('content-type') ?? '';
  const headers: Record<string, string> = {};
  const auth = req.headers.get('authorization');
  if (auth) {
    const [scheme = '', credential = ''] = auth.trim().split(/\s+/, 2);
    if (/^basic$/i.test(scheme)) {
      // Written decoded, `id:label`, so the file says which app asked; the encoded form is a secret too.
      const parts = basicParts(credential);
      book.learn('secret', credential);
      headers.authorization = parts ? `${scheme} ${book.text(parts[0])}:${book.field('client_secret', parts[1])}` : `${scheme} ${book.learn('secret', credential)}`;
    } else {
      headers.authorization = `${scheme} ${book.field('access_token', credential)}`;
    }
  }
  const modhash = req.headers.get('x-modhash');
  if (modhash) headers['x-modhash'] = book.field('modhash', modhash);
  const cookie = req.headers.get('cookie');
  if (cookie) headers.cookie = cookies(cookie, book, false);
  if (type) headers['content-type'] = type;

  // Structured bodies first: a password learned here is then kept out of the URL and the rest.
  const text = textOf(req.body, type);
  let body: Partial<RecordedRequest> = {};
  if (req.body && req.body.length > 0) {
    if (text === undefined || /multipart\//i.test(type)) {
      body = { bytes: { size: req.body.length, sha256: createHash('sha256').update(req.body).digest('hex') } };
    } else if (isForm(type)) {
      const form: Record<string, string | string[]> = {};
      for (const [k, v] of pairs(new URLSearchParams(text), book, path)) {
        const had = form[k];
        form[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
      }
      body = { form };
    } else {
      const parsed = isJson(type, text) ? parseJson(text) : undefined;
      body = parsed ? { json: walkJson(parsed.value, book, path, true) } : { text: redact(book.text(text)) };
    }
  }
  const out: RecordedRequest = { method: req.method.toUpperCase(), url: cleanUrl(req.url, book) };
  if (Object.keys(headers).length) out.headers = Object.fromEntries(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { ...out, ...body };
}

/** Headers that say nothing about the answer itself, or no longer hold for the body kept (decoded, whole). */
const DROPPED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'age', 'server-timing', 'x-timer']);

/** The answer the file's way; learns what it carries first (tokens, cookies, modhash). */
export function toRecordedResponse(res: WireResponse, book: SecretBook, url: string): RecordedResponse {
  const path = new URL(url).pathname;
  const type = res.headers.get('content-type') ?? '';
  const text = textOf(res.body, type);
  const parsed = text !== undefined && text !== '' && isJson(type, text) ? parseJson(text) : undefined;
  // Learn from the body before writing anything, so its tokens are out of the headers too.
  const json = parsed && walkJson(parsed.value, book, path, false);
  const headers: Record<string, string | string[]> = {};
  const names = [...new Set([...res.headers.keys()])].filter((n) => !DROPPED.has(n)).sort();
  for (const name of names) {
    if (name === 'set-cookie') {
      const lines = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [res.headers.get(name) ?? ''];
      headers[name] = lines.map((line) => cookies(line, book, true));
    } else {
      headers[name] = redact(book.text(res.headers.get(name) ?? ''));
    }
  }
  const out: RecordedResponse = res.statusText ? { status: res.status, statusText: res.statusText, headers } : { status: res.status, headers };
  if (parsed) out.json = walkJson(json, book, path, true);
  else if (text !== undefined) {
    if (text !== '') out.text = redact(book.text(text));
  } else out.base64 = Buffer.from(res.body).toString('base64');
  return out;
}
