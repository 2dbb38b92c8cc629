/**
 * What a call asks of the shared budget holds across processes (issue 23, items 4 and 5): its
 * priority (each process's Bottleneck limiter orders only its own queue, so a process's low sends
 * could take the first units of a reopened window while another process's high send waited), its
 * maxWait (a process that had not seen the budget spent waited in Redis's queue for the whole
 * window), and its abort. Two shared limiters in this process stand for two processes: only Redis
 * connects them.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { RateLimitError } from '../../lib/index.js';
import { budgetFor } from '../../lib/limiter/registry.js';
import { sharedLimit, type SharedLimit } from '../../lib/shared-limit.js';
import { within } from '../../lib/wait/within.js';
import { client, requestsTo, sleep, start, windowStartClock } from '../integration/setup.js';
import { hasRedisServer, quitClient, startRedis, type RedisServer } from './redis.js';
import { waitWhile } from '../support/wait.js';

const API = /^\/r\//;
const WINDOW_MS = 2000;

(hasRedisServer ? describe : describe.skip)('across processes', () => {
  let server: RedisServer;
  const limiters: SharedLimit[] = [];
  const errors: Error[] = [];
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    await Promise.allSettled(limiters.map((l) => l.close()));
    await server?.stop();
    expect(errors.map(String)).toEqual([]);
  });

  it('maxWait: a call of a process that has not seen the budget spent defers at once, unsent, with when the window ends', async () => {
    const emu = await start({ rateLimit: { budget: 1, window: 600 }, now: windowStartClock(600_000) });
    const [one, two] = [0, 1].map(() => {
      const limiter = sharedLimit({ redis: { host: '127.0.0.1', port: server.port }, id: 'max-wait-test', onError: (e) => void errors.push(e) });
      limiters.push(limiter);
      return client(emu, 'script', { limiter });
    });
    await Promise.all([one!.auth(), two!.auth()]);
    await one!('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 });
    const call = two!('/r/$subreddit/new').get({ $subreddit: 'programming', limit: 1 }, { maxWait: 1000 }).catch((e: unknown) => e);
    // Before, it waited in Redis's queue until the window's end (up to 600 s here).
    const error = (await within(call, 5000, () => new Error('still waiting after 5 s'))) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ reason: 'budget', attempts: 0 });
    // When the window's end is in Redis, retryAfter is when it ends (about 600 s); when Redis cannot
    // tell yet, the call is refused at its maxWait and says to come back then (1000). Never sooner:
    // an answer of less than maxWait would make a job queue retry into the same refusal. (Seen once
    // in CI on a loaded machine; not reproduced in 24 runs under load here.)
    expect(error.retryAfter).toBeGreaterThanOrEqual(1000);
    expect(error.retryAfter).toBeLessThanOrEqual(601_000);
    expect(requestsTo(emu, '/r/programming/new')).toEqual([]);
  });

  it('aborting calls that wait for the shared budget rejects them with AbortError and nothing else (it was an uncaught exception of the process)', async () => {
    const emu = await start({ rateLimit: { budget: 1, window: 600 }, now: windowStartClock(600_000) });
    // Two shared limiters of one budget: the second's own pacer has not seen the budget spent, so its calls wait in Redis's.
    const [one, two] = [0, 1].map(() => {
      const limiter = sharedLimit({ redis: { host: '127.0.0.1', port: server.port }, id: 'abort-test', onError: (e) => void errors.push(e) });
      limiters.push(limiter);
      return client(emu, 'script', { limiter });
    });
    await Promise.all([one!.auth(), two!.auth()]);
    await one!('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 });
    const stop = new AbortController();
    // The budget is spent for the window: these wait in the shared budget.
    const waiting = [1, 2, 3].map((i) => two!('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i }, { signal: stop.signal }).catch((e: unknown) => (e as Error).name));
    // Until they wait (a loaded machine may be late), bounded: one in Redis's queue (listed there),
    // two behind it at the second's gate (no outward sign of that: read in the registry).
    const gate = budgetFor(limiters.at(-1)!, emu.url, emu.apps.script.key).gate;
    const redis = new Redis({ host: '127.0.0.1', port: server.port });
    const listed = () => redis.zcard('b_abort-test_snoopath_waiting:normal');
    try {
      await waitWhile(async () => !(gate.queued === 2 && (await listed()) === 1));
      expect([gate.queued, await listed()]).toEqual([2, 1]);
    } finally {
      await quitClient(redis);
    }
    stop.abort();
    expect(await Promise.all(waiting)).toEqual(['AbortError', 'AbortError', 'AbortError']);
  });

  it("20 low polls of one process queued on a spent budget, one high call of another: the high call is the next window's first send", async () => {
    const emu = await start({ rateLimit: { budget: 3, window: WINDOW_MS / 1000 } });
    const [one, two] = [0, 1].map(() => {
      const limiter = sharedLimit({ redis: { host: '127.0.0.1', port: server.port }, onError: (e) => void errors.push(e) });
      limiters.push(limiter);
      return client(emu, 'script', { limiter });
    });
    await Promise.all([one!.auth(), two!.auth()]);
    // Early in a window, so the one spending it and the queueing all happen before it ends.
    await sleep(WINDOW_MS - (Date.now() % WINDOW_MS) + 50);
    const get = (r: typeof one, sub: string, options: Record<string, unknown>, count: number) => r!('/r/$subreddit/new').get({ $subreddit: sub, limit: 1, count }, options);
    await Promise.all([0, 1, 2].map((i) => get(one, 'aww', {}, i)));
    const stop = new AbortController();
    const low = Array.from({ length: 20 }, (_, i) => get(one, 'aww', { priority: 'low', signal: stop.signal }, 10 + i).catch((e: unknown) => e));
    // Until the 20 wait at the first's gate (a loaded machine may be late; read in the registry), bounded.
    const gate = budgetFor(limiters.at(-2)!, emu.url, emu.apps.script.key).gate;
    await waitWhile(() => gate.queued < 20);
    expect(gate.queued).toBe(20);
    await get(two, 'programming', { priority: 'high' }, 0);
    stop.abort();
    await Promise.all(low);
    const sent = requestsTo(emu, API).filter((r) => r.status === 200);
    expect(sent[3]!.path).toBe('/r/programming/new');
    expect(requestsTo(emu, API).filter((r) => r.status === 429)).toEqual([]);
  }, 20000);
});
