/** What the walkers need of a Redactor (lib/redact/redactor.ts): a cleaned copy of a text. */
export interface TextCleaner {
  text(text: string): string;
}

/** Deeper than this, an object is replaced by a marker: a hostile body nested 100k deep cannot overflow the stack. */
export const MAX_DEPTH = 100;

/** The built-in kind of an object, also for objects of another realm (a test runner's, a worker's). */
export const tag = (value: object): string => Object.prototype.toString.call(value).slice(8, -1);

/** Set a field of a copy; a key such as `__proto__` stays a field instead of changing the copy's prototype. */
export const put = (copy: object, key: PropertyKey, value: unknown) => Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
