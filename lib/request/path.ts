import { ArgumentError } from '../errors/classes.js';
import { subredditChunks, SUBREDDITS_PER_REQUEST } from './subreddits.js';
import { checkNumber, checkText, kindOf } from './values.js';

/** Arguments of a call: `$name` keys fill the path, the rest become query or body parameters. */
export type Args = Record<string, unknown>;

const PARAM = /\$([A-Za-z0-9_]+)/g;

/** Split a user-given path (or full URL) into a pathname and its query string, adding the leading `/`. */
export function splitPath(input: string): { pathname: string; search: string } {
  let path = input;
  const full = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(path);
  if (full) path = full[1] ?? '';
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  const q = path.indexOf('?');
  const pathname = q >= 0 ? path.slice(0, q) : path;
  const search = q >= 0 ? path.slice(q + 1) : '';
  return { pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search };
}

/** Names of the `$params` in a path template, in order. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(PARAM)].map((m) => m[1]!);
}

/**
 * Replace each `$name` by `args.$name`, percent-encoded as one path segment. A value can never add
 * a segment, `..`, `?` or `#`: URL parsers would treat `.`/`..` (even `%2e%2e`) as steps, so those are refused.
 * `$subreddit` may be a list (`['aww', 'pics']`, or `'aww+pics'`): each name checked, joined with `+`.
 */
export function fillPath(template: string, args: Args): string {
  return template.replace(PARAM, (_, name: string) => {
    const value = args[`$${name}`];
    if (value === undefined || value === null) {
      throw new ArgumentError(`missing required url parameter $${name}: pass it in the arguments, as { $${name}: '...' }`);
    }
    if (name === 'subreddit' && (Array.isArray(value) || (typeof value === 'string' && value.includes('+')))) return subredditList(value);
    const text = segmentText(value, name);
    if (text === '' || text === '.' || text === '..') {
      throw new ArgumentError(`url parameter $${name} must not be ${text === '' ? 'empty' : `"${text}"`}: it would change which path is called`);
    }
    return encodeURIComponent(text);
  });
}

/** A list of subreddits in one path segment: checked names joined with `+` (names need no encoding). */
function subredditList(value: string | readonly unknown[]): string {
  const chunks = subredditChunks(Array.isArray(value) ? (value as string[]) : [value as string]);
  if (chunks.length > 1) {
    const count = chunks.reduce((n, chunk) => n + chunk.split('+').length, 0);
    throw new ArgumentError(`$subreddit lists ${count} subreddits, more than one request carries (${SUBREDDITS_PER_REQUEST}): stream() splits a longer list into several requests; for get() and listing(), pass at most ${SUBREDDITS_PER_REQUEST} names.`);
  }
  return chunks[0]!;
}

/** A `$param` value as text: strings, numbers, booleans and BigInts have one; objects, functions and symbols do not. */
function segmentText(value: unknown, name: string): string {
  const where = `url parameter $${name}`;
  if (typeof value === 'string') return checkText(value, where);
  if (typeof value === 'number') return checkNumber(value, where);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new ArgumentError(`${where} is ${kindOf(value)}: pass the text of one path segment, such as { $${name}: 'aww' }.`);
}
