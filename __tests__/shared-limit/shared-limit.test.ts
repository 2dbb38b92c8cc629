/**
 * One budget for several processes with the same client id (`snoopath/shared-limit`), against the
 * emulator and a real redis-server. Each comparison runs the same load twice: without the shared
 * limiter the instances overspend (429s), with it they never attempt more than the budget.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ConfigError } from '../../lib/index.js';
import { sharedLimit, type SharedLimit } from '../../lib/shared-limit.js';
import { budgetFor } from '../../lib/limiter/registry.js';
import { client, requestsTo, sleep, start, type Emulator, type LooseClient, type LoggedRequest } from '../integration/setup.js';
import { root, transpiledLib } from '../support/transpiled-lib.js';
import { keepStderr } from '../support/child-stderr.js';
import { hasRedisServer, quitClient, startRedis, type RedisServer } from './redis.js';
import { waitWhile } from '../support/wait.js';

const BUDGET = 20;
const WINDOW_S = 2;
const API = /^\/r\//;

/** API attempts (429s included) per emulator window, and how many were refused. */
function spending(emu: Emulator): { maxPerWindow: number; refused: number; attempts: number } {
  const api: LoggedRequest[] = requestsTo(emu, API);
  const counts = new Map<number, number>();
  for (const r of api) {
    const w = Math.floor(r.at / (WINDOW_S * 1000));
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return { maxPerWindow: Math.max(0, ...counts.values()), refused: api.filter((r) => r.status === 429).length, attempts: api.length };
}

/**
 * Wait for the second half of an emulator window: the first answers then say `reset: 0`, and an
 * instance alone spends what is left at once, so the overspending of unshared instances shows every time.
 */
async function lateInWindow(): Promise<void> {
  const phase = Date.now() % (WINDOW_S * 1000);
  if (phase < 1100 || phase > 1500) await sleep((1100 - phase + WINDOW_S * 1000) % (WINDOW_S * 1000));
}

const fire = (reddit: LooseClient, calls: number) =>
  Array.from({ length: calls }, (_, i) => reddit('/r/$subreddit/new').get<{ kind: string }>({ $subreddit: 'aww', limit: 1, count: i }));

describe('limiter option', () => {
  it('refuses anything but a shared limiter, saying how to make one', () => {
    const emuLike = { url: 'http://127.0.0.1:1', apps: { script: { key: 'k', secret: 's', username: 'u', password: 'p' } } } as unknown as Emulator;
    let error: unknown;
    try {
      client(emuLike, 'script', { limiter: {} as never });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).option).toBe('limiter');
    expect((error as Error).message).toMatch(/sharedLimit\(\{ redis \}\).*snoopath\/shared-limit/);
  });

  it('sharedLimit() checks its own options', () => {
    expect(() => sharedLimit({} as never)).toThrow(/needs an ioredis client/);
    expect(() => sharedLimit({ redis: { port: 1 }, id: '' })).toThrow(ConfigError);
  });
});

(hasRedisServer ? describe : describe.skip)('shared budget through Redis', () => {
  let server: RedisServer;
  let redis: Redis;
  const limiters: SharedLimit[] = [];
  /** What the shared limiters reported (Redis stays up here: nothing is expected). */
  const errors: Error[] = [];
  const limit = () => {
    const l = sharedLimit({ redis, onError: (e) => void errors.push(new Error(`limiter: ${e.message}`)) });
    limiters.push(l);
    return l;
  };

  beforeAll(async () => {
    server = await startRedis();
    redis = new Redis({ host: '127.0.0.1', port: server.port, lazyConnect: true });
    redis.on('error', (e) => void errors.push(new Error(`client: ${e.message}`)));
    await redis.connect();
  });
  beforeEach(async () => {
    await Promise.all(limiters.splice(0).map((l) => l.close()));
    // Every test starts from an empty store: the default id (snoopath:script-app-id) is the same in all.
    await redis.flushall();
  });
  afterAll(async () => {
    // Each step runs whatever the one before did: no client or redis-server is left behind.
    await Promise.allSettled(limiters.splice(0).map((l) => l.close()));
    await quitClient(redis);
    await server?.stop();
    expect(errors.map(String)).toEqual([]);
  });

  it('two instances with one client id: 429s without the shared limiter, none and never over budget with it', async () => {
    const calls = 20;
    const runs: Record<string, ReturnType<typeof spending> & { ms: number }> = {};
    for (const shared of [false, true]) {
      const emu = await start({ rateLimit: { budget: BUDGET, window: WINDOW_S } });
      // Each instance stands for a process: its own pacer; only Redis connects them.
      const [a, b] = [0, 1].map(() => client(emu, 'script', { limiter: shared ? limit() : 'instance' }));
      await Promise.all([a!.auth(), b!.auth()]);
      await lateInWindow();
      const started = Date.now();
      const results = await Promise.all([...fire(a!, calls), ...fire(b!, calls)]);
      expect(results.every((r) => r.kind === 'Listing')).toBe(true);
      runs[shared ? 'shared' : 'alone'] = { ...spending(emu), ms: Date.now() - started };
    }
    // Without it, each instance spends the budget as if it were alone.
    expect(runs.alone!.refused > 0 || runs.alone!.maxPerWindow > BUDGET).toBe(true);
    expect(runs.shared!.refused).toBe(0);
    expect(runs.shared!.attempts).toBe(2 * calls);
    expect(runs.shared!.maxPerWindow).toBeLessThanOrEqual(BUDGET);
    // The run without the shared limiter waits out its 429s: on a loaded machine both runs took 27 s.
  }, 60000);

  it('an aborted call waiting in the shared limiter rejects at once and is never sent', async () => {
    const emu = await start({ rateLimit: { budget: BUDGET, window: WINDOW_S } });
    const limiter = limit();
    const [a, b] = [0, 1].map(() => client(emu, 'script', { limiter }));
    await Promise.all([a!.auth(), b!.auth()]);
    // Until an answer tells the budget, the shared limiter lets one send through at a time: a's probe holds it.
    emu.fault({ path: '/r/aww/hot', delay: 300 });
    const probe = a!('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 });
    // Until the probe is sent (a loaded machine may be late), bounded.
    await waitWhile(() => requestsTo(emu, '/r/aww/hot').length === 0);
    const controller = new AbortController();
    const waiting = b!('/r/$subreddit/new').get({ $subreddit: 'programming', limit: 1 }, { signal: controller.signal });
    // Until b's call waits at the budget's gate (no outward sign of it: read in the registry), bounded.
    const gate = budgetFor(limiter, emu.url, emu.apps.script.key).gate;
    await waitWhile(() => gate.queued === 0);
    expect(gate.queued).toBe(1);
    controller.abort();
    const settled = waiting.then(() => undefined, (e: unknown) => e);
    // At once: the rejection comes before a timer set right after the abort (an order, not a duration).
    expect(await Promise.race([settled.then(() => 'call'), sleep(0).then(() => 'timer')])).toBe('call');
    const error = await settled;
    expect((error as Error).name).toBe('AbortError');
    await probe;
    await sleep(100);
    expect(requestsTo(emu, '/r/programming/new')).toEqual([]);
    // The skipped job gave its place back: b still sends, and nothing is left counted as running.
    await b!('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 });
    expect(requestsTo(emu, '/r/aww/new')).toHaveLength(1);
    expect(await redis.hget('b_snoopath:script-app-id_settings', 'running')).toBe('0');
  });

  describe('with a second process', () => {
    let lib: string;
    beforeAll(() => {
      // The child runs lib/ transpiled (types stripped) into node_modules/.cache, so bare imports resolve.
      lib = transpiledLib('snoopath-shared-limit-test');
    });

    /** Start the child; resolves once it is authenticated. `go()` fires its calls; `result` is its outcome. */
    async function child(emu: Emulator, calls: number, shared: boolean) {
      const args = JSON.stringify({ lib, url: emu.url, port: server.port, calls, shared, app: emu.apps.script });
      const proc = spawn(process.execPath, [join(root, '__tests__', 'shared-limit', 'child.mjs'), args], { stdio: ['pipe', 'pipe', 'pipe'] });
      const stderr = keepStderr(proc);
      let output = '';
      let doneAt = 0;
      const exit = new Promise<{ code: number | null; afterDone: number }>((resolve) => proc.once('exit', (code) => resolve({ code, afterDone: Date.now() - doneAt }))).then((outcome) => {
        // Only the library's own lines (the waits and retries the test provokes), never a crash.
        expect(stderr.foreign()).toEqual([]);
        return outcome;
      });
      const seen = (text: string) =>
        new Promise<void>((resolve, reject) => {
          const check = () => {
            if (output.includes(text)) {
              proc.stdout!.off('data', check);
              resolve();
            }
          };
          proc.stdout!.on('data', check);
          proc.once('exit', () => reject(new Error(`child exited before "${text}":\n${output}`)));
          check();
        });
      proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (!doneAt && output.includes('done')) doneAt = Date.now();
      });
      await seen('ready');
      return {
        go: () => proc.stdin!.end('go\n'),
        result: seen('done').then(() => JSON.parse(output.split('\n').find((l) => l.startsWith('{'))!) as { ok: number; failed: string[] }),
        exit,
        kill: () => proc.kill('SIGKILL'),
      };
    }

    it('this process and a child share the budget (and the child exits by itself after close())', async () => {
      const calls = 20;
      // The control: the same load from two instances that pace alone (no child, so no process start-up in it).
      const control = await start({ rateLimit: { budget: BUDGET, window: WINDOW_S } });
      const pair = [0, 1].map(() => client(control, 'script', { limiter: 'instance' }));
      await Promise.all(pair.map((r) => r.auth()));
      await lateInWindow();
      await Promise.all(pair.flatMap((r) => fire(r, calls)));
      const alone = spending(control);
      // Shared: this process and a child, which is ready (authenticated) before the load starts.
      const emu = await start({ rateLimit: { budget: BUDGET, window: WINDOW_S } });
      const reddit = client(emu, 'script', { limiter: limit() });
      await reddit.auth();
      const other = await child(emu, calls, true);
      try {
        await lateInWindow();
        other.go();
        const [mine, theirs] = await Promise.all([Promise.all(fire(reddit, calls)), other.result]);
        expect(mine).toHaveLength(calls);
        expect(theirs).toEqual({ ok: calls, failed: [] });
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<{ code: number; afterDone: number }>((resolve) => (timer = setTimeout(() => resolve({ code: -1, afterDone: Infinity }), 3000)));
        const { code, afterDone } = await Promise.race([other.exit, late]);
        clearTimeout(timer);
        expect(code).toBe(0);
        expect(afterDone).toBeLessThan(3000);
      } finally {
        other.kill();
      }
      const shared = spending(emu);
      expect(alone.refused > 0 || alone.maxPerWindow > BUDGET).toBe(true);
      // Across processes a window's edge is only known to the whole second (the reset header), which
      // is half of this test's 2 s window: under a loaded machine one send can land on the wrong side
      // of it (seen once in about ten full-suite runs). The platform's 600 s window makes that edge
      // negligible; the test still requires the shared run to be an order of magnitude better.
      expect(shared.refused).toBeLessThanOrEqual(1);
      expect(alone.refused).toBeGreaterThanOrEqual(5 * Math.max(1, shared.refused));
      expect(shared.maxPerWindow).toBeLessThanOrEqual(BUDGET + shared.refused);
    }, 60000);
  });
});
