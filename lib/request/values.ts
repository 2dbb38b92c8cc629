import { ArgumentError } from '../errors/classes.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const native = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
const wellFormed: (text: string) => boolean = native ? (text) => native.call(text) : (text) => !LONE_SURROGATE.test(text);

/** What a value is, in words: "an array", "an object", "a function". */
export const kindOf = (value: unknown): string => (Array.isArray(value) ? 'an array' : value === null ? 'null' : /^[aeiou]/.test(typeof value) ? `an ${typeof value}` : `a ${typeof value}`);

/** A call's argument is unusable: say which, what it holds, and what to pass instead. */
export const badArgument = (where: string, problem: string, fix: string): ArgumentError => new ArgumentError(`${where} ${problem}: ${fix}.`);

/** Text must be well-formed UTF-16: a lone surrogate would be sent as U+FFFD, silently changing the value. */
export function checkText(text: string, where: string): string {
  if (!wellFormed(text)) throw badArgument(where, 'holds a lone UTF-16 surrogate (half of a character pair)', 'pass well-formed text, for example with text.toWellFormed()');
  return text;
}

/** A number that has a text form the platform reads back: NaN and Infinity have none. */
export function checkNumber(value: number, where: string): string {
  if (!Number.isFinite(value)) throw badArgument(where, `is ${value}`, 'pass a finite number, or leave the argument out');
  return String(value);
}

/** Only JSON can carry a value: functions, symbols, BigInt, NaN/Infinity, lone surrogates and cycles cannot. */
export function checkJson(value: unknown, where: string, seen: unknown[] = []): void {
  switch (typeof value) {
    case 'string':
      checkText(value, where);
      return;
    case 'number':
      checkNumber(value, where);
      return;
    case 'boolean':
    case 'undefined':
      return;
    case 'bigint':
      throw badArgument(where, 'is a BigInt, which JSON cannot hold', 'pass it as a string or a number');
    case 'function':
    case 'symbol':
      throw badArgument(where, `is ${kindOf(value)}`, 'pass a string, number, boolean, array or plain object');
  }
  if (value === null) return;
  if (seen.includes(value)) throw badArgument(where, 'refers back to itself (a cycle)', 'pass a value JSON can hold');
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return;
  seen.push(value);
  for (const key of Object.keys(value as object)) {
    checkText(key, `${where} (a key)`);
    checkJson((value as Record<string, unknown>)[key], `${where}.${key}`, seen);
  }
  seen.pop();
}
