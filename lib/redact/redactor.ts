/**
 * Secrets never reach an error or an event. Two lines of defence: by value (every credential an
 * instance knows, see Redactor) and by pattern (anything shaped like a credential, for what the
 * instance never saw, such as a token another program put in a URL).
 */
import { REDACTED, redact } from './patterns.js';

export { REDACTED };

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

/** The walker through errors and payloads (lib/redact/deep.ts): a chunk of its own, loaded by lib/core/chunks.ts. */
type Deep = typeof import('./deep.js');
export type LoadDeep = () => Promise<Deep>;

/**
 * The one place where an instance's errors and event payloads lose their secrets: every string, in
 * any field, nested `cause`s and parsed bodies included, has each credential the instance knows
 * replaced by `[REDACTED]`, then the patterns applied (lib/redact/deep.ts walks the values).
 */
export class Redactor {
  readonly #known = new Set<string>();
  #matcher: RegExp | undefined;
  readonly #load: LoadDeep;
  #deep: Deep | undefined;

  /** `load`: the walker's loader; every path that builds an error payload awaits `ready()` first, so events can be cleaned synchronously. */
  constructor(load: LoadDeep) {
    this.#load = load;
  }

  /** Load the walker (once): after this, `value()` cleans every field of a payload synchronously. */
  async ready(): Promise<Deep> {
    return (this.#deep ??= await this.#load());
  }

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

  /**
   * An event payload, cleaned synchronously: listeners run at once. Error payloads are only built
   * after the walker has loaded; should one ever come first, its message and stack are cleaned.
   */
  value<T>(value: T): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (this.#deep) return this.#deep.clean(this, value);
    if (value instanceof Error) {
      value.message = this.text(value.message);
      value.stack = this.text(String(value.stack));
    }
    return value;
  }

  /** An error, cleaned in place (a frozen one is replaced by a cleaned copy). */
  async error<E>(error: E): Promise<E> {
    return (await this.ready()).clean(this, error);
  }
}
