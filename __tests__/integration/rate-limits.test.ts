/** Pacing against the emulator's fixed, clock-aligned rate-limit windows. */
import { describe, expect, it } from '@jest/globals';
import type { RateLimitState } from '../../lib/index.js';
import { client, requestsTo, start, type LoggedRequest } from './setup.js';

const API = /^\/r\//;

/** API requests per emulator window (windows start at floor(at / window) * window). */
function perWindow(requests: LoggedRequest[], windowMs: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of requests) {
    const w = Math.floor(r.at / windowMs);
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
}

describe('rate limits', () => {
  it('60 calls fired at once against 20 per 2 s: no 429, all succeed, never over budget', async () => {
    const budget = 20;
    const windowMs = 2000;
    const emu = await start({ rateLimit: { budget, window: windowMs / 1000 } });
    const reddit = client(emu, 'script', { retryAttempts: 0 });
    const states: RateLimitState[] = [];
    const reached: RateLimitState[] = [];
    reddit.on('rate_limit', (s) => states.push(s));
    reddit.on('rate_limit_reached', (s) => reached.push(s));

    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => reddit('/r/$subreddit/new').get<{ kind: string }>({ $subreddit: 'aww', limit: 1, count: i })),
    );
    const elapsed = Date.now() - started;
    expect(results.every((r) => r.kind === 'Listing')).toBe(true);

    const api = requestsTo(emu, API);
    expect(api.filter((r) => r.status === 429)).toEqual([]);
    expect(api).toHaveLength(60);
    expect(api.every((r) => r.status === 200)).toBe(true);
    const counts = perWindow(api, windowMs);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(budget);
    // 60 requests need at least three windows, and the client should not waste many.
    expect(counts.size).toBeGreaterThanOrEqual(3);
    expect(elapsed).toBeLessThan(9000);

    // One event per answer, with the header values as numbers.
    expect(states).toHaveLength(60);
    for (const s of states) {
      expect(typeof s.used).toBe('number');
      expect(typeof s.remaining).toBe('number');
      expect(typeof s.reset).toBe('number');
      expect(s.used + s.remaining).toBe(budget);
      expect(s.reset).toBeGreaterThanOrEqual(0);
      expect(s.reset).toBeLessThanOrEqual(2);
    }
    expect(reached.length).toBeGreaterThan(0);
    // The client counts its own sends in flight: the budget is spent for it before the answers say 0.
    for (const s of reached) expect(s.remaining).toBeLessThan(budget);
  }, 15000);

  it('probes one request at a time until an answer tells the budget, then sends concurrently', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    // The first answer is 200 ms late: a client that does not wait for it would send the others at once.
    emu.fault({ path: '/r/aww/hot', delay: 200 });
    await Promise.all(Array.from({ length: 3 }, () => reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 })));
    const [first, ...rest] = requestsTo(emu, '/r/aww/hot');
    for (const r of rest) expect(r.at - first!.at).toBeGreaterThanOrEqual(190);

    // Once the budget is known (and large), sends overlap: all three arrive before the first (delayed) one is answered.
    // 1.5 s late, so the arrivals have room to spread on a loaded machine (150 ms against 200 had little).
    emu.fault({ path: '/r/aww/top', delay: 1500 });
    await Promise.all(Array.from({ length: 3 }, () => reddit('/r/$subreddit/top').get({ $subreddit: 'aww', limit: 1 })));
    const top = requestsTo(emu, '/r/aww/top');
    expect(top.at(-1)!.at - top[0]!.at).toBeLessThan(1000);
  });

  it('a 429 from the platform (another process shares the client id) is waited out, not a failure', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 0 });
    await reddit.auth();
    emu.fault({ path: '/r/aww/new', status: 429, headers: { 'retry-after': '1' } });
    const reached: RateLimitState[] = [];
    reddit.on('rate_limit_reached', (s) => reached.push(s));
    const started = Date.now();
    // Two calls: the second waits for the same reset instead of bursting into the refusal.
    const [a, b] = await Promise.all([
      reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 }),
      reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 2 }),
    ]);
    expect(a).toMatchObject({ kind: 'Listing' });
    expect(b).toMatchObject({ kind: 'Listing' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const sent = requestsTo(emu, '/r/aww/new');
    expect(sent.map((r) => r.status)).toEqual([429, 200, 200]);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(950);
    expect(reached).toHaveLength(1);
  });
});
