/**
 * What a cassette must keep out of its file: every credential it has seen, each replaced by a
 * readable label (`REDACTED_ACCESS_TOKEN`, `REDACTED_ACCESS_TOKEN_2`, ...) wherever it appears, in
 * whatever encoding it took on the wire. Pure.
 */

/** Kinds of credential, each with its own labels. */
export type SecretKind = 'client_secret' | 'password' | 'access_token' | 'refresh_token' | 'code' | 'cookie' | 'modhash' | 'secret';

/** Any label this module writes: a replay compares requests with every label taken as the same. */
export const LABEL = /REDACTED_[A-Z_]+?(?:_\d+)?\b/g;

/**
 * Values shorter than this are replaced only where they stand in a credential's own place (a
 * `password` field, an `Authorization` header), not in free text: replacing every "abc" of an
 * answer would rewrite what the platform said. No credential the platform issues is that short.
 */
const MIN_FREE_TEXT = 4;

/** Field names (query, form, JSON) whose value is a credential wherever they appear, and of which kind. */
const FIELDS: Record<string, SecretKind> = {
  password: 'password', passwd: 'password', client_secret: 'client_secret', secret: 'secret',
  access_token: 'access_token', refresh_token: 'refresh_token', id_token: 'access_token',
  modhash: 'modhash', uh: 'modhash',
};

/** The kind of credential a field holds; `token` and `code` only where the path says so (revoke, token requests). */
export function fieldKind(name: string, path: string): SecretKind | undefined {
  const key = name.toLowerCase();
  if (key === 'token' && /\/revoke_token/.test(path)) return 'access_token';
  if (key === 'code' && /\/access_token/.test(path)) return 'code';
  return FIELDS[key];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The forms a value takes on the wire: as is, percent-encoded, form-encoded, JSON-escaped. */
function variants(value: string): string[] {
  const out = new Set([value, JSON.stringify(value).slice(1, -1), new URLSearchParams({ v: value }).toString().slice(2)]);
  try {
    out.add(encodeURIComponent(value));
  } catch {
    // a lone surrogate cannot be percent-encoded, so it cannot travel that way either
  }
  return [...out];
}

/** The credentials of one cassette and their labels. Holds values only in private fields. */
export class SecretBook {
  readonly #labels = new Map<string, string>();
  readonly #counts = new Map<SecretKind, number>();
  /** Every wire form of every known value (long enough), with its label. */
  readonly #forms = new Map<string, string>();
  #matcher: RegExp | undefined;

  /** Remembers a credential; answers its label (the same one every time it is seen). */
  learn(kind: SecretKind, value: string | undefined | null): string {
    if (typeof value !== 'string' || value === '') return '';
    const known = this.#labels.get(value);
    if (known) return known;
    if (new RegExp(`^${LABEL.source}$`).test(value)) return value;
    const n = (this.#counts.get(kind) ?? 0) + 1;
    this.#counts.set(kind, n);
    const label = `REDACTED_${kind.toUpperCase()}${n > 1 ? `_${n}` : ''}`;
    this.#labels.set(value, label);
    if (value.length >= MIN_FREE_TEXT) {
      for (const form of variants(value)) if (!this.#forms.has(form)) this.#forms.set(form, label);
      this.#matcher = undefined;
    }
    return label;
  }

  /** A string with every known credential (in any of its wire forms) replaced by its label. */
  text(text: string): string {
    if (this.#forms.size === 0) return text;
    // Longest first, so a credential that contains another is replaced whole.
    this.#matcher ??= new RegExp([...this.#forms.keys()].sort((a, b) => b.length - a.length).map(escape).join('|'), 'g');
    return text.replace(this.#matcher, (form) => this.#forms.get(form) ?? form);
  }

  /** A value in a credential's own place: its label (learned now if new). */
  field(kind: SecretKind, value: string): string {
    return value === '' ? '' : this.learn(kind, value);
  }

  get size(): number {
    return this.#labels.size;
  }

  /** Never the values, in logs or JSON. */
  toJSON(): string {
    return `[SecretBook: ${this.#labels.size} values]`;
  }
}
