import type { Thing } from '../things/things.js';

/**
 * A listing's items in order, newest (or best) first. An item can be hidden (removed, deleted,
 * read): it is not shown, but it keeps its place, so an `after` or `before` naming it still works.
 */
export interface Sequence {
  readonly length: number;
  /** The item at position k as the caller sees it, or undefined when hidden. */
  at(k: number): Thing | undefined;
  /** The name `after`/`before` use for position k (a fullname; a mod action's id). */
  nameAt(k: number): string;
  /** Position of a name, or undefined when it is not in this listing. */
  indexOf(name: string): number | undefined;
}

/** Two sequences one after the other (new items, then the generated ones). */
export function concat(a: Sequence, b: Sequence): Sequence {
  return {
    length: a.length + b.length,
    at: (k) => (k < a.length ? a.at(k) : b.at(k - a.length)),
    nameAt: (k) => (k < a.length ? a.nameAt(k) : b.nameAt(k - a.length)),
    indexOf: (name) => {
      const i = a.indexOf(name);
      if (i !== undefined) return i;
      const j = b.indexOf(name);
      return j === undefined ? undefined : a.length + j;
    },
  };
}

/** `limit` as the platform reads it: default 25, clamped to 1..100. */
export function pageSize(value: string | undefined): number {
  const n = value === undefined || value === '' ? 25 : Math.floor(Number(value));
  return Number.isFinite(n) ? Math.min(100, Math.max(1, n)) : 25;
}

export interface Page {
  children: Thing[];
  after: string | null;
  before: string | null;
}

/**
 * One page: `limit` visible items from the start, after `after` or before `before`. Only the first
 * `cap` positions can be reached (the platform's ~1000; unlimited by default), and `before` is set
 * on every page but the first (the platform sets it only when `count` is given).
 */
export function pageOf(seq: Sequence, params: Record<string, string>, cap = Infinity): Page {
  const n = Math.min(seq.length, cap);
  const limit = pageSize(params.limit);
  const anchor = params.after || params.before;
  const at = anchor ? seq.indexOf(anchor) : undefined;
  if (anchor && (at === undefined || at >= n)) return { children: [], after: null, before: null };
  const picked: Array<[number, Thing]> = [];
  const take = (k: number, put: 'push' | 'unshift') => {
    const thing = seq.at(k);
    if (thing) picked[put]([k, thing]);
  };
  if (params.before && !params.after) {
    for (let k = (at as number) - 1; k >= 0 && picked.length < limit; k--) take(k, 'unshift');
  } else {
    for (let k = at === undefined ? 0 : at + 1; k < n && picked.length < limit; k++) take(k, 'push');
  }
  const first = picked[0]?.[0];
  const last = picked.at(-1)?.[0];
  return {
    children: picked.map(([, thing]) => thing),
    after: last !== undefined && last + 1 < n ? seq.nameAt(last) : null,
    before: first !== undefined && first > 0 ? seq.nameAt(first) : null,
  };
}
