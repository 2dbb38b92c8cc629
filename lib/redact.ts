/**
 * Secrets never reach an error or an event. Two lines of defence: by value (every credential an
 * instance knows, see Redactor) and by pattern (anything shaped like a credential, for what the
 * instance never saw, such as a token another program put in a URL).
 */
const patterns: Array<[RegExp, string]> = [
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  // form and query style: token=value
  [/\b((?:access_token|refresh_token|password|client_secret|secret|token)=)[^&\s"']+/gi, '$1[redacted]'],
  // prose style, for names that can only mean a credential: password: value
  [/\b((?:access_token|refresh_token|client_secret|password)\s*:\s*)(?!\s*")[^\s,;}"']+/gi, '$1[redacted]'],
  // JSON style: "token": "value"
  [/("(?:access_token|refresh_token|password|client_secret|secret|token)"\s*:\s*")[^"]*/gi, '$1[redacted]'],
];

export function redact(text: string): string {
  let out = text;
  for (const [re, by] of patterns) out = out.replace(re, by);
  return out;
}

/** Query parameters that carry credentials (a code too) are masked wherever a URL is reported. */
export function redactUrl(url: string): string {
  return url.replace(/([?&#](?:access_token|refresh_token|token|code|password|client_secret)=)[^&#]*/gi, '$1[redacted]');
}

/** What a known secret is replaced with. */
export const REDACTED = '[REDACTED]';

/**
 * Values shorter than this are not redacted by value: replacing every "abc" in a message would
 * make it unreadable, and no credential the platform issues is that short (patterns still apply).
 */
export const MIN_SECRET_LENGTH = 4;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The forms a secret takes on the wire and in echoes: as is, percent-encoded, form-encoded, JSON-escaped. */
function variants(value: string): string[] {
  const out = [value, JSON.stringify(value).slice(1, -1), new URLSearchParams({ v: value }).toString().slice(2)];
  try {
    out.push(encodeURIComponent(value));
  } catch {
    // a lone surrogate cannot be percent-encoded, so it cannot travel that way either
  }
  return out;
}

const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
};

/**
 * The one place where an instance's errors and event payloads lose their secrets: every string, in
 * any field, nested `cause`s and parsed bodies included, has each credential the instance knows
 * replaced by `[REDACTED]`, then the patterns applied. Errors are cleaned in place (they are fresh,
 * and keep their class); plain objects and arrays are copied, so a body is never changed under a
 * caller who already holds it.
 */
export class Redactor {
  readonly #known = new Set<string>();
  #matcher: RegExp | undefined;

  /** Remember credentials (a token as it arrives, a password, a modhash). Empty and short values are ignored. */
  add(...values: Array<string | undefined | null>): void {
    for (const value of values) {
      if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) continue;
      for (const form of variants(value)) {
        if (form.length >= MIN_SECRET_LENGTH && !this.#known.has(form)) {
          this.#known.add(form);
          this.#matcher = undefined;
        }
      }
    }
  }

  /** A string without any known secret, nor anything shaped like one. */
  text(text: string): string {
    if (this.#known.size > 0) {
      // Longest first, so a secret that contains another is replaced whole.
      this.#matcher ??= new RegExp([...this.#known].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');
      text = text.replace(this.#matcher, REDACTED);
    }
    return redact(text);
  }

  /** An event payload or a value inside an error, cleaned (see the class comment). */
  value<T>(value: T, seen = new WeakMap<object, unknown>()): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return seen.get(value) as T;
    if (value instanceof Error) return this.error(value, seen);
    if (!isPlain(value)) return this.#foreign(value, seen) as T;
    const copy: any = Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value));
    seen.set(value, copy);
    for (const key of Object.keys(value)) copy[this.text(key)] = this.value((value as any)[key], seen);
    return copy;
  }

  /** Clean an error in place: message, stack, every own field, and its causes. A frozen one is replaced by a cleaned copy. */
  error<E>(error: E, seen = new WeakMap<object, unknown>()): E {
    if (!(error instanceof Error)) return this.value(error, seen);
    if (seen.has(error)) return seen.get(error) as E;
    seen.set(error, error);
    try {
      for (const key of Reflect.ownKeys(error)) {
        const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
        // V8 keeps `stack` as an accessor on the instance: read it once and keep the cleaned text.
        const isStack = key === 'stack' && !('value' in descriptor);
        if (!isStack && !('value' in descriptor)) continue;
        const value = isStack ? error.stack : descriptor.value;
        const cleaned = this.value(value, seen);
        if (cleaned === value) continue;
        Object.defineProperty(error, key, isStack ? { value: cleaned, writable: true, configurable: true, enumerable: false } : { ...descriptor, value: cleaned });
      }
      return error;
    } catch {
      const copy = new Error(this.text(String(error.message)));
      Object.defineProperty(copy, 'name', { value: error.name, configurable: true, writable: true });
      copy.stack = this.text(String(error.stack));
      seen.set(error, copy);
      return copy as E;
    }
  }

  /**
   * Objects of other classes found in a foreign error (a Request, Response or Headers a custom
   * fetch attached) can show headers when inspected: they are reduced to a cleaned summary.
   */
  #foreign(value: object, seen: WeakMap<object, unknown>): unknown {
    const headersOf = (h: Headers) => this.value(Object.fromEntries(h), seen);
    if (typeof Headers !== 'undefined' && value instanceof Headers) return headersOf(value);
    if (typeof Request !== 'undefined' && value instanceof Request) return { method: value.method, url: this.text(redactUrl(value.url)), headers: headersOf(value.headers) };
    if (typeof Response !== 'undefined' && value instanceof Response) return { status: value.status, url: this.text(redactUrl(value.url)), headers: headersOf(value.headers) };
    return value;
  }
}
