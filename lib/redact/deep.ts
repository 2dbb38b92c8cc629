import { cleanDomException, foreign } from './foreign.js';
import { MAX_DEPTH, put, tag, type TextCleaner } from './shape.js';

const TOO_DEEP = '[REDACTED: nested too deep]';

/**
 * Walks an error or payload for Redactor: every string, in any field, nested `cause`s and parsed
 * bodies included, is cleaned. Errors are cleaned in place (they are fresh, and keep their class);
 * plain objects, arrays, Maps and Sets are copied, so a body is never changed under a caller who
 * already holds it. Every other object (a DOMException, a URL, an instance of some class) is kept
 * when no string reachable in it holds a secret, and replaced by a cleaned copy when one does.
 */
export function clean<T>(redactor: TextCleaner, value: T, seen = new WeakMap<object, unknown>(), depth = 0): T {
  if (typeof value === 'string') return redactor.text(value) as T;
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  const object = value as object;
  if (seen.has(object)) return seen.get(object) as T;
  if (depth > MAX_DEPTH) return TOO_DEEP as T;
  const kind = tag(object);
  const walk = (inner: unknown) => clean(redactor, inner, seen, depth + 1);
  if (kind === 'DOMException') return cleanDomException(redactor, object as DOMException, seen, walk) as T;
  if (kind === 'Error' || object instanceof Error) return cleanError(redactor, object as Error, seen, depth) as T;
  if (isPlain(object)) {
    const copy: any = Array.isArray(object) ? [] : Object.create(Object.getPrototypeOf(object));
    seen.set(object, copy);
    for (const key of Object.keys(object)) put(copy, redactor.text(key), clean(redactor, (object as any)[key], seen, depth + 1));
    return copy;
  }
  return foreign(redactor, object, kind, seen, walk) as T;
}

/** A plain object (of any realm: its prototype is an Object.prototype, or null) or an array. */
const isPlain = (value: object): boolean => {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === null || (tag(value) === 'Object' && Object.getPrototypeOf(proto) === null);
};

/** An error's message, stack, every own field and its causes. A frozen one is replaced by a cleaned copy. */
function cleanError(redactor: TextCleaner, error: Error, seen: WeakMap<object, unknown>, depth: number): Error {
  seen.set(error, error);
  try {
    for (const key of Reflect.ownKeys(error)) {
      const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
      // V8 keeps `stack` as an accessor on the instance: read it once and keep the cleaned text.
      const isStack = key === 'stack' && !('value' in descriptor);
      if (!isStack && !('value' in descriptor)) continue;
      const value = isStack ? error.stack : descriptor.value;
      const cleaned = clean(redactor, value, seen, depth + 1);
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

