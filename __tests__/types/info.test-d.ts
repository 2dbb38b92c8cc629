// Type tests of reddit.info(): compiled by `tsc --noEmit`, never run. Each `@ts-expect-error` line must fail to compile.
import { expectTypeOf } from 'expect-type';
import Snoopath, { type InfoThings, type Thing } from '../../lib/index.js';
import type { Link } from '../../lib/types/things.js';

declare const reddit: Snoopath;

export async function info(): Promise<void> {
  const things = reddit.info(['t3_a', 't1_b']);
  expectTypeOf(things).toEqualTypeOf<InfoThings<Thing>>();
  expectTypeOf(things.missing).toEqualTypeOf<string[]>();
  for await (const thing of things) expectTypeOf(thing).toEqualTypeOf<Thing>();

  // Any iterable of strings, call options, a thing type of the caller's choice.
  const links = reddit.info<Thing<Link, 't3'>>(new Set(['t3_a']), { signal: AbortSignal.timeout(1000), retryAttempts: 2 });
  for await (const link of links) expectTypeOf(link.data.title).toBeString();

  // @ts-expect-error a single string is not a list of fullnames
  reddit.info('t3_a');
  // @ts-expect-error numbers are not fullnames
  reddit.info([1, 2]);
  // @ts-expect-error unknown call options are refused
  reddit.info(['t3_a'], { retryAtempts: 2 });
  // @ts-expect-error missing is read-only
  things.missing = [];
}
