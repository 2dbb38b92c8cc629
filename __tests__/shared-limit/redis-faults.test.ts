/**
 * The shared budget when Redis fails: sends never wait for a Redis that is gone (they are paced by
 * their process alone, and the instance says so with `shared_limit`), no raw ioredis error reaches
 * a call, and when Redis comes back empty the budget is set up again and shared as before.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { SnoopathEvents } from '../../lib/index.js';
import { sharedLimit, type SharedLimit } from '../../lib/shared-limit.js';
import { client, sleep, start } from '../integration/setup.js';
import { hasRedisServer, quitClient, startRedis, type RedisServer } from './redis.js';
import { waitWhile } from '../support/wait.js';

(hasRedisServer ? describe : describe.skip)('Redis failures', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('Redis dies under load: calls go on paced locally; Redis back empty: shared again, set up anew', async () => {
    let server: RedisServer = await startRedis();
    const port = server.port;
    cleanup.push(() => server.stop());
    const errors: string[] = [];
    const limiter: SharedLimit = sharedLimit({ redis: { host: '127.0.0.1', port, maxRetriesPerRequest: 3 }, onError: (e) => errors.push(e.message) });
    cleanup.push(() => limiter.close());
    const emu = await start({ rateLimit: { budget: 1000, window: 60 } });
    const reddit = client(emu, 'script', { limiter });
    const events: Array<SnoopathEvents['shared_limit'] & { at: number }> = [];
    reddit.on('shared_limit', (e) => events.push({ ...e, at: Date.now() }));
    await reddit.auth();
    const t0 = Date.now();
    const outcomes: Array<{ at: number; ms: number; error?: string }> = [];
    let stop = false;
    const lanes = Array.from({ length: 4 }, async (_, lane) => {
      for (let i = 0; !stop; i++) {
        const started = Date.now();
        try {
          await reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: lane * 1000 + i });
          outcomes.push({ at: started - t0, ms: Date.now() - started });
        } catch (error) {
          outcomes.push({ at: started - t0, ms: Date.now() - started, error: `${(error as Error).name}: ${(error as Error).message}` });
        }
      }
    });
    let killedAt = 0;
    let restartedAt = 0;
    try {
      await sleep(800);
      // Sends have gone through Redis before it dies (a loaded machine may be late), bounded.
      await waitWhile(() => outcomes.length === 0);
      await server.stop('SIGKILL');
      killedAt = Date.now() - t0;
      await sleep(2500);
      // Down 2.5 s at least, and until the sends counted below went on meanwhile (a loaded machine may be slow), bounded.
      await waitWhile(() => outcomes.filter((o) => o.at > killedAt + 200).length <= 5);
      server = await startRedis(port);
      restartedAt = Date.now() - t0;
      await sleep(3500);
      // Until Redis is told back and the sends counted below went on (a loaded machine may be slow), bounded.
      await waitWhile(() => !(events.length >= 2 && outcomes.filter((o) => o.at > restartedAt + 2500).length > 5));
    } finally {
      // The lanes end with the test, whatever failed: none runs on into the next one.
      stop = true;
      await Promise.all(lanes);
    }
    const probe = new Redis({ port });
    const settings = await probe.hgetall('b_snoopath:script-app-id_settings').finally(() => quitClient(probe));
    const failed = outcomes.filter((o) => o.error);
    const during = outcomes.filter((o) => o.at > killedAt + 200 && o.at < restartedAt);
    const after = outcomes.filter((o) => o.at > restartedAt + 2500);
    const longest = Math.max(...outcomes.map((o) => o.ms));
    expect(failed).toEqual([]);
    expect(during.length).toBeGreaterThan(5);
    expect(after.length).toBeGreaterThan(5);
    // Never a hang: no call waited for Redis's own retries.
    expect(longest).toBeLessThan(2500);
    expect(events.map((e) => e.available)).toEqual([false, true]);
    expect(events[0]!.at - t0).toBeLessThan(restartedAt);
    // Bottleneck set the budget up again in the empty Redis, and sends count there again.
    expect(settings.version).toBeDefined();
    expect(Number(settings.done ?? 0) + Number(settings.running ?? 0)).toBeGreaterThan(0);
  }, 30000);

  it('a hung Redis (paused, connections open) stalls no send: each Redis step gives up after 2 s, sends go on paced locally, and share again once it answers', async () => {
    const server = await startRedis();
    cleanup.push(() => server.stop());
    const limiter = sharedLimit({ redis: { host: '127.0.0.1', port: server.port }, onError: () => undefined });
    cleanup.push(() => limiter.close());
    const emu = await start({ rateLimit: { budget: 1000, window: 60 } });
    const reddit = client(emu, 'script', { limiter });
    const events: Array<SnoopathEvents['shared_limit']> = [];
    reddit.on('shared_limit', (e) => events.push(e));
    await reddit.auth();
    await reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 });
    server.pause();
    const longest: number[] = [];
    let stop = false;
    let done = 0;
    const lanes = Array.from({ length: 4 }, async (_, lane) => {
      for (let i = 0; !stop; i++) {
        const started = Date.now();
        await reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: lane * 1000 + i });
        longest.push(Date.now() - started);
        done++;
      }
    });
    let whilePaused = 0;
    try {
      await sleep(6000);
      // Paused 6 s at least, and until 20 sends went on meanwhile (a loaded machine may be slow), bounded.
      await waitWhile(() => done <= 20);
      whilePaused = done;
      server.resume();
      await sleep(3000);
      // Until Redis is told back (a loaded machine may be late), bounded.
      await waitWhile(() => events.length < 2);
    } finally {
      server.resume();
      stop = true;
      await Promise.all(lanes);
    }
    // Almost no call completed in 6 s before: now every lane goes on after one bounded Redis step.
    expect(whilePaused).toBeGreaterThan(20);
    expect(Math.max(...longest)).toBeLessThan(4500);
    expect(events.map((e) => e.available)).toEqual([false, true]);
    expect(events[0]!.error?.message).toMatch(/did not answer within 2000 ms/);
  }, 30000);

  it('a Redis that cannot be reached at all: calls are paced locally after a short wait, never a hang', async () => {
    const reserved = await startRedis();
    const port = reserved.port;
    await reserved.stop();
    // disconnectTimeout: closing a socket that never connected arms ioredis's timer of that length (2 s by default), which would outlive the file.
    const limiter = sharedLimit({ redis: { host: '127.0.0.1', port, maxRetriesPerRequest: 1, disconnectTimeout: 100 }, onError: () => undefined });
    cleanup.push(() => limiter.close());
    const emu = await start();
    const reddit = client(emu, 'script', { limiter });
    const events: Array<SnoopathEvents['shared_limit']> = [];
    reddit.on('shared_limit', (e) => events.push(e));
    const t0 = Date.now();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i })));
    const ms = Date.now() - t0;
    expect(results).toHaveLength(5);
    // One grace period of 2 s for the first connection, then nothing waits for Redis.
    expect(ms).toBeLessThan(4000);
    expect(events[0]).toMatchObject({ available: false });
  }, 20000);
});
