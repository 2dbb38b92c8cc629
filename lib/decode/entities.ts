import { decodeXML } from 'entities';

type Decoder = (text: string) => string;

/**
 * The platform escapes `&`, `<` and `>` (and quotes inside `*_html` fields) one level, XML style;
 * undoing exactly that level needs the XML decoder, not the full HTML table (13 KB gzip against 1 KB),
 * which would also turn text a user typed, such as "&copy;", into a symbol. This module (with the
 * entities package) is loaded by the first call that decodes (lib/core/chunks.ts).
 */
export const decoder: Decoder = decodeXML;

/**
 * Decode HTML entities in every string value of a freshly parsed body, in place (nobody else holds
 * it), keys untouched. Strings without `&` are skipped without calling the decoder.
 *
 * A loop over a list of containers still to visit, not recursion: JSON.parse accepts answers nested
 * far deeper than the call stack reaches, and a hostile or broken server must not turn decoding into
 * a stack-overflow RangeError. Each container is visited once (parsed JSON has no cycles).
 */
export function decodeValues(value: unknown, decode: Decoder): unknown {
  if (typeof value === 'string') return value.includes('&') ? decode(value) : value;
  if (value === null || typeof value !== 'object') return value;
  const pending: object[] = [value];
  // An array's indices and an object's own names are both keys of one record shape.
  const visit = (holder: Record<string | number, unknown>, key: string | number) => {
    const item = holder[key];
    if (typeof item === 'string') {
      if (item.includes('&')) holder[key] = decode(item);
    } else if (item !== null && typeof item === 'object') {
      pending.push(item);
    }
  };
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    const holder = container as Record<string | number, unknown>;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) visit(holder, i);
    } else {
      for (const key in holder) visit(holder, key);
    }
  }
  return value;
}
