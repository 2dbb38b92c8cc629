// Streams when things go wrong: outages, refusals, aborts, failing cursor stores, the rate limit.
import { describe, expect, it } from '@jest/globals';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { NetworkError, ResponseError, type StreamFailure, type Thing } from '../../../lib/index.js';
import { client, requestsTo, start, type Emulator } from '../setup.js';
import { until, waitWhile } from '../../support/wait.js';

const nameOf = (item: unknown) => (item as Thing<{ name: string }>).data.name;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP relay in front of the emulator: closing it makes connections be refused, as a platform outage does. */
class Relay {
  server: Server | undefined;
  readonly sockets = new Set<Socket>();
  port = 0;
  constructor(readonly target: number) {}

  async open(): Promise<void> {
    const server = createServer((down) => {
      const up = connect(this.target, '127.0.0.1');
      for (const s of [down, up]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => (s === up ? down : up).destroy());
      }
      down.pipe(up).pipe(down);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  }
}

describe('outages', () => {
  it('a 30 s outage (5xx, then connection refused): the stream waits it out with back-off and loses nothing', async () => {
    let now = Date.now();
    const emu = await start({ now: () => now, feed: { subreddits: ['aww'], rate: 600, comments: 1, bursts: { every: 10, size: [50, 120] } } });
    const relay = new Relay(Number(new URL(emu.url).port));
    await relay.open();
    const reddit = client(emu, 'script', { apiServerUri: `http://127.0.0.1:${relay.port}`, retryAttempts: 1, retryDelay: 5 });
    const failures: StreamFailure[] = [];
    reddit.on('stream_error', (f) => failures.push(f));
    const stop = new AbortController();
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { signal: stop.signal, pause: { min: 5, max: 40 } });
    const got: string[] = [];
    const consumer = (async () => {
      for await (const item of stream) got.push(nameOf(item));
    })();
    const listed = async () => {
      const names: string[] = [];
      for await (const item of await reddit('/r/$subreddit/comments').listing({ $subreddit: 'aww', limit: 100 })) names.push(nameOf(item));
      return names.reverse();
    };

    now += 2000; // 2 s of comments
    await until('the first comments', () => got.length >= 15, 10_000);

    // 15 s of 5xx: the transport retries once, then the stream reports and backs off.
    emu.fault({ path: '/r/aww/comments', status: 503, times: 10_000 });
    now += 15_000;
    await until('5xx failures', () => failures.filter((f) => f.error instanceof ResponseError).length >= 4, 10_000);
    // 15 s of refused connections.
    emu.clearFaults();
    await relay.close();
    now += 15_000;
    await until('refused connections', () => failures.filter((f) => f.error instanceof NetworkError).length >= 4, 10_000);

    await relay.open(); // same port: the platform is back
    try {
      const expected = await listed();
      expect(expected.length).toBeGreaterThan(400);
      await until('the stream to catch up', () => got.length >= expected.length, 10_000);
      stop.abort();
      await consumer;
      expect(got).toEqual(expected);
    } finally {
      stop.abort();
      await relay.close();
    }
    expect(failures.every((f) => f.during === 'poll' && f.stream === stream && f.path === '/r/aww/comments')).toBe(true);
    // Back-off: the waits double up to the cap (less jitter), stay there, and never pass it.
    const waits = failures.map((f) => f.retryIn);
    expect(Math.max(...waits)).toBeLessThanOrEqual(40);
    expect(waits.filter((w) => w >= 36).length).toBeGreaterThanOrEqual(3);
    expect(waits.slice(0, 3)).toEqual([...waits.slice(0, 3)].sort((a, b) => a - b));
  }, 30_000);

  it('a body that is not a listing (a proxy page) once the path has answered: reported, then the stream goes on', async () => {
    const emu = await start();
    const reddit = client(emu);
    const failures: StreamFailure[] = [];
    reddit.on('stream_error', (f) => failures.push(f));
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    const [a] = emu.addItems({ kind: 'comment', subreddit: 'aww' });
    expect(nameOf((await stream.next()).value)).toBe(a);
    emu.fault({ path: '/r/aww/comments', html: true, times: 2 });
    const [b] = emu.addItems({ kind: 'comment', subreddit: 'aww' });
    expect(nameOf((await stream.next()).value)).toBe(b);
    expect(failures).toHaveLength(2);
    await stream.return();
  });
});

describe('refusals end the iteration with the error', () => {
  it.each([
    [404, 'an unknown subreddit', (emu: Emulator) => client(emu)('/r/$subreddit/comments').stream({ $subreddit: 'nosuchsub' })],
    [403, 'a token without the scope', (emu: Emulator) => client(emu, 'script', { oauth: { scope: ['identity'] } })('/r/$subreddit/comments').stream({ $subreddit: 'aww' })],
    [403, 'an app-only token reading an inbox', (emu: Emulator) => client(emu)('/message/inbox').stream(undefined, { bypassAuth: true })],
    [401, 'a token refused again after renewal', (emu: Emulator) => {
      emu.fault({ path: '/r/aww/new', status: 401, times: 2 });
      return client(emu)('/r/$subreddit/new').stream({ $subreddit: 'aww' });
    }],
  ])('%i: %s', async (status, _, open) => {
    const emu = await start();
    const failures: unknown[] = [];
    const stream = open(emu);
    const error = await (async () => {
      for await (const _item of stream) failures.push(_item);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).status).toBe(status);
    expect(failures).toEqual([]);
  });

  it('a refusal after items: the items come first, then the error; a bad argument rejects before anything is sent', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.addItems({ kind: 'comment', subreddit: 'aww', count: 2 });
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    await stream.next();
    await stream.next();
    emu.fault({ path: '/r/aww/comments', status: 403, times: 1 });
    await expect(stream.next()).rejects.toMatchObject({ status: 403 });
    expect(await stream.next()).toEqual({ done: true, value: undefined });

    const sent = emu.requests.length;
    await expect(reddit('/r/$subreddit/comments').stream({}).next()).rejects.toThrow(/missing required url parameter \$subreddit/);
    await expect(reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { limit: 500 }).next()).rejects.toThrow(/limit must be an integer from 1 to 100/);
    expect(emu.requests.length).toBe(sent);
  });
});

describe('stopping', () => {
  it('abort while waiting between polls: `for await` exits at once, without an error', async () => {
    const emu = await start();
    const stop = new AbortController();
    const stream = client(emu)('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { signal: stop.signal, pause: 60_000 });
    const done = (async () => {
      for await (const _ of stream) throw new Error('nothing was expected');
    })();
    await until('the first poll', () => requestsTo(emu, '/r/aww/comments').length === 1, 10_000);
    // Until the stream waits between polls (its cursor is set once a poll is answered).
    await until('the first answer', () => stream.cursor !== undefined, 10_000);
    const t = Date.now();
    stop.abort();
    await done;
    expect(Date.now() - t).toBeLessThan(1000);
  });

  it('abort while a poll hangs, or while the consumer holds an item: the iteration ends cleanly', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.fault({ path: '/r/aww/comments', hang: true });
    const stop = new AbortController();
    const hung = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { signal: stop.signal });
    const pending = hung.next();
    await until('the hung poll', () => requestsTo(emu, '/r/aww/comments').length === 1, 10_000);
    stop.abort();
    expect(await pending).toEqual({ done: true, value: undefined });

    const stop2 = new AbortController();
    emu.addItems({ kind: 'comment', subreddit: 'aww', count: 3 });
    const held = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { signal: stop2.signal, pause: 5 });
    const got: string[] = [];
    for await (const item of held) {
      got.push(nameOf(item));
      stop2.abort();
    }
    expect(got).toHaveLength(1);
    // Handled when the loop asked for more, so the cursor holds it.
    expect(held.cursor!.seen.map(([n]) => n)).toEqual(got);
  });

  it('an aborted signal before the start: nothing is sent', async () => {
    const emu = await start();
    const stream = client(emu)('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { signal: AbortSignal.abort() });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(requestsTo(emu, '/r/aww/comments')).toEqual([]);
  });
});

describe('a failing cursor store never ends the stream', () => {
  it('get() rejects: reported and tried again with back-off; set() rejects: reported, and the next write carries on', async () => {
    const emu = await start();
    const reddit = client(emu);
    const failures: StreamFailure[] = [];
    reddit.on('stream_error', (f) => failures.push(f));
    let gets = 0;
    let failSet = true;
    let saved: unknown;
    const store = {
      get: async () => {
        if (++gets <= 2) throw new Error('store unreachable');
        return null;
      },
      set: async (cursor: unknown) => {
        if (failSet) throw new Error('store full');
        saved = cursor;
      },
    };
    const [a, b, c] = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 3 });
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursorStore: store, pause: { min: 5, max: 20 } });
    expect(nameOf((await stream.next()).value)).toBe(a);
    expect(failures.map((f) => [f.during, (f.error as Error).message])).toEqual([['cursor_get', 'store unreachable'], ['cursor_get', 'store unreachable']]);
    expect(failures[1]!.retryIn).toBeGreaterThan(failures[0]!.retryIn * 1.5);
    expect(nameOf((await stream.next()).value)).toBe(b);
    await until('the failed write', () => failures.at(-1)?.during === 'cursor_set', 5000);
    expect(failures.at(-1)!.during).toBe('cursor_set');
    failSet = false;
    expect(nameOf((await stream.next()).value)).toBe(c);
    await stream.return();
    expect((saved as { seen: unknown[] }).seen).toEqual(stream.cursor!.seen);
    expect(stream.cursor!.seen.map(([n]) => n)).toEqual([a, b]);
  });
});

describe('polling cost', () => {
  it('polls against a 60 s budget window: never a 429, never over the window\'s budget', async () => {
    const emu = await start({ rateLimit: { budget: 60, window: 60 } });
    const stop = new AbortController();
    // pause 0: the stream would poll as fast as the loopback allows; the pacer spreads it instead.
    const stream = client(emu)('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { signal: stop.signal, pause: 0 });
    const done = (async () => {
      for await (const _ of stream);
    })();
    await sleep(3000);
    // Two polls at least (a loaded machine may be slow), bounded.
    await waitWhile(() => requestsTo(emu, '/r/aww/comments').length < 2);
    stop.abort();
    await done;
    const polls = requestsTo(emu, '/r/aww/comments');
    expect(polls.filter((r) => r.status === 429)).toEqual([]);
    const perWindow = new Map<number, number>();
    for (const r of polls) perWindow.set(Math.floor(r.at / 60_000), (perWindow.get(Math.floor(r.at / 60_000)) ?? 0) + 1);
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(60);
    expect(polls.length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('idle polling slows down to the cap, and comes back to the minimum when items come', async () => {
    // The default is 1 s to 16 s (the pure schedule is tested in cursor.test.ts); the same rule, scaled
    // down, but not so far that a loaded machine's delays (added to each gap) blur the steps.
    const emu = await start();
    const stop = new AbortController();
    const min = 200;
    const max = 1600;
    const stream = client(emu)('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { signal: stop.signal, pause: { min, max } });
    const got: string[] = [];
    const done = (async () => {
      for await (const item of stream) got.push(nameOf(item));
    })();
    await until('seven idle polls', () => requestsTo(emu, '/r/aww/comments').length >= 7, 20_000);
    const [fresh] = emu.addItems({ kind: 'comment', subreddit: 'aww' });
    await until('the new comment', () => got.length === 1, 10_000);
    const n = requestsTo(emu, '/r/aww/comments').length;
    await until('two more polls', () => requestsTo(emu, '/r/aww/comments').length >= n + 2, 10_000);
    stop.abort();
    await done;
    expect(got).toEqual([fresh]);
    const at = requestsTo(emu, '/r/aww/comments').map((r) => r.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    // 200, 400, 800, 1600, 1600, 1600 ms (less up to 10 % jitter, plus each poll's own time).
    expect(gaps[0]).toBeLessThan(min + 200);
    expect(gaps[3]! / gaps[1]!).toBeGreaterThan(2.5);
    for (const g of gaps.slice(3, 6)) {
      expect(g).toBeGreaterThanOrEqual(max * 0.9 - 5);
      expect(g).toBeLessThan(max + 600);
    }
    // After the poll that found the comment, the wait is the minimum again.
    expect(gaps[n - 1]).toBeLessThan(min + 200);
  }, 40_000);
});
