// Which pending entries to claim and when, what a read brings, which consumers to forget (lib/fleet/rules/delivery.ts).
import { describe, expect, it } from '@jest/globals';
import { caughtUp, claimDue, claimEvery, forgetAfter, parseEntry, sortEntries, staleConsumers, touchEvery, type ClaimView } from '../../lib/fleet/rules/delivery.js';

const view = (v: Partial<ClaimView>): ClaimView => ({ sinceClaimMs: 0, foundLast: false, sinceUpMs: null, ...v });

describe('claimDue', () => {
  it.each<[string, Partial<ClaimView>, number, boolean]>([
    ['first look of a loop', { sinceClaimMs: null }, 60_000, true],
    ['looked a moment ago', { sinceClaimMs: 100 }, 60_000, false],
    ['a quarter of claimAfterMs has passed (capped at 5 s)', { sinceClaimMs: 5000 }, 60_000, true],
    ['short claimAfterMs: a quarter of it', { sinceClaimMs: 500 }, 2000, true],
    ['the last look found an item: more may wait', { sinceClaimMs: 1, foundLast: true }, 60_000, true],
    ['Redis just came back: holders get to touch their items first', { sinceClaimMs: null, sinceUpMs: 10 }, 60_000, false],
    ['Redis came back long ago', { sinceClaimMs: null, sinceUpMs: 60_000 }, 60_000, true],
  ])('%s', (_name, v, claimAfterMs, due) => {
    expect(claimDue(view(v), claimAfterMs)).toBe(due);
  });

  it('looks between 50 ms and 5 s apart; touches in a third of claimAfterMs, well before anyone may claim', () => {
    expect(claimEvery(60_000)).toBe(5000);
    expect(claimEvery(100)).toBe(50);
    expect(claimEvery(2000)).toBe(500);
    for (const ms of [100, 2000, 60_000]) expect(touchEvery(ms)).toBeLessThan(ms / 2);
  });
});

describe('entries', () => {
  it('reads the name and the item, whatever the field order', () => {
    expect(parseEntry(['1-0', ['item', '{"kind":"t1","data":{"name":"t1_a"}}', 'name', 't1_a']])).toEqual({ id: '1-0', name: 't1_a', item: { kind: 't1', data: { name: 't1_a' } } });
  });

  it.each<[string, [string, string[] | null]]>([
    ['deleted (Redis 6.2 answers nil fields)', ['1-0', null]],
    ['no item field', ['1-0', ['name', 't1_a']]],
    ['an item that is not JSON', ['1-0', ['name', 't1_a', 'item', '{']]],
  ])('an entry %s is dropped (acknowledged unseen)', (_name, raw) => {
    expect(parseEntry(raw)).toBeUndefined();
    expect(sortEntries([raw])).toEqual({ entries: [], drop: ['1-0'], handover: false });
  });

  it('ids XAUTOCLAIM reports deleted are dropped too', () => {
    const good: [string, string[]] = ['2-0', ['name', 't1_b', 'item', '{}']];
    expect(sortEntries([good], ['1-0'])).toEqual({ entries: [{ id: '2-0', name: 't1_b', item: {} }], drop: ['1-0'], handover: false });
  });

  it('a handover entry (the poller handed its lease back) is no item: acknowledged, and the reader looks at the lease now', () => {
    const good: [string, string[]] = ['3-0', ['name', 't1_c', 'item', '{}']];
    expect(sortEntries([['2-0', ['handover', 'w1']], good])).toEqual({ entries: [{ id: '3-0', name: 't1_c', item: {} }], drop: ['2-0'], handover: true });
  });
});

describe('staleConsumers', () => {
  const limit = forgetAfter(60_000);
  it.each<[string, { name: string; pending: number; idleMs: number }, boolean]>([
    ['silent long, holding nothing: forgotten', { name: 'dead/1', pending: 0, idleMs: limit }, true],
    ['silent long but holding an item: kept (deleting it would drop the item)', { name: 'dead/1', pending: 1, idleMs: limit * 10 }, false],
    ['recently active: kept', { name: 'w/1', pending: 0, idleMs: 1000 }, false],
    ['one of this worker\'s own loops: kept', { name: 'me/1', pending: 0, idleMs: limit * 10 }, false],
  ])('%s', (_name, consumer, forgotten) => {
    expect(staleConsumers([consumer], new Set(['me/1']), 60_000)).toEqual(forgotten ? [consumer.name] : []);
  });

  it('waits at least a minute, and twice claimAfterMs', () => {
    expect(forgetAfter(1000)).toBe(60_000);
    expect(forgetAfter(120_000)).toBe(240_000);
  });
});

describe('caughtUp', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
  ])('poll ended %s, read found %s: done %s', (ended, found, done) => {
    expect(caughtUp(ended, found)).toBe(done);
  });
});
