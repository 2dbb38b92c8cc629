/** The app's budget steered by answers, with a clock of the test's own: no test here waits for a window. */
import { describe, expect, it } from '@jest/globals';
import { AppBudget } from '../../lib/limiter/budget.js';

const answer = (status: number, headers: Record<string, string> = {}) => new Response(status === 204 ? null : '{}', { status, headers });
const rate = (used: number, remaining: number, reset: number | string) => ({ 'x-ratelimit-used': String(used), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset) });

function clocked() {
  const clock = { now: 1_000_000 };
  const budget = new AppBudget(undefined, () => clock.now);
  /** Ms until the gate lets a send go, as things stand. */
  const closedFor = () => budget.gate.wait();
  return { clock, budget, closedFor };
}

describe('429 back-off (docs/rate-limits.md: 1, 2, 4 ... 60 s)', () => {
  it('grows with every 429 in a row that says nothing of how long, up to 60 s', () => {
    const { clock, budget, closedFor } = clocked();
    const pauses: number[] = [];
    for (let i = 0; i < 9; i++) {
      budget.observe(answer(429), 1);
      pauses.push(closedFor());
      clock.now += closedFor();
      expect(closedFor()).toBe(0);
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('starts again at 1 s after a successful answer', () => {
    const { clock, budget, closedFor } = clocked();
    for (let i = 0; i < 3; i++) {
      budget.observe(answer(429), 1);
      clock.now += closedFor();
    }
    budget.observe(answer(200, rate(1, 50, 300)), 1);
    budget.observe(answer(429), 1);
    expect(closedFor()).toBe(1000);
  });
});

describe('answers that cross a 429', () => {
  it('an answer to a send made before the 429 neither ends its pause nor makes the next 429 wait for the whole window', () => {
    const { clock, budget, closedFor } = clocked();
    budget.observe(answer(200, rate(1, 999_999, 570)), 1);
    budget.observe(answer(429, { 'retry-after': '1' }), 2);
    expect(closedFor()).toBe(1000);
    // A send made before the 429 answers now: the pause holds.
    clock.now += 100;
    budget.observe(answer(200, rate(2, 999_998, 570)), 1);
    expect(closedFor()).toBe(900);
    // A second 429 (another send already under way) pauses a second more, not until the window's end.
    budget.observe(answer(429, { 'retry-after': '1' }), 1);
    expect(closedFor()).toBe(1000);
  });
});

describe('every wait taken from a server is finite and at most 600 s (issue 21)', () => {
  it.each([
    ['Retry-After: 3000000', { 'retry-after': '3000000' }],
    ['X-Ratelimit-Reset: 1e308 on a 429', { ...rate(10, 0, '1e308') }],
  ])('%s pauses the budget 600 s', (_label, headers) => {
    const { budget, closedFor } = clocked();
    budget.observe(answer(429, headers), 1);
    expect(closedFor()).toBe(600_000);
  });

  it('X-Ratelimit-Reset: 1e308 with budget left: a finite spacing, and the window ends within 601 s', () => {
    const { budget } = clocked();
    budget.observe(answer(200, rate(1, 2, '1e308')), 1);
    const { minTime, reopenAt } = budget.gate.settings;
    expect(Number.isFinite(minTime)).toBe(true);
    expect(minTime).toBeLessThanOrEqual(600_000);
    expect(reopenAt! - 1_000_000).toBeLessThanOrEqual(601_000);
  });
});

describe('rate_limit_reached: once per spent window, with the state that closed it (issue 21)', () => {
  it('budget 3 per 1.5 s, 5 calls: the answer saying remaining 0 is the one reported, once', () => {
    const { clock, budget } = clocked();
    budget.observe(answer(200, rate(1, 2, 1)), 1);
    expect(budget.spent).toBeUndefined();
    // Two sends under way: the first answer keeps room for the other, which closes the budget for now...
    budget.observe(answer(200, rate(2, 1, 1)), 2);
    expect(budget.closed).toBeDefined();
    expect(budget.spent).toBeUndefined();
    // ...and the platform's own 0 is the spent window.
    budget.observe(answer(200, rate(3, 0, 1)), 1);
    expect(budget.spent).toEqual({ state: { used: 3, remaining: 0, reset: 1 }, window: budget.window });
    const spentWindow = budget.window;
    // The next window: a new count, and its answers report nothing until it is spent too.
    clock.now += 2000;
    budget.gate.wait();
    budget.observe(answer(200, rate(1, 2, 1)), 1);
    expect(budget.window).toBe(spentWindow + 1);
    expect(budget.spent!.window).toBe(spentWindow);
  });

  it('a window spent by another program: one report, and the 429 waits for the window, not its Retry-After of 2 s', () => {
    const { clock, budget, closedFor } = clocked();
    budget.observe(answer(429, { ...rate(30, 0, 11), 'retry-after': '2' }), 1);
    expect(closedFor()).toBe(12_000);
    const first = budget.spent;
    expect(first?.state).toEqual({ used: 30, remaining: 0, reset: 11 });
    // A second 429 of that window (a send already under way): the same window, not a second report.
    clock.now += 500;
    budget.observe(answer(429, { ...rate(30, 0, 10), 'retry-after': '2' }), 1);
    expect(budget.spent).toBe(first);
    expect(closedFor()).toBe(11_500);
  });

  it('a 429 without headers reports the pause as its reset, never 0', () => {
    const { budget } = clocked();
    budget.observe(answer(429), 1);
    expect(budget.spent!.state).toEqual({ used: 0, remaining: 0, reset: 1 });
    expect(budget.windowLeft()).toBe(1000);
  });
});

describe('bursts (issue 23): spend freely while the window allows, then spread what is left', () => {
  it('a fresh window of 1000: no spacing for hundreds of sends, a reserve of 100 for what is not low priority', () => {
    const { budget } = clocked();
    budget.observe(answer(200, rate(1, 999, 599)), 1);
    const s = budget.gate.settings;
    expect(s).toMatchObject({ reservoir: 999, reserve: 100, maxConcurrent: Infinity });
    expect(s.reservoir! - s.floor!).toBeGreaterThanOrEqual(400);
    expect(budget.gate.wait()).toBe(0);
  });

  it('a budget running low is spread evenly until the window ends', () => {
    const { clock, budget } = clocked();
    budget.observe(answer(200, rate(1, 999, 599)), 1);
    clock.now += 299_000;
    budget.observe(answer(200, rate(950, 50, 300)), 1);
    const s = budget.gate.settings;
    expect(s.reservoir).toBeLessThanOrEqual(s.floor!);
    expect(s.minTime).toBe(6000);
  });
});
