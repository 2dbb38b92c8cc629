/**
 * Closing a shared limiter leaves nothing behind, whatever state Redis is in: close() settles (a hung
 * Redis never answers QUIT), no rejection is left unhandled (Bottleneck unsubscribes a limiter's
 * channels without looking at the result, and ioredis rejects what is still queued with "Connection
 * is closed" when the socket ends: jest reports that as a failure of the test, or of the whole file
 * when it comes after the test), and no connection keeps the process alive.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { sharedLimit } from '../../lib/shared-limit.js';
import { within } from '../../lib/wait/within.js';
import { client, sleep, start } from '../integration/setup.js';
import { hasRedisServer, startRedis, type RedisServer } from './redis.js';

/** ioredis ends a socket it closes after this long at most (its default is 2 s): what it still held then is rejected. */
const DISCONNECT_MS = 100;

(hasRedisServer ? describe : describe.skip)('closing a shared limiter', () => {
  const servers: RedisServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  });

  it.each([
    ['Redis up', 'none'],
    ['Redis killed', 'kill'],
    ['Redis hung (connected, not answering)', 'pause'],
  ] as const)('%s: close() settles, and nothing rejects after it', async (_label, fault) => {
    const server = await startRedis();
    servers.push(server);
    const limiter = sharedLimit({ redis: { host: '127.0.0.1', port: server.port, maxRetriesPerRequest: 1, disconnectTimeout: DISCONNECT_MS }, onError: () => undefined });
    const emu = await start();
    const reddit = client(emu, 'script', { limiter });
    // A send through the shared budget: its Bottleneck limiter is set up and subscribed.
    await reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 });
    if (fault === 'kill') await server.stop('SIGKILL');
    if (fault === 'pause') server.pause();
    await sleep(50);
    // A hung Redis never answers QUIT: close() gives up on it after one Redis step (2 s).
    await within(limiter.close(), 5000, () => new Error('close() did not settle within 5 s'));
    // What ioredis still held is rejected when the socket ends: an unhandled one fails this test.
    await sleep(DISCONNECT_MS + 200);
    await expect(reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 })).rejects.toThrow(/shared limiter was closed/);
  });

  it("the app's own client can be quit as soon as close() resolves: nothing of the limiter's is written after (it was an EPIPE on that client)", async () => {
    const server = await startRedis();
    servers.push(server);
    const emu = await start();
    const errors: string[] = [];
    for (let round = 0; round < 10; round++) {
      const redis = new Redis({ host: '127.0.0.1', port: server.port });
      redis.on('error', (e) => void errors.push(e.message));
      const limiter = sharedLimit({ redis, onError: (e) => void errors.push(e.message) });
      const reddit = client(emu, 'script', { limiter });
      await Promise.all([0, 1, 2, 3].map((i) => reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i })));
      await limiter.close();
      await redis.quit();
    }
    await sleep(100);
    expect(errors).toEqual([]);
  });
});
