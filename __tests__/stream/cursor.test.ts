// Cursors (plain JSON, versioned, bounded), the pause schedule, the option checks and the cursor store keeper.
import { describe, expect, it } from '@jest/globals';
import { ArgumentError, NetworkError, ResponseError, TimeoutError, AuthError } from '../../lib/errors/classes.js';
import { cursorOf, restore } from '../../lib/stream/cursor.js';
import { isTransient } from '../../lib/stream/failures.js';
import { DEFAULT_PAUSE, jitter, nextBase, type PauseRule } from '../../lib/stream/pause.js';
import { listingsOf } from '../../lib/stream/listings.js';
import { ONE, REMEMBER, Recent } from '../../lib/stream/recent.js';
import { settle } from '../../lib/stream/settings.js';
import { CursorKeeper } from '../../lib/stream/store.js';
import type { StreamCursor } from '../../lib/types/stream.js';

const aww = listingsOf('/r/$subreddit/comments', { $subreddit: 'aww' });
const x = listingsOf('/x', {});

describe('cursor', () => {
  it('round-trips through JSON text and keeps its content', () => {
    const r = new Recent([['t1_a', 100], ['t1_b', null]], new Map([[ONE, 50]]));
    const cursor = cursorOf(aww, r);
    expect(cursor).toEqual({ v: 1, path: '/r/aww/comments', seen: [['t1_a', 100], ['t1_b', null]], floor: 50 });
    const back = restore(JSON.stringify(cursor), aww);
    expect(back.entries()).toEqual(cursor.seen);
    expect(back.floor).toBe(50);
  });

  it('stays small: at most REMEMBER items, however many were handled', () => {
    const r = new Recent([], new Map([[ONE, null]]));
    for (let i = 0; i < 10_000; i++) r.add(`t1_${(1e9 + i).toString(36)}`, 1_750_000_000 + i);
    const text = JSON.stringify(cursorOf(aww, r));
    expect(JSON.parse(text).seen).toHaveLength(REMEMBER);
    expect(text.length).toBeLessThan(8 * 1024);
  });

  it('a longer list is cut to the newest, the floor raised past what is dropped', () => {
    const seen = Array.from({ length: REMEMBER + 5 }, (_, i) => [`t1_${i}`, i] as [string, number]);
    const back = restore({ v: 1, path: '/x', seen, floor: null }, x);
    expect(back.size).toBe(REMEMBER);
    expect(back.floor).toBe(4);
    expect(back.has('t1_4')).toBe(false);
    expect(back.has('t1_5')).toBe(true);
  });

  it.each([
    ['not JSON', '{nope', /not JSON/],
    ['another version', { v: 2, path: '/x', seen: [], floor: null }, /not a version 1 cursor/],
    ['another listing', { v: 1, path: '/r/other/comments', seen: [], floor: null }, /belongs to "\/r\/other\/comments", not "\/x"/],
    ['damaged seen', { v: 1, path: '/x', seen: [['t1_a']], floor: null }, /pairs/],
    ['damaged floor', { v: 1, path: '/x', seen: [], floor: 'x' }, /floor/],
    ['not an object', 42, /not a version 1 cursor/],
  ])('refuses a cursor that is %s, saying how to fix it', (_, value, message) => {
    expect(() => restore(value, x)).toThrow(ArgumentError);
    expect(() => restore(value, x)).toThrow(message);
  });
});

describe('pause: shorter while items come, doubling up to the cap while nothing comes', () => {
  const rule: PauseRule = { fixed: undefined, min: 1000, max: 16_000 };
  it('follows min, 2, 4, 8, 16, 16 s with empty polls and goes back to min when items come', () => {
    let base: number | undefined;
    const seen: number[] = [];
    for (const found of [true, false, false, false, false, false, false, true, false]) {
      base = nextBase(base, found, rule);
      seen.push(base);
    }
    expect(seen).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000, 16_000, 1000, 2000]);
  });

  it('the jitter takes up to 10 % off, so the cap is never passed', () => {
    expect(jitter(16_000, rule, () => 0)).toBe(16_000);
    expect(jitter(16_000, rule, () => 0.999)).toBe(14_402);
    for (let i = 0; i < 1000; i++) {
      const w = jitter(16_000, rule);
      expect(w).toBeGreaterThanOrEqual(14_400);
      expect(w).toBeLessThanOrEqual(16_000);
    }
  });

  it('a fixed pause is exact, found or not', () => {
    const fixed: PauseRule = { fixed: 250, min: 250, max: 250 };
    expect(nextBase(undefined, false, fixed)).toBe(250);
    expect(nextBase(250, false, fixed)).toBe(250);
    expect(jitter(250, fixed, () => 0.9)).toBe(250);
  });
});

describe('settle(args, options): the stream checks what it is given', () => {
  it('defaults: limit 100, adaptive pause 1 to 16 s, the call options passed on without the stream ones', () => {
    const s = settle({ $subreddit: 'aww' }, { skipExisting: true, retryAttempts: 2, decodeHtmlEntities: true, cursor: null, signal: new AbortController().signal });
    expect(s.limit).toBe(100);
    expect(s.pause).toEqual(DEFAULT_PAUSE);
    expect(s.skipExisting).toBe(true);
    expect(s.call).toEqual({ retryAttempts: 2, decodeHtmlEntities: true });
  });

  it('limit: the option, else a limit among the arguments, else 100', () => {
    expect(settle({ limit: 25 }, {}).limit).toBe(25);
    expect(settle({ limit: 25 }, { limit: 50 }).limit).toBe(50);
    expect(() => settle({ limit: 'many' }, {})).toThrow(/limit must be an integer from 1 to 100/);
  });

  it('pause: a number fixes it; { max } alone keeps min at most max', () => {
    expect(settle({}, { pause: 50 }).pause).toEqual({ fixed: 50, min: 50, max: 50 });
    expect(settle({}, { pause: { max: 400 } }).pause).toEqual({ fixed: undefined, min: 400, max: 400 });
    expect(settle({}, { pause: { min: 10, max: 80 } }).pause).toEqual({ fixed: undefined, min: 10, max: 80 });
  });

  it.each([
    [{}, { limit: 0 }, /limit must be an integer from 1 to 100/],
    [{}, { limit: 101 }, /limit/],
    [{}, { pause: -1 }, /pause/],
    [{}, { pause: { min: 5, max: 1 } }, /min <= max/],
    [{}, { cursorStore: { get() {} } }, /cursorStore must have get\(\) and set\(cursor\)/],
    [{ after: 't1_x' }, {}, /must not include after/],
    [{ count: 5 }, {}, /must not include count/],
  ] as const)('refuses %j %j', (args, options, message) => {
    expect(() => settle(args as never, options as never)).toThrow(message);
  });
});

describe('isTransient: which failures a stream outlives', () => {
  const rerr = (status: number, errors: Array<[string, string]> = []) => new ResponseError('x', { status, method: 'GET', url: 'http://x/', body: '', errors, attempts: 1 });
  it.each([
    ['a 503 after the retries', rerr(503), false, true],
    ['429s beyond the limit', rerr(429), false, true],
    ['a network failure', new NetworkError('x', new Error('ECONNREFUSED')), false, true],
    ['a timeout', new TimeoutError('x'), false, true],
    ['a 200 with a body that is not JSON', rerr(200), false, true],
    ['a token endpoint answering 502', new AuthError('x', { status: 502 }), false, true],
    ['401', rerr(401), true, false],
    ['403', rerr(403), true, false],
    ['404', rerr(404), true, false],
    ['json.errors with 200', rerr(200, [['BAD', 'no']]), true, false],
    ['invalid_grant', new AuthError('x', { code: 'invalid_grant', status: 400 }), true, false],
    ['not a listing, first poll', new ArgumentError('not a listing'), false, false],
    ['not a listing after listings before (a proxy page)', new ArgumentError('not a listing'), true, true],
    ['a subreddit that cannot be read (the redirect to the search)', new ResponseError('x', { status: 302, method: 'GET', url: 'http://x/', body: '', errors: [], attempts: 1, code: 'SUBREDDIT_NOT_FOUND' }), true, false],
    ['an answer past maxResponseSize', new ResponseError('x', { status: 200, method: 'GET', url: 'http://x/', body: '', errors: [], attempts: 1, code: 'RESPONSE_TOO_LARGE' }), true, false],
    ['anything else', new TypeError('bug'), true, false],
  ])('%s', (_, error, answeredBefore, expected) => {
    expect(isTransient(error, answeredBefore)).toBe(expected);
  });
});

describe('CursorKeeper: a failing store never ends the stream', () => {
  const live = new AbortController().signal;
  const cursor = (n: number): StreamCursor => ({ v: 1, path: '/x', seen: [[`t1_${n}`, n]], floor: null });

  it('read: tries again with back-off while get() rejects, reporting each failure', async () => {
    let calls = 0;
    const reports: unknown[] = [];
    const keeper = new CursorKeeper({ get: async () => (++calls < 3 ? Promise.reject(new Error('redis down')) : '{"v":1}'), set: () => {} }, (during, error, retryIn) => reports.push([during, (error as Error).message, retryIn]), 1000, live);
    const waits: number[] = [];
    let n = 0;
    const got = await keeper.read(async (ms) => (waits.push(ms), true), () => ++n * 10);
    expect(got).toEqual({ value: '{"v":1}' });
    expect(waits).toEqual([10, 20]);
    expect(reports).toEqual([['cursor_get', 'redis down', 10], ['cursor_get', 'redis down', 20]]);
  });

  it('read: gives up quietly when the stream is stopped while waiting', async () => {
    const keeper = new CursorKeeper({ get: () => { throw new Error('sync failure'); }, set: () => {} }, () => {}, 1000, live);
    expect(await keeper.read(async () => false, () => 1)).toBeUndefined();
  });

  it('save: serialized and coalesced, the latest always written last', async () => {
    const written: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const keeper = new CursorKeeper({ get: () => null, set: async (c) => { await gate; written.push(c.seen[0]![1]!); } }, () => {}, 1000, live);
    for (let i = 1; i <= 5; i++) keeper.save(() => cursor(i));
    release();
    await keeper.flush();
    // The first write was in flight; 2, 3, 4 were overtaken by 5.
    expect(written).toEqual([1, 5]);
  });

  it('a failed write is retried with the next chance, and reported', async () => {
    const written: number[] = [];
    let fail = true;
    const reports: string[] = [];
    const keeper = new CursorKeeper({ get: () => null, set: (c) => { if (fail) throw new Error('disk full'); written.push(c.seen[0]![1]!); } }, (during) => reports.push(during), 1000, live);
    keeper.save(() => cursor(1));
    await keeper.flush().catch(() => {});
    expect(reports).toEqual(['cursor_set', 'cursor_set']);
    fail = false;
    keeper.retry();
    await keeper.flush();
    expect(written).toEqual([1]);
    // Nothing left to write: retry() is a no-op now.
    keeper.retry();
    await keeper.flush();
    expect(written).toEqual([1]);
  });
});
