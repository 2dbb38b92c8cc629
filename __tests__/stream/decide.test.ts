// The stream's decisions, as tables: which items of a poll are new, when to read back, what a gap is.
import { describe, expect, it } from '@jest/globals';
import { isGap, LISTING_CAP, newItems, readBack } from '../../lib/stream/decide.js';
import { idOf, ONE, Recent, timeOf } from '../../lib/stream/recent.js';

/** A comment `t1_<id>` created at `t` (seconds). */
const c = (id: string, t: number | null = 100) => ({ kind: 't1', data: { id, name: `t1_${id}`, ...(t === null ? {} : { created_utc: t }) } });
const names = (items: unknown[]) => items.map((i) => idOf(i));
/** A stream that has handled these (oldest first), with this floor. */
const known = (ids: string[], floor: number | null = null, t = 100) => new Recent(ids.map((id) => [`t1_${id}`, t] as [string, number]), floorOf(floor));
/** The floors of a stream with no subreddit list. */
const floorOf = (floor: number | null) => new Map([[ONE, floor]]);

describe('identity and time of an item', () => {
  it.each([
    ['data.name when present', { kind: 't3', data: { id: 'x', name: 't3_x' } }, 't3_x'],
    ['kind_id without a name', { kind: 't1', data: { id: 'abc' } }, 't1_abc'],
    ['a mod log entry (id, no name)', { kind: 'modaction', data: { id: 'ModAction_1c2d-3e4f' } }, 'modaction_ModAction_1c2d-3e4f'],
    ['nothing for a thing without id or name', { kind: 't1', data: {} }, undefined],
    ['nothing for a non-thing', 'text', undefined],
  ])('%s', (_, item, expected) => {
    expect(idOf(item)).toBe(expected);
  });

  it('reads created_utc, or null', () => {
    expect(timeOf(c('a', 1700000000.5))).toBe(1700000000.5);
    expect(timeOf(c('a', null))).toBeNull();
    expect(timeOf({ data: { created_utc: '5' } })).toBeNull();
  });
});

describe('newItems(chain, known): what a poll found, oldest first', () => {
  const table: Array<[string, ReturnType<typeof c>[], Recent, string[]]> = [
    ['everything is new for a stream that knows nothing', [c('c'), c('b'), c('a')], known([]), ['t1_a', 't1_b', 't1_c']],
    ['items above a known one are new, in listing order reversed', [c('d'), c('c'), c('b'), c('a')], known(['a', 'b']), ['t1_c', 't1_d']],
    ['nothing is new when the top item is known', [c('b'), c('a')], known(['a', 'b']), []],
    ['the newest known item deleted: its successors still new, nothing repeated', [c('e'), c('c'), c('b')], known(['b', 'c', 'd']), ['t1_e']],
    ['every known item deleted: unknown items newer than the floor are new', [c('f', 300), c('e', 250)], known(['a', 'b'], 200), ['t1_e', 't1_f']],
    ['below the last known item, an item older than the floor is forgotten, not new', [c('x'), c('b'), c('old', 50)], known(['b'], 60), ['t1_x']],
    ['below the last known item, a late arrival newer than the floor is new', [c('x'), c('b'), c('late', 90)], known(['b'], 60), ['t1_late', 't1_x']],
    ['the same second as the floor is not older: same-second bursts are not lost', [c('n', 60), c('m', 60)], known(['a'], 60), ['t1_m', 't1_n']],
    ['above a known item, even an item older than the floor is new (re-edited, re-reported)', [c('edited', 10), c('b')], known(['b'], 60), ['t1_edited']],
    // The decision anchors on the oldest known item of the chain, not the newest: deciding from the
    // newest would drop this edited old post silently.
    ['an edited old post listed between two known items is new', [c('b'), c('edited', 10), c('a')], known(['a', 'b'], 60), ['t1_edited']],
    ['an item listed twice (pages shifted during a read-back) counts once', [c('c'), c('b'), c('b'), c('a')], known(['a']), ['t1_b', 't1_c']],
    ['items without a time are never judged by the floor', [c('q', null), c('b')], known(['z'], 60), ['t1_b', 't1_q']],
    ['items without an identity are skipped', [c('b'), { kind: 't1', data: {} } as never, c('a')], known([]), ['t1_a', 't1_b']],
  ];
  it.each(table)('%s', (_, chain, k, expected) => {
    expect(names(newItems(chain, k))).toEqual(expected);
  });

  it('a mod log entry is known by kind and id', () => {
    const entry = (id: string) => ({ kind: 'modaction', data: { id, created_utc: 100 } });
    const k = new Recent([['modaction_ModAction_1', 100]]);
    expect(names(newItems([entry('ModAction_2'), entry('ModAction_1')], k))).toEqual(['modaction_ModAction_2']);
  });
});

describe('readBack(page, after, read, known): follow `after` while a burst keeps every item new', () => {
  const page = (...ids: string[]) => ids.map((id) => c(id, 100));
  it.each([
    ['a known item on the page: stop', page('c', 'b'), 't1_b', 2, known(['b']), 'known'],
    ['an item older than the floor: stop (known ground)', [c('x', 300), c('y', 50)], 't1_y', 2, known(['q'], 60), 'known'],
    ['all new and more to read: follow', page('c', 'b'), 't1_b', 2, known(['a']), 'more'],
    ['all new, the listing ended: stop', page('c', 'b'), null, 2, known(['a']), 'end'],
    ['an empty page: stop', [], 't1_b', 100, known(['a']), 'end'],
    ['the platform cap reached: stop', page('c', 'b'), 't1_b', LISTING_CAP, known(['a']), 'cap'],
  ] as const)('%s', (_, items, after, read, k, expected) => {
    expect(readBack(items, after, read, k)).toBe(expected);
  });
});

describe('isGap(reason, read, limit): a poll read as far back as the platform allows without reaching known ground', () => {
  it.each([
    ['known ground reached', 'known', 1000, 100, false],
    ['the cap', 'cap', 1000, 100, true],
    ['the listing ended near the cap', 'end', 950, 100, true],
    ['a short listing ended: nothing is beyond it', 'end', 40, 100, false],
  ] as const)('%s', (_, reason, read, limit, expected) => {
    expect(isGap(reason, read, limit)).toBe(expected);
  });
});

describe('Recent: bounded memory of handled items', () => {
  it('forgets the oldest beyond capacity and raises the floor to its time', () => {
    const r = new Recent([], floorOf(null), 3);
    r.add('t1_a', 10);
    r.add('t1_b', 20);
    r.add('t1_c', 30);
    expect(r.floor).toBeNull();
    r.add('t1_d', 40);
    expect(r.has('t1_a')).toBe(false);
    expect(r.floor).toBe(10);
    expect(r.entries()).toEqual([['t1_b', 20], ['t1_c', 30], ['t1_d', 40]]);
    // Every handled item newer than the floor is still remembered.
    expect(r.forgotten(c('x', 9))).toBe(true);
    expect(r.forgotten(c('x', 10))).toBe(false);
  });

  it('never lowers the floor, and an item without time does not move it', () => {
    const r = new Recent([], floorOf(50), 1);
    r.add('t1_a', 10);
    r.add('t1_b', null);
    expect(r.floor).toBe(50);
    r.add('t1_c', null);
    expect(r.floor).toBe(50);
  });

  it('a time later than now counts as now: a forgotten item from the future never lifts the floor past now', () => {
    const r = new Recent([], floorOf(null), 1, () => 1000.7);
    r.add('t1_future', 5e9);
    r.add('t1_a', 900);
    expect(r.floor).toBe(1000);
    expect(r.forgotten(c('x', 1000))).toBe(false);
    expect(new Recent([], floorOf(5e9), 300, () => 1000).floor).toBe(1000);
  });

  it('stays bounded however many items pass', () => {
    const r = new Recent([], floorOf(null));
    for (let i = 0; i < 100_000; i++) r.add(`t1_${i}`, i);
    expect(r.size).toBe(r.capacity);
    expect(r.floor).toBe(100_000 - r.capacity - 1);
  });
});
