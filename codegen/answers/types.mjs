// TypeScript text of a learned shape (see shape.mjs for the forms). Kept cheap to check: no type
// alias takes arguments (`{ [id: string]: T }`, not `Record<string, T>`), since each such use is an
// instantiation in every user's compilation; generic interfaces (`Listing<T>`) are plain references.
import { tag } from './union.mjs';

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** A property name as TypeScript accepts it. @param {string} name */
export const propName = (name) => (IDENT.test(name) ? name : JSON.stringify(name));

/**
 * How things and named shapes are called.
 * @typedef {{ thing: (kind: string) => string, data: (kind: string) => string }} Names
 */


/** `{ json: { errors: [], data? } }`: the envelope of form-posted actions, or undefined. @param {any} alt */
function envelope(alt) {
  const fields = alt.object;
  const keys = Object.keys(fields);
  if (keys.length !== 1 || keys[0] !== 'json' || fields.json.optional || fields.json.type.length !== 1) return undefined;
  const inner = fields.json.type[0].object;
  if (!inner || !inner.errors || inner.errors.optional || !inner.errors.type.every((/** @type {any} */ e) => tag(e) === 'array')) return undefined;
  if (Object.keys(inner).some((k) => k !== 'errors' && k !== 'data')) return undefined;
  return { data: inner.data };
}

/** Wraps a type for `T[]`. @param {string} text */
const arrayOf = (text) => (/^[\w.$]+(<.*>)?$|^'[^']*'$|^`[^`]*`$/.test(text) ? `${text}[]` : `(${text})[]`);

/**
 * @param {any[]} union
 * @param {Names} names
 * @returns {string} on one line
 */
export function typeText(union, names) {
  if (union.length === 0) return 'never';
  // Only ever null in the recordings: its type when set is not known.
  if (union.length === 1 && union[0] === 'null') return 'unknown';
  const inUnion = union.length > 1;
  const parts = union.map((alt) => altText(alt, names, inUnion));
  // null last, as people write it; the rest in the snapshot's order.
  const sorted = [...new Set(parts.filter((p) => p !== 'null')), ...(parts.includes('null') ? ['null'] : [])];
  return sorted.join(' | ');
}

/** @param {any} alt @param {Names} names @param {boolean} inUnion */
function altText(alt, names, inUnion) {
  switch (tag(alt)) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return alt;
    case 'empty':
      return "''";
    case 'literal':
      return JSON.stringify(alt.literal).replace(/^"(.*)"$/, "'$1'");
    case 'fullname':
      return alt.fullname.map((/** @type {string} */ k) => `\`${k}_\${string}\``).join(' | ');
    case 'thing':
      return names.thing(alt.thing);
    case 'bare':
      return names.data(alt.bare);
    case 'named':
      return alt.named;
    case 'listing':
      return `Listing<${alt.listing.length ? typeText(alt.listing, names) : 'never'}>`;
    case 'tuple':
      return `[${alt.tuple.map((/** @type {any[]} */ u) => typeText(u, names)).join(', ')}]`;
    case 'array':
      return alt.array.length ? arrayOf(typeText(alt.array, names)) : 'unknown[]';
    case 'record':
      return `{ [id: string]: ${typeText(alt.record, names)} }`;
    case 'object': {
      const env = envelope(alt);
      if (env) {
        if (!env.data) return 'JsonAck';
        const data = `JsonResponse<${typeText(env.data.type, names)}>`;
        return env.data.optional ? `${data} | JsonAck` : data;
      }
      const fields = Object.entries(alt.object);
      // `{}` alone is what the platform answers; next to other shapes it must not accept them all.
      if (fields.length === 0) return inUnion ? '{ [field: string]: never }' : '{}';
      return objectText(fields, names);
    }
    default:
      throw new Error(`unknown shape ${JSON.stringify(alt)}`);
  }
}

/**
 * An object type. On one line, or one member a line (with their JSDoc) for a declaration.
 * @param {Array<[string, any]>} fields @param {Names} names
 * @param {{ multiline?: boolean, open?: boolean, docs?: Record<string, string>, member?: (name: string, optional: boolean, text: string) => string }} [how]
 *   open: an index signature first; member: may write a member's type otherwise (a reference to an equal one)
 */
export function objectText(fields, names, how = {}) {
  const members = fields.map(([k, f]) => {
    const doc = how.docs?.[k];
    const text = typeText(f.type, names);
    const line = `${propName(k)}${f.optional ? '?' : ''}: ${how.member ? how.member(k, Boolean(f.optional), text) : text};`;
    return doc && how.multiline ? `/** ${doc} */\n  ${line}` : line;
  });
  if (how.open) members.unshift('[field: string]: unknown;');
  if (!how.multiline) return `{ ${members.join(' ')} }`;
  return `{\n${members.map((m) => `  ${m}`).join('\n')}\n}`;
}
