import type { Args } from './path.js';

/** How a call's parameters travel. */
export type BodyType = 'form' | 'json';

/**
 * One parameter as text, by the platform's conventions: arrays joined with commas, objects as JSON,
 * `null`/`undefined` left out (returns undefined).
 */
export function paramText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : String(v))).join(',');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The non-`$` arguments, in order, as text pairs. */
export function paramPairs(args: Args): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const key of Object.keys(args)) {
    if (key.startsWith('$')) continue;
    const text = paramText(args[key]);
    if (text !== undefined) pairs.push([key, text]);
  }
  return pairs;
}

/** The non-`$` arguments as a JSON body: `null` kept (it can mean "clear"), `undefined` left out. */
export function jsonBody(args: Args): string {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(args)) {
    if (!key.startsWith('$') && args[key] !== undefined) body[key] = args[key];
  }
  return JSON.stringify(body);
}

/** `application/x-www-form-urlencoded` / query text for pairs. */
export function formText(pairs: Array<[string, string]>): string {
  return new URLSearchParams(pairs).toString();
}
