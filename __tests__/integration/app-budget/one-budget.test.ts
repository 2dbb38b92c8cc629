/**
 * One budget per app: every instance of one client id in the process sends through the same pacer,
 * against the emulator, whose budget is per client id (not per token) as on the platform.
 */
import { describe, expect, it } from '@jest/globals';
import type { RateLimitState, SnoopathEvents } from '../../../lib/index.js';
import { client, requestsTo, sleep, start, toNextWindow, type Emulator, type LooseClient } from '../setup.js';

const API = /^\/r\//;
const accounts = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `account${i}`, password: `password${i}` }));
const instanceOf = (emu: Emulator, i: number, extra: Record<string, unknown> = {}) => client(emu, 'script', { oauth: { username: `account${i}`, password: `password${i}` }, ...extra });

/** Wait for the start of the emulator's next window (windows are aligned to the clock). */
async function nextWindow(windowMs: number): Promise<number> {
  await sleep(windowMs - (Date.now() % windowMs));
  return Date.now();
}

/** `callers` loops per instance, each calling until `end`. */
function load(instances: LooseClient[], callers: number, end: number) {
  let resolved = 0;
  const failures: string[] = [];
  const lanes = instances.flatMap((reddit, i) =>
    Array.from({ length: callers }, async (_, c) => {
      while (Date.now() < end) {
        try {
          await reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i * 100 + c });
          resolved++;
        } catch (error) {
          failures.push(String(error));
        }
      }
    }),
  );
  return Promise.all(lanes).then(() => ({ resolved, failures }));
}

describe('one budget per app in the process (limiter: "app", the default)', () => {
  it('10 instances (10 accounts) x 8 callers against 30 per 3 s for 12 s: no 429, at least 90 % of the budget used', async () => {
    const budget = 30;
    const windowMs = 3000;
    const emu = await start({ rateLimit: { budget, window: windowMs / 1000 }, accounts: accounts(10) });
    const instances = Array.from({ length: 10 }, (_, i) => instanceOf(emu, i));
    const waits: Array<SnoopathEvents['wait']> = [];
    for (const r of instances) r.on('wait', (w) => waits.push(w));
    await Promise.all(instances.map((r) => r.auth()));
    const from = toNextWindow(windowMs);
    const end = from + 4 * windowMs;
    const { resolved, failures } = await load(instances, 8, end);
    expect(resolved).toBeGreaterThan(0);
    const api = requestsTo(emu, API).filter((r) => r.at >= from && r.at < end);
    const accepted = api.filter((r) => r.status === 200).length;
    const refused = api.filter((r) => r.status === 429).length;
    const perWindow = [0, 1, 2, 3].map((w) => api.filter((r) => r.status === 200 && Math.floor((r.at - from) / windowMs) === w).length);
    const users = new Set(api.map((r) => r.user));
    const share = accepted / (budget * 4);
    expect(failures).toEqual([]);
    for (const n of perWindow) expect(n).toBeLessThanOrEqual(budget);
    expect(users.size).toBe(10);
    expect(refused).toBe(0);
    expect(share).toBeGreaterThanOrEqual(0.9);
    // Callers queued when a window's budget runs out are told how long they will wait.
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) expect(w).toEqual({ reason: 'budget', ms: expect.any(Number) });
    for (const w of waits) expect(w.ms).toBeLessThanOrEqual(windowMs + 1000);
  }, 40000);

  it('limiter: "instance" is the old behaviour: each instance spends the budget as if alone', async () => {
    const budget = 10;
    const emu = await start({ rateLimit: { budget, window: 2 }, accounts: accounts(3) });
    const instances = Array.from({ length: 3 }, (_, i) => instanceOf(emu, i, { limiter: 'instance', retryAttempts: 0 }));
    await Promise.all(instances.map((r) => r.auth()));
    toNextWindow(2000);
    await Promise.all(instances.flatMap((r) => Array.from({ length: 8 }, (_, c) => r('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: c }))));
    const refused = requestsTo(emu, API).filter((r) => r.status === 429).length;
    expect(refused).toBeGreaterThan(0);
  }, 20000);

  it('instances of different apps, or of one app on different origins, do not share', async () => {
    const budget = 4;
    const windowMs = 2000;
    const options = { rateLimit: { budget, window: windowMs / 1000 }, apps: [{ type: 'script' as const, id: 'other-app-id', secret: 'other-secret' }] };
    const emu = await start(options);
    const elsewhere = await start(options);
    const a = client(emu, 'script');
    const sameApp = client(emu, 'script');
    const otherApp = client(emu, 'script', { oauth: { key: 'other-app-id', secret: 'other-secret' } });
    const otherOrigin = client(elsewhere, 'script');
    await Promise.all([a, sameApp, otherApp, otherOrigin].map((r) => r.auth()));
    const windowOf = async (pair: LooseClient[]) => {
      const from = await nextWindow(windowMs);
      const started = Date.now();
      await Promise.all(pair.flatMap((r) => Array.from({ length: budget }, (_, i) => r('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i }))));
      return { windows: Math.floor((Date.now() - from) / windowMs) + 1, ms: Date.now() - started };
    };
    // Two budgets: both spend theirs in the first window. One budget: the second half waits for the next.
    const apart = await windowOf([a, otherApp]);
    const origins = await windowOf([a, otherOrigin]);
    const together = await windowOf([a, sameApp]);
    const refused = [...requestsTo(emu, API), ...requestsTo(elsewhere, API)].filter((r) => r.status === 429).length;
    expect(apart.windows).toBe(1);
    expect(origins.windows).toBe(1);
    expect(together.windows).toBe(2);
    expect(refused).toBe(0);
  }, 30000);
});

describe('events', () => {
  it('rate_limit_reached once per window, however many answers and 429s meet the spent budget', async () => {
    const budget = 5;
    const windowMs = 2000;
    const emu = await start({ rateLimit: { budget, window: windowMs / 1000 } });
    const reddit = client(emu);
    // Another program with the same client id, which this process cannot see: it brings 429s.
    const rogue = client(emu, 'script', { limiter: 'instance' });
    const reached: Array<RateLimitState & { at: number }> = [];
    const waits: Array<SnoopathEvents['wait']> = [];
    reddit.on('rate_limit_reached', (s) => reached.push({ ...s, at: Date.now() }));
    reddit.on('wait', (w) => waits.push(w));
    await Promise.all([reddit.auth(), rogue.auth()]);
    const from = toNextWindow(windowMs);
    const call = (r: LooseClient, i: number) => r('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i });
    await call(reddit, 0);
    const token = rogue.getAccessToken();
    await Promise.all(Array.from({ length: budget - 1 }, () => fetch(`${emu.url}/r/aww/new?limit=1`, { headers: { authorization: `bearer ${token}` } }).then((r) => r.text())));
    await Promise.all(Array.from({ length: 2 * budget }, (_, i) => call(reddit, i)));
    const api = requestsTo(emu, API).filter((r) => r.user && r.at >= from);
    const windowOf = (at: number) => Math.floor((at - from) / windowMs);
    const perWindow = new Map<number, number>();
    for (const r of reached) perWindow.set(windowOf(r.at), (perWindow.get(windowOf(r.at)) ?? 0) + 1);
    const refused = api.filter((r) => r.status === 429).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(reached.length).toBeGreaterThanOrEqual(2);
    for (const n of perWindow.values()) expect(n).toBe(1);
    // The 429 pauses every waiting send until the window's end (its Retry-After).
    expect(waits.map((w) => w.reason)).toContain('rate_limit');
    for (const w of waits) {
      expect(w.ms).toBeGreaterThan(1000);
      expect(w.ms).toBeLessThanOrEqual(windowMs + 1100);
    }
  }, 20000);
});
