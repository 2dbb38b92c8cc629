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
 */
export function decodeValues(value: unknown, decode: Decoder): unknown {
  if (typeof value === 'string') return value.includes('&') ? decode(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = decodeValues(value[i], decode);
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) record[key] = decodeValues(record[key], decode);
  }
  return value;
}
