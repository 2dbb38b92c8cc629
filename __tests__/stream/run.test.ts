// The stream's loop (lib/stream/run.ts) over a listing in memory: odd times, odd options, a hung cursor store.
import { describe, expect, it } from '@jest/globals';
import { ArgumentError, NetworkError, ResponseError, TimeoutError } from '../../lib/errors/classes.js';
import { Emitter } from '../../lib/events/emitter.js';
import { run } from '../../lib/stream/run.js';
import type { CursorStore, StreamFailure, StreamGap, StreamOptions } from '../../lib/types/stream.js';
import { hostOf, Listing, nameOf } from './listing.js';
import { inTime, take } from '../support/take.js';

const PATH = '/r/$subreddit/comments';

const now = () => Math.floor(Date.now() / 1000);
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stream over `source`, as call.stream() makes it; `handle.cursor` is its cursor. */
function open(source: Listing, options: StreamOptions = {}, events = new Emitter()) {
  const handle = {} as { cursor?: unknown };
  const stream = run(PATH, hostOf(source, { events }), { $subreddit: 'aww' }, { pause: 0, ...options }, handle);
  return { stream, handle, events };
}


describe('times that are wrong', () => {
  it('an item dated in the future, once forgotten, does not make later bursts look handled', async () => {
    const source = new Listing();
    const gaps: StreamGap[] = [];
    const { stream, events } = open(source);
    events.on('stream_gap', (g) => gaps.push(g));
    const before = source.add(5, now() - 10);
    const [future] = source.add(1, now() + 10 * 365 * 86400);
    expect(await take(stream, 6)).toEqual([...before, future]);
    // 300 more: the stream forgets the future item with the oldest it handled.
    const steady = source.add(300, now());
    expect(await take(stream, 300)).toEqual(steady);
    // A burst of two pages and a half: all of it comes, nothing is reported lost.
    const burst = source.add(250, now());
    expect(await take(stream, 250)).toEqual(burst);
    expect(gaps).toEqual([]);
    await stream.return(undefined);
  });
});

describe('options that are out of range', () => {
  it.each([
    [{ pause: 3e9 }, /pause must be a number in ms, from 0 to 2147483647/],
    [{ pause: { min: 0, max: 3e9 } }, /pause must be \{ min, max \} in ms, from 0 to 2147483647/],
    [{ cursorTimeout: 0 }, /cursorTimeout must be a number of ms above 0/],
    [{ cursorTimeout: 3e9 }, /cursorTimeout/],
  ] as const)('%j is refused before anything is sent', async (options, message) => {
    const source = new Listing();
    const { stream } = open(source, options as StreamOptions);
    const failure = await stream.next().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ArgumentError);
    expect((failure as Error).message).toMatch(message);
    expect(source.asked).toEqual([]);
  });
});

describe('a cursor store that hangs', () => {
  const never = () => new Promise<never>(() => {});

  it('get() never settles: the abort still ends the stream at once, nothing is sent', async () => {
    const source = new Listing();
    const stop = new AbortController();
    const store: CursorStore = { get: never, set: () => {} };
    const { stream } = open(source, { cursorStore: store, signal: stop.signal, cursorTimeout: 60_000 });
    const first = stream.next();
    await tick(20);
    stop.abort();
    expect(await inTime(first, 1000)).toEqual({ done: true, value: undefined });
    expect(source.asked).toEqual([]);
  });

  it('get() never settles: after cursorTimeout it is reported and tried again', async () => {
    const source = new Listing();
    const [a] = source.add(1, now());
    const failures: StreamFailure[] = [];
    let gets = 0;
    const store: CursorStore = { get: () => (++gets === 1 ? never() : null), set: () => {} };
    const { stream, events } = open(source, { cursorStore: store, cursorTimeout: 30, pause: { min: 5, max: 10 } });
    events.on('stream_error', (f) => failures.push(f));
    expect(await take(stream, 1)).toEqual([a]);
    expect(gets).toBe(2);
    expect(failures.map((f) => f.during)).toEqual(['cursor_get']);
    expect(failures[0]!.error).toBeInstanceOf(TimeoutError);
    expect((failures[0]!.error as Error).message).toMatch(/cursorStore\.get\(\) did not settle within 30 ms \(the stream option cursorTimeout\)/);
    await stream.return(undefined);
  });

  it.each(['break', 'abort'])('set() never settles: %s still ends `for await`, after at most cursorTimeout for the last write', async (how) => {
    const source = new Listing();
    source.add(3, now());
    const failures: StreamFailure[] = [];
    const store: CursorStore = { get: () => null, set: never };
    const stop = new AbortController();
    const { stream, events } = open(source, { cursorStore: store, cursorTimeout: 50, signal: stop.signal });
    events.on('stream_error', (f) => failures.push(f));
    const loop = (async () => {
      let n = 0;
      for await (const _ of stream) {
        if (++n === 2) {
          if (how === 'break') break;
          stop.abort();
        }
      }
      return n;
    })();
    expect(await inTime(loop)).toBe(2);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((f) => f.during === 'cursor_set' && f.error instanceof TimeoutError)).toBe(true);
  });

  it('a write that timed out but lands later is not overtaken by a newer one', async () => {
    const source = new Listing();
    source.add(3, now());
    const written: number[] = [];
    let release!: () => void;
    let writes = 0;
    const store: CursorStore = {
      get: () => null,
      set: async (cursor) => {
        const n = ++writes;
        if (n === 1) await new Promise<void>((r) => (release = r));
        written.push(cursor.seen.length);
      },
    };
    const failures: StreamFailure[] = [];
    const { stream, events } = open(source, { cursorStore: store, cursorTimeout: 20 });
    events.on('stream_error', (f) => failures.push(f));
    // Taking the third marks the first two handled: two cursors to write, the first of which hangs.
    await take(stream, 3);
    await tick(60);
    expect(failures.map((f) => f.during)).toEqual(['cursor_set']);
    expect(written).toEqual([]);
    release();
    await tick(20);
    expect(written).toEqual([1, 2]);
    await stream.return(undefined);
  });
});

describe('priority', () => {
  it("polls are 'low' (they queue behind the app's other calls and leave the reserve alone) unless the stream names one", async () => {
    const source = new Listing();
    source.add(3, now());
    const low = open(source);
    expect(await take(low.stream, 3)).toHaveLength(3);
    await low.stream.return(undefined);
    expect(source.priorities.length).toBeGreaterThan(0);
    expect(new Set(source.priorities)).toEqual(new Set(['low']));
    const asked = new Listing();
    asked.add(1, now());
    const high = open(asked, { priority: 'high' });
    expect(await take(high.stream, 1)).toHaveLength(1);
    await high.stream.return(undefined);
    expect(new Set(asked.priorities)).toEqual(new Set(['high']));
  });
});

describe('skipOwn: the instance\'s own items are handled, never yielded', () => {
  /** A host whose account is read from `/api/v1/me` (not a script app), counting the reads. */
  function reading(answer: () => Promise<unknown>) {
    const events = new Emitter();
    const reads: string[] = [];
    return { reads, events, on: (source: Listing) => hostOf(source, { events, username: undefined, send: async (_verb, path) => (reads.push(path), answer()) }) };
  }

  it('a script app: items by oauth.username (any case) are left out and still count as handled', async () => {
    const source = new Listing();
    const [human1] = source.add(1, now(), { author: 'someone' });
    const [mine] = source.add(1, now(), { author: 'The_Bot' });
    const [human2] = source.add(1, now(), { author: 'other' });
    const { stream, handle } = open(source, { skipOwn: true });
    expect(await take(stream, 2)).toEqual([human1, human2]);
    await stream.return(undefined);
    const seen = (handle.cursor as { seen: Array<[string]> }).seen.map(([n]) => n);
    // The item in hand at return (human2) is not handled; the bot's own one is.
    expect(seen).toEqual([human1, mine]);
  });

  it('without skipOwn every item comes, its own too', async () => {
    const source = new Listing();
    const names = [...source.add(1, now(), { author: 'the_bot' }), ...source.add(1, now())];
    const { stream } = open(source);
    expect(await take(stream, 2)).toEqual(names);
    await stream.return(undefined);
  });

  it('another app: the account is read from /api/v1/me once, and only when a poll finds items', async () => {
    const source = new Listing();
    const { on, reads } = reading(async () => ({ name: 'web_bot' }));
    const stream = run(PATH, on(source), { $subreddit: 'aww' }, { pause: 1, skipOwn: true }, {});
    const first = stream.next();
    // Two idle polls, waited for by count (up to 2 s) rather than expected within 30 ms.
    for (let i = 0; i < 400 && source.asked.length < 2; i++) await tick(5);
    expect(source.asked.length).toBeGreaterThan(1);
    expect(reads).toEqual([]);
    source.add(1, now(), { author: 'web_bot' });
    const [human] = source.add(1, now());
    expect(nameOf((await first).value)).toBe(human);
    source.add(2, now(), { author: 'WEB_BOT' });
    const [later] = source.add(1, now());
    expect(nameOf((await stream.next()).value)).toBe(later);
    expect(reads).toEqual(['/api/v1/me']);
    await stream.return(undefined);
  });

  it('an account that cannot be read ends the stream with an ArgumentError saying why; a passing failure is retried', async () => {
    const refused = reading(async () => {
      throw new ResponseError('Forbidden', { status: 403, method: 'GET', url: 'http://x/api/v1/me', body: '', errors: [], attempts: 1 });
    });
    const source = new Listing();
    source.add(1, now());
    const error = await run(PATH, refused.on(source), { $subreddit: 'aww' }, { skipOwn: true }, {}).next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toMatch(/skipOwn: the instance's own account could not be read from \/api\/v1\/me \(Forbidden\); skipOwn needs an account/);

    let calls = 0;
    const flaky = reading(async () => {
      if (++calls === 1) throw new NetworkError('reset', new Error('ECONNRESET'));
      return { name: 'web_bot' };
    });
    const failures: StreamFailure[] = [];
    flaky.events.on('stream_error', (f) => failures.push(f));
    const stream = run(PATH, flaky.on(source), { $subreddit: 'aww' }, { skipOwn: true, pause: { min: 1, max: 2 } }, {});
    expect(nameOf((await stream.next()).value)).toBe(source.items[0]!.data.name);
    expect(failures.map((f) => [f.during, (f.error as Error).name])).toEqual([['poll', 'NetworkError']]);
    await stream.return(undefined);
  });
});
