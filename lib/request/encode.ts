import type { Args } from './path.js';
import { badArgument, checkJson, checkNumber, checkText, kindOf } from './values.js';

/** How a call's parameters travel: a form body, a JSON body, or the query string whatever the verb. */
export type BodyType = 'form' | 'json' | 'query';

/** One item of an array argument: the platform's lists are comma-joined text, so items are scalars. */
function itemText(value: unknown, where: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return checkText(value, where);
  if (typeof value === 'number') return checkNumber(value, where);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw badArgument(where, `is ${kindOf(value)}`, 'arrays are sent joined with commas, so their items must be strings, numbers or booleans (send JSON text yourself, or bodyType: "json", for nested data)');
}

/**
 * One parameter as text, by the platform's conventions: arrays joined with commas, dates as ISO
 * text, `null`/`undefined` left out (returns undefined). Values no text can stand for are an
 * ArgumentError, never "[object Object]"; an object too, since guessing JSON text for a field that
 * wants text sends a wrong request (a field that takes JSON gets JSON.stringify() from the caller).
 */
export function paramText(value: unknown, name = 'argument'): string | undefined {
  const where = `argument ${JSON.stringify(name)}`;
  switch (typeof value) {
    case 'undefined':
      return undefined;
    case 'string':
      return checkText(value, where);
    case 'number':
      return checkNumber(value, where);
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'function':
    case 'symbol':
      throw badArgument(where, `is ${kindOf(value)}`, 'pass a string, number, boolean or array of them');
  }
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map((item, i) => itemText(item, `${where} [${i}]`)).join(',');
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw badArgument(where, 'is an invalid Date', 'pass a valid Date or a timestamp');
    return value.toISOString();
  }
  throw badArgument(where, 'is an object, and parameters are text', 'pass its fields as arguments of their own, JSON.stringify(value) if the field takes JSON, or bodyType: "json" for a JSON body');
}

/** The non-`$` arguments, in order, as text pairs. */
export function paramPairs(args: Args): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const key of Object.keys(args)) {
    if (key.startsWith('$')) continue;
    const text = paramText(args[key], key);
    if (text !== undefined) pairs.push([checkText(key, 'an argument name'), text]);
  }
  return pairs;
}

/** The non-`$` arguments as a JSON body: `null` kept (it can mean "clear"), `undefined` left out. */
export function jsonBody(args: Args): string {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(args)) {
    if (key.startsWith('$') || args[key] === undefined) continue;
    checkJson(args[key], `argument ${JSON.stringify(key)}`);
    body[key] = args[key];
  }
  return JSON.stringify(body);
}

/**
 * One name or value, form-encoded exactly as URLSearchParams writes it: UTF-8, space as `+`, only
 * `*-._` and alphanumerics left as they are, a lone surrogate as U+FFFD.
 */
const PLAIN = /^[\w.*-]*$/;
function formEncode(text: string): string {
  if (PLAIN.test(text)) return text;
  return encodeURIComponent((text as string & { toWellFormed(): string }).toWellFormed())
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * `application/x-www-form-urlencoded` / query text for pairs, without a URLSearchParams per call
 * (most calls have a handful of pairs or none; the object cost more than the encoding).
 */
export function formText(pairs: Array<[string, string]>): string {
  let text = '';
  for (const [name, value] of pairs) text += `${text ? '&' : ''}${formEncode(name)}=${formEncode(value)}`;
  return text;
}
