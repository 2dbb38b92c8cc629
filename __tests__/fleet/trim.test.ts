// When to trim, where, and when the poller writes its cursor (lib/fleet/rules/trim.ts).
import { describe, expect, it } from '@jest/globals';
import { cursorWriteIn, nextId, trimDue, trimPoint, TRIM_EVERY, TRIM_MS } from '../../lib/fleet/rules/trim.js';

describe('trimDue', () => {
  it.each<[string, number, number | null, boolean]>([
    ['nothing acknowledged: nothing to trim', 0, null, false],
    ['the first acknowledgement of a worker', 1, null, true],
    ['a few acknowledgements, a moment after the last trim', 3, 10, false],
    [`${TRIM_EVERY} acknowledgements`, TRIM_EVERY, 10, true],
    [`${TRIM_MS} ms since the last trim, one acknowledgement`, 1, TRIM_MS, true],
  ])('%s', (_name, acks, since, due) => {
    expect(trimDue(acks, since)).toBe(due);
  });
});

describe('trimPoint', () => {
  it.each<[string, Parameters<typeof trimPoint>[0], string | null]>([
    ['items pending: keep from the oldest of them', { pending: 2, oldestPending: '5-0', lastDelivered: '9-0' }, '5-0'],
    ['nothing pending: everything delivered can go', { pending: 0, oldestPending: null, lastDelivered: '9-3' }, '9-4'],
    ['nothing ever delivered: nothing can go', { pending: 0, oldestPending: null, lastDelivered: '0-0' }, null],
  ])('%s', (_name, group, point) => {
    expect(trimPoint(group)).toBe(point);
  });

  it('the next id counts the sequence exactly, beyond 2^53', () => {
    expect(nextId('1700000000000-0')).toBe('1700000000000-1');
    expect(nextId('5-18446744073709551614')).toBe('5-18446744073709551615');
  });
});

describe('cursorWriteIn', () => {
  it.each<[string, number | null, number]>([
    ['never written: now', null, 0],
    ['written a while ago: now', 1500, 0],
    ['written 300 ms ago: in 700 ms', 300, 700],
  ])('%s', (_name, since, wait) => {
    expect(cursorWriteIn(since, 1000)).toBe(wait);
  });

  it('cursorSaveMs 0 writes every cursor', () => {
    expect(cursorWriteIn(0, 0)).toBe(0);
  });
});
