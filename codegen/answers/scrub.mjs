// A recorded answer as TypeScript text for the type test, with its values scrubbed: the test needs
// the answer's structure (fields, nulls, arrays, things' kinds, fullname prefixes), never its text,
// names or numbers. `kind` values, fullnames and empty strings keep what the types check (`'t3' as
// const`, `'t3_x' as const`, `E`, an empty string of type ''); every other string is '' and every number 0. Arrays keep a few items, one of
// each kind first, and none below a depth (an empty array fits any array type). The object is
// assigned through a variable, so fields the types do not name are allowed, as they are at run time.
import { recordOf } from './shape.mjs';
import { propName } from './types.mjs';

const FULLNAME = /^(t[1-6])_[A-Za-z0-9]+$/;
const MAX_ITEMS = 2;
const MAX_DEPTH = 9;

/** Items to keep: the first of each kind or field set, then the next ones, up to MAX_ITEMS. @param {unknown[]} items */
function pick(items) {
  const sig = (/** @type {any} */ x) => (x && typeof x === 'object' ? (x.kind ?? Object.keys(x).sort().join()) : typeof x);
  const firsts = [];
  const seen = new Set();
  for (const item of items) {
    if (seen.has(sig(item))) continue;
    seen.add(sig(item));
    firsts.push(item);
  }
  const rest = items.filter((x) => !firsts.includes(x));
  return [...firsts, ...rest].slice(0, Math.max(MAX_ITEMS, Math.min(firsts.length, 4)));
}

/**
 * @param {unknown} value
 * @param {string} [key] the field it sits in
 * @param {number} [depth]
 * @returns {string}
 */
export function scrubbed(value, key, depth = 0) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string': {
      if (key === 'kind') return `${JSON.stringify(value)} as const`;
      const m = FULLNAME.exec(value);
      // An empty string keeps its literal type (a comment's `replies` is '' or a Listing); other text is ''.
      return m ? `'${m[1]}_x' as const` : value === '' ? 'E' : "''";
    }
    case 'number':
      return '0';
    case 'boolean':
      return String(value);
  }
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return '[]';
    return `[${pick(value).map((v) => scrubbed(v, undefined, depth + 1)).join(', ')}]`;
  }
  const obj = /** @type {Record<string, unknown>} */ (value);
  const record = recordOf(obj, key);
  const entries = Object.entries(obj);
  const parts = record
    ? pick(Object.values(obj)).map((v, i) => `k${i}: ${scrubbed(v, record.inner, depth + 1)}`)
    : entries.map(([raw, v]) => {
        const k = raw.replaceAll('<TEST_SUBREDDIT>', 'test');
        return `${propName(k)}: ${scrubbed(v, k, depth + 1)}`;
      });
  return `{ ${parts.join(', ')} }`;
}
