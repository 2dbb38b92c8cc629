/**
 * Issue 23 against the emulator: priorities (a high call goes first when the window turns), "defer,
 * don't sleep" (maxWait), and bursts (a fresh window is spent freely, a small one never brings a 429).
 */
import { describe, expect, it } from '@jest/globals';
import { RateLimitError } from '../../../lib/index.js';
import { budgetFor } from '../../../lib/limiter/registry.js';
import { client, requestsTo, sleep, start, toNextWindow, windowStartClock, type LooseClient } from '../setup.js';
import { waitWhile } from '../../support/wait.js';

const API = /^\/r\//;


const get = (r: LooseClient, sub: string, options?: Record<string, unknown>, count = 0) => r('/r/$subreddit/new').get({ $subreddit: sub, limit: 1, count }, options);

describe('priorities', () => {
  it('20 low polls queued on a spent budget and one high call: the high call is the first send of the next window', async () => {
    const windowMs = 3000;
    const emu = await start({ rateLimit: { budget: 3, window: windowMs / 1000 } });
    const reddit = client(emu);
    await reddit.auth();
    toNextWindow(windowMs);
    await Promise.all([0, 1, 2].map((i) => get(reddit, 'aww', undefined, i)));
    const stop = new AbortController();
    const low = Array.from({ length: 20 }, (_, i) => get(reddit, 'aww', { priority: 'low', signal: stop.signal }, 10 + i).catch((e: unknown) => e));
    // Until the 20 wait at the gate (a loaded machine may be late; read in the registry), bounded.
    const gate = budgetFor(undefined, emu.url, emu.apps.script.key).gate;
    await waitWhile(() => gate.queued < 20);
    expect(gate.queued).toBe(20);
    await get(reddit, 'programming', { priority: 'high' });
    const next = requestsTo(emu, API).filter((r) => r.status === 200).slice(3);
    expect(next[0]!.path).toBe('/r/programming/new');
    stop.abort();
    await Promise.all(low);
    expect(requestsTo(emu, API).filter((r) => r.status === 429)).toEqual([]);
  }, 20000);
});

describe('maxWait: defer, do not sleep', () => {
  it('a call that would wait for the next window rejects at once, unsent, with retryAfter within a second of the true wait', async () => {
    const windowMs = 10_000;
    const emu = await start({ rateLimit: { budget: 2, window: windowMs / 1000 } });
    const reddit = client(emu);
    const other = client(emu, 'script', { limiter: 'instance' });
    await Promise.all([reddit.auth(), other.auth()]);
    toNextWindow(windowMs);
    // Another program spends half the window; this instance's call spends the rest and learns it is spent.
    await fetch(`${emu.url}/r/aww/new?limit=1`, { headers: { authorization: `bearer ${other.getAccessToken()}` } }).then((r) => r.text());
    await get(reddit, 'aww', { priority: 'normal' });
    const call = get(reddit, 'programming', { maxWait: 1000 }).catch((e: unknown) => e);
    // At once: rejected before a timer set when the call was made (an order, not a duration).
    expect(await Promise.race([call.then(() => 'call'), sleep(0).then(() => 'timer')])).toBe('call');
    const error = (await call) as RateLimitError;
    const trueWait = windowMs - (Date.now() % windowMs);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ name: 'RateLimitError', reason: 'budget', attempts: 0 });
    expect(Math.abs(error.retryAfter - trueWait)).toBeLessThanOrEqual(1000);
    expect(requestsTo(emu, '/r/programming/new')).toEqual([]);
  }, 30000);
});

describe('bursts', () => {
  it('150 sequential calls in a fresh window of 1000 go out unspaced (they took 90 s, 0.6 s apart)', async () => {
    const emu = await start({ rateLimit: { budget: 1000, window: 600 }, now: windowStartClock(600_000) });
    const reddit = client(emu);
    const waits: unknown[] = [];
    reddit.on('wait', (w) => waits.push(w));
    await reddit.auth();
    const started = Date.now();
    for (let i = 0; i < 150; i++) await get(reddit, 'aww', undefined, i);
    // Room for a loaded machine; spaced even 0.15 s apart, they would take 22 s (0.6 s apart: 90 s).
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(waits).toEqual([]);
    expect(requestsTo(emu, API).filter((r) => r.status === 429)).toEqual([]);
  }, 30000);

  it('8 callers on a budget of 50 per 15 s, through a window and into the next: every call succeeds, 0 x 429', async () => {
    const windowMs = 15_000;
    const emu = await start({ rateLimit: { budget: 50, window: windowMs / 1000 } });
    const reddit = client(emu);
    await reddit.auth();
    const from = toNextWindow(windowMs);
    const end = from + windowMs + 2000;
    const failures: unknown[] = [];
    let resolved = 0;
    await Promise.all(Array.from({ length: 8 }, async (_, c) => {
      for (let i = 0; Date.now() < end; i++) {
        await get(reddit, 'aww', undefined, c * 1000 + i).then(() => resolved++, (e: unknown) => failures.push(e));
      }
    }));
    const api = requestsTo(emu, API).filter((r) => r.at >= from);
    expect(failures).toEqual([]);
    expect(api.filter((r) => r.status === 429)).toEqual([]);
    // The first window's budget is used, not left idle by the pacing.
    expect(api.filter((r) => r.status === 200 && r.at < from + windowMs).length).toBeGreaterThanOrEqual(45);
    expect(resolved).toBeGreaterThan(50);
  }, 40000);
});
