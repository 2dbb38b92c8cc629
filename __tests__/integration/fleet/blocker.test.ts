/**
 * How a reader's blocked XREADGROUP ends early, against a real redis-server: woken (polling is over)
 * it answers, with whatever Redis gave it, well before its BLOCK timeout; cut (stopping) it rejects
 * at once. A run that ends once caught up relied on cutting and could leave an item delivered to
 * the cut read pending, unread until another run (the fleet test "a stream that ends", under load).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { hasRedisServer, startRedis, type RedisServer } from '../../shared-limit/redis.js';
import { Blocker } from '../../../lib/fleet/blocker.js';
import { connector, Link } from '../../../lib/fleet/redis/link.js';
import { waitWhile } from '../../support/wait.js';

(hasRedisServer ? describe : describe.skip)('a blocked read', () => {
  let server: RedisServer;
  let link: Link;
  let plain: Redis;
  beforeAll(async () => {
    server = await startRedis();
    plain = new Redis(server.port, '127.0.0.1');
    link = new Link(await connector({ host: '127.0.0.1', port: server.port }, Redis), { down: () => {}, up: () => {} });
    await link.command.xgroup('CREATE', 'items', 'g', '$', 'MKSTREAM');
  });
  afterAll(async () => {
    await link?.close();
    plain?.disconnect();
    await server?.stop();
  });

  const blockedRead = (blocker: Blocker) => blocker.read(blocker.conn.xreadgroup('GROUP', 'g', 'c', 'COUNT', 1, 'BLOCK', 10_000, 'STREAMS', 'items', '>'));
  const blockedClients = async () => Number(/blocked_clients:(\d+)/.exec(String(await plain.info('clients')))?.[1]);

  it('woken, answers (nothing new: null) long before its BLOCK timeout, and its connection closes', async () => {
    const blocker = new Blocker(link);
    const read = blockedRead(blocker);
    await waitWhile(async () => (await blockedClients()) === 0, 1000, 10);
    const started = Date.now();
    await blocker.wake(link.command);
    await expect(read).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await blockedClients()).toBe(0);
  });

  it('woken while Redis serves it, answers with the entry: nothing is left pending unread', async () => {
    const blocker = new Blocker(link);
    const read = blockedRead(blocker);
    await plain.xadd('items', '*', 'name', 't1_x');
    await blocker.wake(link.command);
    const reply = (await read) as Array<[string, Array<[string, string[]]>]>;
    expect(reply[0]![1][0]![1]).toEqual(['name', 't1_x']);
  });

  it('cut, rejects at once', async () => {
    const blocker = new Blocker(link);
    const read = blockedRead(blocker);
    blocker.cut();
    await expect(read).rejects.toThrow(/closed/);
  });
});
