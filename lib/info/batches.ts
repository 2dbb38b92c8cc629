import { ArgumentError } from '../errors/classes.js';
import type { Thing } from '../types/things.js';

/** Fullnames one /api/info request carries: the platform's limit. */
export const INFO_BATCH = 100;

/** A fullname: a kind (`t1` to `t6`), `_`, a base-36 id. */
const FULLNAME = /^t[1-6]_[0-9a-z]{1,16}$/i;

/**
 * The fullnames still to ask for, in the order given, each once: a name seen before (in any case)
 * is skipped. A value that is not a fullname is an ArgumentError naming it, raised before the
 * batch that holds it is sent.
 */
export function nextBatch(source: Iterator<unknown>, seen: Set<string>, size = INFO_BATCH): string[] {
  const batch: string[] = [];
  while (batch.length < size) {
    const next = source.next();
    if (next.done) break;
    const name = next.value;
    if (typeof name !== 'string' || !FULLNAME.test(name)) {
      throw new ArgumentError(`reddit.info() takes fullnames such as "t3_abc123" (a kind t1 to t6, "_", a base-36 id); got ${typeof name === 'string' ? JSON.stringify(name.slice(0, 40)) : typeof name}.`);
    }
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    batch.push(name);
  }
  return batch;
}

/** The fullname of a thing of an answer: `data.name`, else `kind_id`. */
const nameOf = (thing: Thing<{ name?: unknown; id?: unknown }>): string | undefined => {
  const { name, id } = thing?.data ?? {};
  return typeof name === 'string' ? name : typeof id === 'string' && thing.kind ? `${thing.kind}_${id}` : undefined;
};

/**
 * An /api/info answer put back in the order asked (the platform answers in its own order): the
 * things found, and the names it did not return (unknown, or not visible to this account).
 */
export function inOrder(batch: readonly string[], children: readonly unknown[]): { things: Thing[]; missing: string[] } {
  const byName = new Map<string, Thing>();
  for (const child of children) {
    const name = nameOf(child as Thing<{ name?: unknown; id?: unknown }>);
    if (name) byName.set(name.toLowerCase(), child as Thing);
  }
  const things: Thing[] = [];
  const missing: string[] = [];
  for (const name of batch) {
    const thing = byName.get(name.toLowerCase());
    if (thing) things.push(thing);
    else missing.push(name);
  }
  return { things, missing };
}
