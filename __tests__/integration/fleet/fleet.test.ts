/**
 * The fleet in one process against a real redis-server and the emulator: closing hands the lease
 * and the item in hand back, a slow handler keeps its item, stats, streams that end or fail, and a
 * Redis restarted with its data (AOF) from which the fleet resumes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { hasRedisServer, startRedis, type RedisServer } from '../../shared-limit/redis.js';
import { client, requestsTo, sleep, start } from '../setup.js';
import { fleet } from '../../../lib/fleet.js';
import { ArgumentError, fakeCall, worker, type Loop } from './helpers.js';
import { until, waitWhile } from '../../support/wait.js';

const SUB = { $subreddit: 'aww' };
const FAST = { pause: 100, skipExisting: true };

(hasRedisServer ? describe : describe.skip)('a fleet in one process', () => {
  let server: RedisServer;
  let redis: { host: string; port: number };
  const loops: Loop[] = [];
  const track = (loop: Loop) => (loops.push(loop), loop);

  beforeAll(async () => {
    server = await startRedis();
    redis = { host: '127.0.0.1', port: server.port };
  });
  afterAll(async () => {
    await Promise.all(loops.map((l) => l.f.close()));
    await Promise.allSettled(loops.map((l) => l.done));
    await server?.stop();
  });

  /** Waits for the first poll, then adds `count` comments. */
  async function firstPollThenAdd(emu: Awaited<ReturnType<typeof start>>, count: number): Promise<string[]> {
    await until('the first poll', () => requestsTo(emu, '/r/aww/comments').some((r) => r.status === 200), 5000);
    await sleep(50);
    return emu.addItems({ kind: 'comment', subreddit: 'aww', count });
  }

  it('close() hands the lease back (another worker polls at once) and ends the loop once it asks for its next item, the item in hand acknowledged', async () => {
    const emu = await start();
    const reddit = client(emu);
    const call = reddit('/r/$subreddit/comments');
    let closedAt = 0;
    // A lease of 9 s: b looks at it every 3 s, so a b that waited for its next look would take
    // over about 2.5 s after the close (with 5 s, 1.2-1.4 s: too near the bound on a loaded machine).
    const a = track(worker({ redis, name: 'close', worker: 'a', leaseMs: 9000 }, call, SUB, FAST, 5, async (_name, loop) => {
      if (loop.took.length === 1) {
        closedAt = Date.now();
        await loop.f.close();
      }
    }));
    await until('a polls', () => a.events.includes('polling'), 5000);
    const b = track(worker({ redis, name: 'close', worker: 'b', leaseMs: 9000 }, call, SUB, FAST));
    const created = await firstPollThenAdd(emu, 1);
    await a.done;
    expect(a.took).toEqual(created);
    expect(a.events).toContain('standby stopped');
    await until('b polls', () => b.events.includes('polling'), 3000);
    // Handed back: b took over at once, not at its next look at the lease (a third of leaseMs) nor when it lapsed.
    expect(Date.now() - closedAt).toBeLessThan(1500);
    // The item a had in hand was acknowledged when its loop ended: b never gets it.
    const more = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 2 });
    await until('b takes the new items', () => b.took.length === 2, 5000);
    expect(b.took).toEqual(more);
    // Once b asks for its next item, nothing is pending.
    let stats = await b.f.stats();
    for (let i = 0; i < 20 && stats.streams[0]?.pending !== 0; i++) {
      await sleep(50);
      stats = await b.f.stats();
    }
    expect(stats.streams[0]).toMatchObject({ path: '/r/aww/comments', poller: 'b', pending: 0, lag: 0 });
  }, 20_000);

  it('break hands the item in hand back: another worker takes it at once, not after claimAfterMs', async () => {
    const emu = await start();
    const call = client(emu)('/r/$subreddit/comments');
    const options = { redis, name: 'break', leaseMs: 2000, claimAfterMs: 20_000 };
    const a = track(worker({ ...options, worker: 'a' }, call, SUB, FAST, 5, () => 'break'));
    await until('a polls', () => a.events.includes('polling'), 5000);
    const b = track(worker({ ...options, worker: 'b' }, call, SUB, FAST));
    // a breaks out of its loop with its first item: not handled, so it must reach b.
    const [first] = await firstPollThenAdd(emu, 1);
    await a.done;
    expect(a.took).toEqual([first]);
    const broke = Date.now();
    await until('b takes the item a handed back', () => b.took.includes(first!), 10_000);
    // Against claimAfterMs (20 s), with room for b's next look at the lease on a loaded machine.
    expect(Date.now() - broke).toBeLessThan(4000);
    expect(b.took).toEqual([first]);
  }, 20_000);

  it('a handler slower than claimAfterMs keeps its item: the worker is alive, so nobody claims it', async () => {
    const emu = await start();
    const call = client(emu)('/r/$subreddit/comments');
    const options = { redis, name: 'slow', leaseMs: 2000, claimAfterMs: 400 };
    const a = track(worker({ ...options, worker: 'a' }, call, SUB, FAST, 1500));
    await until('a polls', () => a.events.includes('polling'), 5000);
    const b = track(worker({ ...options, worker: 'b' }, call, SUB, FAST));
    const [first, second] = await firstPollThenAdd(emu, 2);
    await until('both items taken', () => a.took.length + b.took.length === 2, 5000);
    await sleep(1600);
    expect([...a.took, ...b.took].sort()).toEqual([first, second].sort());
    expect(b.events.filter((e) => e.startsWith('claimed'))).toEqual([]);
  }, 20_000);

  it('stats(): the poller, each consumer, what is pending and what waits, as any worker sees it', async () => {
    const emu = await start();
    const call = client(emu)('/r/$subreddit/comments');
    const options = { redis, name: 'stats', leaseMs: 2000 };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const a = track(worker({ ...options, worker: 'a' }, call, SUB, FAST, 0, () => held));
    await until('a polls', () => a.events.includes('polling'), 5000);
    await firstPollThenAdd(emu, 5);
    await until('a holds its first item', () => a.took.length === 1, 5000);
    const watcher = fleet({ ...options, worker: 'watcher' });
    let stats = await watcher.stats();
    for (let i = 0; i < 50 && stats.streams[0]?.lag !== 4; i++) {
      await sleep(50);
      stats = await watcher.stats();
    }
    await watcher.close();
    const stream = stats.streams.find((s) => s.path === '/r/aww/comments')!;
    expect(stats).toMatchObject({ name: 'stats', worker: 'watcher' });
    expect(stream).toMatchObject({ poller: 'a', pending: 1, lag: 4, args: SUB });
    expect(stream.consumers.map((c) => [c.name, c.pending])).toEqual([['a/1', 1]]);
    expect(stream.local).toBeUndefined();
    const own = (await a.f.stats()).streams.find((s) => s.path === '/r/aww/comments')!;
    expect(own.local).toMatchObject({ polling: true, published: 5, skipped: 0, handled: 0 });
    release();
    await until('all handled', () => a.took.length === 5, 5000);
  }, 20_000);

  it('a stream that ends (untilCaughtUp): each worker polls once, takes what is left and its loop ends', async () => {
    const call = fakeCall(['t1_a', 't1_b', 't1_c', 't1_d']);
    const options = { redis, name: 'ends', leaseMs: 1000, claimAfterMs: 1000 };
    const a = track(worker({ ...options, worker: 'a' }, call, {}, {}, 20));
    const b = track(worker({ ...options, worker: 'b' }, call, {}, {}, 20));
    await Promise.all([a.done, b.done]);
    expect([...a.took, ...b.took].sort()).toEqual(['t1_a', 't1_b', 't1_c', 't1_d']);
    // One after the other, each resumed from the cursor: the second found nothing new.
    expect(call.polls).toBe(2);
    expect(a.events.concat(b.events).filter((e) => e === 'standby ended')).toHaveLength(2);
  }, 20_000);

  it('a poll that fails for good (a mistake polling again cannot fix) ends every worker\'s loop with its error', async () => {
    const call = fakeCall([], new ArgumentError('no such listing'));
    const options = { redis, name: 'fails', leaseMs: 1000 };
    const a = track(worker({ ...options, worker: 'a' }, call, {}));
    const b = track(worker({ ...options, worker: 'b' }, call, {}));
    // Both settle, whichever first (awaiting one alone would leave the other's rejection unhandled meanwhile).
    const [ra, rb] = await Promise.allSettled([a.done, b.done]);
    expect(ra).toMatchObject({ status: 'rejected', reason: { message: 'no such listing' } });
    expect(rb).toMatchObject({ status: 'rejected', reason: { message: 'no such listing' } });
    expect(call.polls).toBe(2);
  }, 20_000);
});

(hasRedisServer ? describe : describe.skip)('Redis away', () => {
  it('close() while Redis is away: the loop ends cleanly, without waiting for Redis', async () => {
    const server = await startRedis();
    const emu = await start();
    const loop = worker({ redis: { host: '127.0.0.1', port: server.port }, name: 'away', worker: 'a', leaseMs: 1000 }, client(emu)('/r/$subreddit/comments'), SUB, FAST);
    await until('a polls', () => loop.events.includes('polling'), 5000);
    await server.stop('SIGKILL');
    // It stops polling before its lease could lapse.
    await until('the poller stands by', () => loop.events.includes('standby redis_unreachable'), 5000);
    expect(loop.events).toContain('redis_down');
    const closing = Date.now();
    await loop.f.close();
    await loop.done;
    expect(Date.now() - closing).toBeLessThan(1000);
  }, 20_000);
});

(hasRedisServer ? describe : describe.skip)('Redis restarted with its data', () => {
  let dir: string;
  let server: RedisServer | undefined;
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the fleet waits while Redis is away and resumes from what it kept (AOF): nothing lost, nothing twice but items in hand', async () => {
    dir = mkdtempSync(join(tmpdir(), 'snoopath-fleet-aof-'));
    const aof = ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir];
    server = await startRedis(undefined, aof);
    const { port } = server;
    const emu = await start();
    const call = client(emu)('/r/$subreddit/comments');
    const options = { redis: { host: '127.0.0.1', port }, name: 'restart', leaseMs: 1000, claimAfterMs: 1500 };
    const loops = [worker({ ...options, worker: 'a' }, call, SUB, FAST, 20), worker({ ...options, worker: 'b' }, call, SUB, FAST, 20)];
    try {
      await until('a poller', () => loops.some((l) => l.events.includes('polling')), 5000);
      await until('the first poll', () => requestsTo(emu, '/r/aww/comments').some((r) => r.status === 200), 5000);
      await sleep(50);
      const created: string[] = [];
      let inHand: string[] = [];
      for (let tick = 0; tick < 10; tick++) {
        created.push(...emu.addItems({ kind: 'comment', subreddit: 'aww', count: 10 }));
        if (tick === 4) {
          await server.stop('SIGKILL');
          inHand = loops.map((l) => l.inHand).filter((n): n is string => n !== undefined);
          await sleep(800);
          server = await startRedis(port, aof);
        }
        await sleep(300);
      }
      const took = () => loops.flatMap((l) => l.took);
      await until('every item handled', () => created.every((n) => took().includes(n)), 20_000);
      await sleep(500);
      const twice = took().filter((n, i, all) => all.indexOf(n) !== i);
      for (const name of twice) expect(inHand).toContain(name);
      expect(new Set(took())).toEqual(new Set(created));
      // Every item may have been handled by one loop while the other still waits to reconnect: wait for both, bounded.
      await waitWhile(() => !loops.every((l) => l.events.includes('redis_up')), 10_000);
      for (const l of loops) {
        expect(l.events).toContain('redis_down');
        expect(l.events).toContain('redis_up');
      }
      // The stream and its group survived the restart: one stream of every item, each published once.
      const direct = new Redis({ host: '127.0.0.1', port });
      const [stream] = (await loops[0]!.f.stats()).streams;
      const info = (await direct.xinfo('STREAM', `snoopath:fleet:{restart:${stream!.id}}:items`)) as unknown[];
      expect(Number(info[info.indexOf('entries-added') + 1])).toBe(created.length);
      await direct.quit();
    } finally {
      await Promise.all(loops.map((l) => l.f.close()));
      await Promise.allSettled(loops.map((l) => l.done));
    }
  }, 40_000);
});
