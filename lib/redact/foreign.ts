import { REDACTED, redactUrl } from './patterns.js';
import { MAX_DEPTH, put, tag, type TextCleaner } from './shape.js';

/** How many objects holds() visits before it assumes a secret (and the object is copied, cleaned). */
const MAX_VISITS = 5000;

/** Cleans one value found inside the object at hand, one level deeper (deep.ts's walk). */
export type Walk = (value: unknown) => unknown;

/**
 * A DOMException keeps its name and message in internal slots (cloned as they are by structuredClone),
 * so it cannot be cleaned in place: one that holds a secret is replaced by a new DOMException (an
 * Error where there is no such class) with name, message, stack and own fields cleaned.
 */
export function cleanDomException(redactor: TextCleaner, error: DOMException, seen: WeakMap<object, unknown>, walk: Walk): Error {
  if (!holds(redactor, error)) {
    seen.set(error, error);
    return error;
  }
  const message = redactor.text(String(error.message));
  const name = redactor.text(String(error.name));
  let copy: Error;
  try {
    copy = new DOMException(message, name);
  } catch {
    copy = new Error(message);
    Object.defineProperty(copy, 'name', { value: name, configurable: true, writable: true });
  }
  seen.set(error, copy);
  Object.defineProperty(copy, 'stack', { value: redactor.text(String(error.stack)), writable: true, configurable: true, enumerable: false });
  for (const key of Reflect.ownKeys(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (key === 'stack' || !descriptor || !('value' in descriptor)) continue;
    Object.defineProperty(copy, typeof key === 'string' ? redactor.text(key) : key, { ...descriptor, value: walk(descriptor.value), configurable: true });
  }
  return copy;
}

/**
 * Objects of other classes found in an error or a payload. A Request, Response or Headers (a custom
 * fetch attached) is reduced to a cleaned summary; Maps and Sets are copied with cleaned keys and
 * values; a URL or URLSearchParams that holds a secret becomes a cleaned one; anything else that
 * holds a secret (an instance of some class, a function with fields) becomes a plain copy of its own
 * enumerable fields, cleaned. What holds none is kept as it is.
 */
export function foreign(redactor: TextCleaner, value: object, kind: string, seen: WeakMap<object, unknown>, walk: Walk): unknown {
  const headersOf = (h: Headers) => walk(Object.fromEntries(h));
  switch (kind) {
    case 'Headers':
      return headersOf(value as Headers);
    case 'Request': {
      const r = value as Request;
      return { method: r.method, url: redactor.text(redactUrl(r.url)), headers: headersOf(r.headers) };
    }
    case 'Response': {
      const r = value as Response;
      return { status: r.status, url: redactor.text(redactUrl(r.url)), headers: headersOf(r.headers) };
    }
    case 'Map': {
      const copy = new Map();
      seen.set(value, copy);
      for (const [k, v] of Map.prototype.entries.call(value)) copy.set(walk(k), walk(v));
      return copy;
    }
    case 'Set': {
      const copy = new Set();
      seen.set(value, copy);
      for (const v of Set.prototype.values.call(value)) copy.add(walk(v));
      return copy;
    }
    case 'URL':
    case 'URLSearchParams':
    case 'String': {
      const out = holds(redactor, value) ? textual(redactor, value, kind) : value;
      seen.set(value, out);
      return out;
    }
  }
  if (!holds(redactor, value)) {
    seen.set(value, value);
    return value;
  }
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    // Getters are not run: what they would compute is left out of the copy.
    if (descriptor && 'value' in descriptor) put(copy, redactor.text(key), walk(descriptor.value));
  }
  return copy;
}

/** The cleaned text of a URL: its href, with the query rebuilt from cleaned decoded entries (inspect shows them decoded). */
function urlText(redactor: TextCleaner, url: URL): string {
  const copy = new URL(url.href);
  const params = [...url.searchParams];
  if (params.some(([k, v]) => redactor.text(k) !== k || redactor.text(v) !== v)) copy.search = paramsOf(redactor, params).toString();
  return redactor.text(redactUrl(copy.href));
}

const paramsOf = (redactor: TextCleaner, entries: Array<[string, string]>) => new URLSearchParams(entries.map(([k, v]) => [redactor.text(k), redactor.text(v)]));

/**
 * A URL, URLSearchParams or boxed String that holds a secret: a cleaned one of the same kind where
 * it can be made and shows nothing secret, else its cleaned text.
 */
function textual(redactor: TextCleaner, value: object, kind: string): unknown {
  try {
    if (kind === 'String') return redactor.text(String(value.valueOf()));
    if (kind === 'URLSearchParams') {
      const query = String(paramsOf(redactor, [...(value as URLSearchParams)]));
      const text = redactor.text(redactUrl(`?${query}`)).slice(1);
      const params = new URLSearchParams(text);
      return holds(redactor, params) ? text : params;
    }
    const text = urlText(redactor, value as URL);
    try {
      const url = new URL(text);
      if (!holds(redactor, url)) return url;
    } catch {
      // not a URL any more once cleaned: its text
    }
    return text;
  } catch {
    return REDACTED;
  }
}

/**
 * Whether any string reachable in `value` (own fields of any kind, keys, Map and Set entries, an
 * error's message and stack, a URL's text) holds a secret. Getters are not run; past the depth or
 * visit limits, and for what cannot be looked into, the answer is yes, so the value is copied.
 */
export function holds(redactor: TextCleaner, value: unknown, depth = 0, visited = new Set<object>()): boolean {
  if (typeof value === 'string') return redactor.text(value) !== value;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  if (visited.has(value)) return false;
  if (depth > MAX_DEPTH || visited.size >= MAX_VISITS) return true;
  visited.add(value);
  const deeper = (v: unknown) => holds(redactor, v, depth + 1, visited);
  try {
    const kind = tag(value);
    if (kind === 'Headers' || kind === 'Request' || kind === 'Response') return true;
    if (kind === 'Map') for (const [k, v] of Map.prototype.entries.call(value)) if (deeper(k) || deeper(v)) return true;
    if (kind === 'Set') for (const v of Set.prototype.values.call(value)) if (deeper(v)) return true;
    if (kind === 'URL' || kind === 'URLSearchParams') {
      const params: URLSearchParams = kind === 'URL' ? (value as URL).searchParams : (value as URLSearchParams);
      for (const [k, v] of params) if (deeper(k) || deeper(v)) return true;
      const text = kind === 'URL' ? String(value) : `?${String(value)}`;
      return redactor.text(redactUrl(text)) !== text;
    }
    if (kind === 'String') return deeper(String(value.valueOf()));
    if (kind === 'DOMException' || kind === 'Error' || value instanceof Error) {
      const error = value as Error;
      if (deeper(String(error.name)) || deeper(String(error.message)) || deeper(String(error.stack))) return true;
    }
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === 'string' && deeper(key)) return true;
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (descriptor && 'value' in descriptor && deeper(descriptor.value)) return true;
    }
    return false;
  } catch {
    return true;
  }
}
