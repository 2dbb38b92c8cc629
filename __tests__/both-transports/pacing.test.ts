import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { API, client, rateHeaders, tokenOk, mockNetwork, transport } from './helpers.js';

mockNetwork();

/**
 * Record when each API request arrives and how many are in flight at once. Each answer waits
 * `delayMs`; with `gather`, an answer is also let go as soon as `gather` requests are in flight at
 * once, so a test of concurrency counts requests, not how many happened to arrive within `delayMs`
 * on a loaded machine (a client that sends one at a time never gathers them and waits each out).
 */
function recorder(reply: (i: number) => [number, unknown, Record<string, string>?], delayMs = 20, gather = Infinity) {
  const starts: number[] = [];
  const held = new Set<() => void>();
  let inFlight = 0;
  let maxInFlight = 0;
  const scope = nock(API).get(/\/x/).query(true).reply(async function () {
    const i = starts.length;
    starts.push(Date.now());
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    await new Promise<void>((resolve) => {
      const go = () => (clearTimeout(timer), held.delete(go), resolve());
      const timer = setTimeout(go, delayMs);
      held.add(go);
      if (inFlight >= gather) for (const g of [...held]) g();
    });
    inFlight--;
    return reply(i) as [number, string];
  }).persist();
  return { starts, scope, max: () => maxInFlight };
}

describe('throttle', () => {
  it('keeps at least `throttle` ms between the starts of two requests', async () => {
    tokenOk();
    const rec = recorder(() => [200, {}]);
    // Starts are taken where a request starts, in the client: arrival times at the mock add more of
    // the machine's scheduling jitter (109 ms gaps seen under load). The margin below the throttle is
    // the same as before, for the few ms between the gate's admission and the send on a loaded machine.
    const starts: number[] = [];
    const send = transport();
    // Taken before the first start: a start seen late (the fetch callback runs after the gate's
    // admission, later still on a loaded machine) cannot make a gap look shorter than it was.
    const before = Date.now();
    const reddit = client({
      throttle: 120,
      fetch: (input, init) => {
        if (input instanceof Request && new URL(input.url).pathname === '/x') starts.push(Date.now());
        return send(input, init);
      },
    });
    await Promise.all(Array.from({ length: 5 }, () => reddit('/x').get()));
    expect(starts).toHaveLength(5);
    expect(rec.starts).toHaveLength(5);
    // The n-th start came at least n throttles after the first could: measured between starts seen
    // late, single gaps of 104 ms were seen under load. Without the throttle the fifth start comes
    // a few ms after the first, far below 480.
    starts.forEach((t, n) => expect(t - before).toBeGreaterThanOrEqual(120 * n));
  });

  it('throttle 0 sends concurrent calls at once after the probe', async () => {
    tokenOk();
    // Answers are held until 6 are in flight (or 500 ms): sent one at a time, none would be.
    const rec = recorder(() => [200, {}], 500, 6);
    const reddit = client({ throttle: 0 });
    await Promise.all(Array.from({ length: 10 }, () => reddit('/x').get()));
    expect(rec.max()).toBeGreaterThan(5);
  });
});

describe('probing until the budget is known', () => {
  it('sends one request at a time until a response tells the budget, then paces by it', async () => {
    tokenOk();
    const rec = recorder(() => [200, {}, rateHeaders(1000, 600)], 40);
    const reddit = client({ throttle: 0 });
    await Promise.all(Array.from({ length: 6 }, () => reddit('/x').get()));
    // The first request went alone: the second arrived only after the first answered.
    expect(rec.starts[1]! - rec.starts[0]!).toBeGreaterThanOrEqual(35);
  });

  it('a successful answer without rate-limit headers ends the probing', async () => {
    tokenOk();
    // Answers are held until 5 are in flight (or 500 ms): still probing, none would be.
    const rec = recorder(() => [200, {}], 500, 5);
    const reddit = client({ throttle: 0 });
    await reddit('/x').get();
    await Promise.all(Array.from({ length: 8 }, () => reddit('/x').get()));
    expect(rec.max()).toBeGreaterThan(4);
  });
});

describe('the rate-limit budget', () => {
  it('never spends more than the remaining budget before the reset, and emits the events', async () => {
    tokenOk();
    // Budget of 3 left, window ends in 1 s: the 4th and later must wait for the window to turn.
    let used = 0;
    const rec = recorder(() => {
      used++;
      return used <= 3 ? [200, {}, rateHeaders(3 - used, 1, used)] : [200, {}, rateHeaders(100, 60, used - 3)];
    }, 5);
    const reddit = client({ throttle: 0 });
    const events: string[] = [];
    let reachedAt = 0;
    reddit.on('rate_limit', (s) => events.push(`rl:${s.remaining}`));
    reddit.on('rate_limit_reached', () => {
      events.push('reached');
      reachedAt ||= Date.now();
    });
    await Promise.all(Array.from({ length: 5 }, () => reddit('/x').get()));
    expect(rec.starts).toHaveLength(5);
    // Three sends spend the budget; the rest wait until the window has turned (reset + 1 s).
    expect(rec.starts.filter((t) => t <= reachedAt)).toHaveLength(3);
    expect(rec.starts.slice(3).every((t) => t - reachedAt >= 1900)).toBe(true);
    expect(events).toContain('reached');
    expect(events[0]).toBe('rl:2');
  }, 10000);

  it('bursts while the window allows, then spreads what is left until the reset', async () => {
    tokenOk();
    // 10 of 10 for 3 s: after the probe, 9 left with a floor of 5 (a reserve of 1 and half an even
    // share): 4 sends go at once, the rest about 600 ms apart.
    const rec = recorder((i) => [200, {}, rateHeaders(Math.max(0, 9 - i), 3, i + 1)], 5);
    const reddit = client({ throttle: 0 });
    await reddit('/x').get();
    await Promise.all(Array.from({ length: 6 }, () => reddit('/x').get()));
    const gaps = rec.starts.slice(2).map((t, i) => t - rec.starts[i + 1]!);
    // The burst against the ~600 ms spread: 300 tells them apart with room for a loaded machine.
    expect(Math.max(...gaps.slice(0, 3))).toBeLessThan(300);
    expect(Math.min(...gaps.slice(4))).toBeGreaterThanOrEqual(300);
    expect(Math.max(...gaps.slice(4))).toBeLessThan(1500);
  });

  it('after a 429 every request of the instance waits for the reset (no burst of retries)', async () => {
    tokenOk();
    let n = 0;
    const rec = recorder(() => (++n === 1 ? [429, '', { ...rateHeaders(0, 1), 'retry-after': '1' }] : [200, {}, rateHeaders(50, 60)]), 5);
    const reddit = client({ throttle: 0 });
    const started = Date.now();
    await Promise.all([reddit('/x').get(), reddit('/x').get()]);
    expect(rec.starts.slice(1).every((t) => t - started >= 950)).toBe(true);
  });
});

describe('the default throttle', () => {
  it('keeps 1 s between starts until the budget is known, then leaves pacing to the budget', async () => {
    tokenOk();
    // No headers on the first answer (probe ends, budget unknown), headers from the second on.
    let n = 0;
    const rec = recorder(() => (++n === 1 ? [200, {}] : [200, {}, rateHeaders(100, 2)]), 5);
    const reddit = client({ throttle: undefined });
    // The token request has a lane of its own: the first /x starts unthrottled, after `before`.
    const before = Date.now();
    await reddit('/x').get();
    await reddit('/x').get();
    await Promise.all([1, 2, 3].map(() => reddit('/x').get()));
    const gaps = rec.starts.slice(1).map((t, i) => t - rec.starts[i]!);
    // Budget unknown: the second start waits the default second (from before the first start: the
    // first arrival, seen late on a loaded machine, would shrink the gap).
    expect(rec.starts[1]! - before).toBeGreaterThanOrEqual(1000);
    // Known (100 left for 2 s): about 20 ms apart, far below the old fixed second.
    expect(Math.max(...gaps.slice(2))).toBeLessThan(600);
  });
});

describe('out-of-order answers', () => {
  it('an older answer (fewer used in the same window) does not reopen a spent budget', async () => {
    tokenOk();
    // Probe: 3 left for 3 s (a send a second). A is slow and will report "2 left"; B, sent a second
    // later, answers at once with "0 left". A's late answer must not reopen the budget for C.
    const answers = [
      { delay: 0, headers: rateHeaders(3, 3, 1) },
      { delay: 1500, headers: rateHeaders(2, 3, 2) },
      { delay: 0, headers: rateHeaders(0, 3, 3) },
    ];
    let i = 0;
    const starts: number[] = [];
    nock(API).get('/x').query(true).times(4).reply(async () => {
      const a = answers[i++] ?? { delay: 0, headers: rateHeaders(50, 60, 1) };
      starts.push(Date.now());
      await new Promise((r) => setTimeout(r, a.delay));
      return [200, {}, a.headers] as [number, object, Record<string, string>];
    });
    const reddit = client({ throttle: 0 });
    await reddit('/x').get();
    const t0 = Date.now();
    await Promise.all([reddit('/x').get(), reddit('/x').get(), reddit('/x').get()]);
    // C waits for the window to turn: B's answer (~1 s) + reset 3 s + 1 s.
    expect(starts[3]! - t0).toBeGreaterThanOrEqual(4600);
  }, 15000);
});
