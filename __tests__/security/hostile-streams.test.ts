/**
 * Streams against a hostile or broken server and odd values (issue 21, items 6, 7, 9): a time in
 * the future, a cursor store that hangs, a pause no timer can hold. Through the real client and
 * the emulator; a stand-in rewrites answers through the instance's `fetch` where the platform would lie.
 */
import { describe, expect, it } from '@jest/globals';
import type { CursorStore, StreamFailure, StreamGap } from '../../lib/index.js';
import { client, requestsTo, sleep, start } from '../integration/setup.js';
import { inTime as inTimeOf, take as takeOf } from '../support/take.js';
import { waitWhile } from '../support/wait.js';


// Against the emulator, on a loaded machine: 5 s before a stream counts as stuck.
const inTime = <T>(work: Promise<T>, ms = 5000) => inTimeOf(work, ms);
const take = (stream: AsyncIterator<unknown>, n: number) => takeOf(stream, n, 5000);


describe('streams against a hostile server', () => {
  it('an item dated ten years ahead, handled then forgotten: later bursts still come whole, without a gap', async () => {
    const emu = await start();
    let future: string | undefined;
    // The server dates one comment ten years ahead, every time it lists it.
    const fetcher: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!future || !String(input instanceof Request ? input.url : input).includes('/r/aww/comments')) return response;
      const body = await response.json();
      for (const child of body.data.children) if (child.data.name === future) child.data.created_utc += 10 * 365 * 86400;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const reddit = client(emu, 'script', { fetch: fetcher });
    const gaps: StreamGap[] = [];
    reddit.on('stream_gap', (g: StreamGap) => gaps.push(g));
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    const first = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 3 });
    future = first[2];
    expect(await take(stream, 3)).toEqual(first);
    const steady = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 300 });
    expect(await take(stream, 300)).toEqual(steady);
    const burst = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 250 });
    expect(await take(stream, 250)).toEqual(burst);
    expect(gaps).toEqual([]);
    await stream.return!();
  }, 30_000);

  it('a cursor store whose set() never settles: `break` still ends `for await`, within cursorTimeout', async () => {
    const emu = await start();
    const reddit = client(emu);
    const failures: StreamFailure[] = [];
    reddit.on('stream_error', (f: StreamFailure) => failures.push(f));
    const store: CursorStore = { get: () => null, set: () => new Promise(() => {}) };
    emu.addItems({ kind: 'comment', subreddit: 'aww', count: 3 });
    const loop = (async () => {
      let n = 0;
      for await (const _ of reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursorStore: store, cursorTimeout: 100, pause: 5 })) {
        if (++n === 3) break;
      }
      return n;
    })();
    expect(await inTime(loop)).toBe(3);
    expect(failures.some((f) => f.during === 'cursor_set')).toBe(true);
  });

  it('a cursor store whose get() never settles: aborting still ends the stream, and nothing is polled', async () => {
    const emu = await start();
    const reddit = client(emu);
    const stop = new AbortController();
    let asked = false;
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursorStore: { get: () => ((asked = true), new Promise(() => {})), set: () => {} }, signal: stop.signal });
    const first = stream.next();
    // Until the stream waits for the store (a loaded machine may be late), bounded.
    await waitWhile(() => !asked);
    expect(asked).toBe(true);
    stop.abort();
    expect(await inTime(first)).toEqual({ done: true, value: undefined });
    expect(requestsTo(emu, '/r/aww/comments')).toEqual([]);
  });

  it('pause: 3e9 (no timer holds it) is refused before anything is sent, instead of polling at once, again and again', async () => {
    const emu = await start();
    const stream = client(emu)('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 3e9 });
    await expect(stream.next()).rejects.toThrow(/pause must be a number in ms, from 0 to 2147483647/);
    await sleep(100);
    expect(requestsTo(emu, '/r/aww/comments')).toEqual([]);
  });
});
