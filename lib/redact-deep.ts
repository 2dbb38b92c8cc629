import { redactUrl, type Redactor } from './redact.js';

/**
 * Walks an error or payload for Redactor: every string, in any field, nested `cause`s and parsed
 * bodies included, is cleaned. Errors are cleaned in place (they are fresh, and keep their class);
 * plain objects and arrays are copied, so a body is never changed under a caller who already holds it.
 */
export function clean<T>(redactor: Redactor, value: T, seen = new WeakMap<object, unknown>()): T {
  if (typeof value === 'string') return redactor.text(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value) as T;
  if (tag(value) === 'Error') return cleanError(redactor, value as unknown as Error, seen) as T;
  if (!isPlain(value)) return foreign(redactor, value, seen) as T;
  const copy: any = Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value));
  seen.set(value, copy);
  for (const key of Object.keys(value)) copy[redactor.text(key)] = clean(redactor, (value as any)[key], seen);
  return copy;
}

/** The built-in kind of an object, also for objects of another realm (a test runner's, a worker's). */
const tag = (value: object): string => Object.prototype.toString.call(value).slice(8, -1);

/** A plain object (of any realm: its prototype is an Object.prototype, or null) or an array. */
const isPlain = (value: object): boolean => {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === null || (tag(value) === 'Object' && Object.getPrototypeOf(proto) === null);
};

/** An error's message, stack, every own field and its causes. A frozen one is replaced by a cleaned copy. */
function cleanError(redactor: Redactor, error: Error, seen: WeakMap<object, unknown>): Error {
  seen.set(error, error);
  try {
    for (const key of Reflect.ownKeys(error)) {
      const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
      // V8 keeps `stack` as an accessor on the instance: read it once and keep the cleaned text.
      const isStack = key === 'stack' && !('value' in descriptor);
      if (!isStack && !('value' in descriptor)) continue;
      const value = isStack ? error.stack : descriptor.value;
      const cleaned = clean(redactor, value, seen);
      if (cleaned === value) continue;
      Object.defineProperty(error, key, isStack ? { value: cleaned, writable: true, configurable: true, enumerable: false } : { ...descriptor, value: cleaned });
    }
    return error;
  } catch {
    const copy = new Error(redactor.text(String(error.message)));
    Object.defineProperty(copy, 'name', { value: error.name, configurable: true, writable: true });
    copy.stack = redactor.text(String(error.stack));
    seen.set(error, copy);
    return copy;
  }
}

/**
 * Objects of other classes found in a foreign error (a Request, Response or Headers a custom fetch
 * attached) can show headers when inspected: they are reduced to a cleaned summary.
 */
function foreign(redactor: Redactor, value: object, seen: WeakMap<object, unknown>): unknown {
  const headersOf = (h: Headers) => clean(redactor, Object.fromEntries(h), seen);
  const kind = tag(value);
  if (kind === 'Headers') return headersOf(value as Headers);
  if (kind === 'Request') {
    const r = value as Request;
    return { method: r.method, url: redactor.text(redactUrl(r.url)), headers: headersOf(r.headers) };
  }
  if (kind === 'Response') {
    const r = value as Response;
    return { status: r.status, url: redactor.text(redactUrl(r.url)), headers: headersOf(r.headers) };
  }
  return value;
}
