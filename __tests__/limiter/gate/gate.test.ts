import { describe, expect, it } from '@jest/globals';
import { Gate } from '../../../lib/limiter/gate/gate.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Gate admits in order within its settings', () => {
  it('admits at once, without a timer, when free', async () => {
    const gate = new Gate();
    let started = false;
    void gate.acquire().then(() => (started = true));
    await Promise.resolve();
    expect(started).toBe(true);
    expect(gate.running).toBe(1);
  });

  it('keeps minTime between starts', async () => {
    const gate = new Gate({ minTime: 60 });
    const starts: number[] = [];
    // Taken before the first start, so a late callback on a loaded machine cannot shrink the gaps measured.
    const before = Date.now();
    await Promise.all([0, 1, 2].map(() => gate.acquire().then(() => { starts.push(Date.now()); gate.release(); })));
    expect(starts[1]! - before).toBeGreaterThanOrEqual(60);
    expect(starts[2]! - before).toBeGreaterThanOrEqual(120);
  });

  it('caps concurrency and admits the next one on release, first in first out', async () => {
    const gate = new Gate({ maxConcurrent: 1 });
    const order: number[] = [];
    const a = gate.acquire().then(() => order.push(1));
    const b = gate.acquire().then(() => order.push(2));
    const c = gate.acquire().then(() => order.push(3));
    await a;
    await tick();
    expect(order).toEqual([1]);
    gate.release();
    await b;
    gate.release();
    await c;
    expect(order).toEqual([1, 2, 3]);
  });

  it('stops at an empty reservoir until an update refills it', async () => {
    const gate = new Gate({ reservoir: 1 });
    await gate.acquire();
    let second = false;
    void gate.acquire().then(() => (second = true));
    await tick();
    expect(second).toBe(false);
    gate.update({ reservoir: null });
    await tick();
    expect(second).toBe(true);
  });

  it('an aborted waiter leaves the queue at once, with its reason, and takes no budget', async () => {
    const gate = new Gate({ reservoir: 1, maxConcurrent: 1 });
    await gate.acquire();
    const controller = new AbortController();
    const aborted = gate.acquire(controller.signal);
    let third = false;
    void gate.acquire().then(() => (third = true));
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    expect(gate.queued).toBe(1);
    gate.release();
    gate.update({ reservoir: 1 });
    await tick();
    expect(third).toBe(true);
    expect(gate.settings.reservoir).toBe(0);
  });
});

describe('Gate lanes: one gate for the app, a gap per instance', () => {
  const lane = (gap: number) => ({ gap: () => gap, last: -Infinity });

  it('keeps each lane\'s gap without holding up the other lanes', async () => {
    const gate = new Gate();
    const slow = lane(80);
    const fast = lane(0);
    const starts: Array<[string, number]> = [];
    const t0 = Date.now();
    const go = (name: string, l: ReturnType<typeof lane>) => gate.acquire(undefined, l).then(() => {
      starts.push([name, Date.now() - t0]);
      gate.release();
    });
    await Promise.all([go('slow', slow), go('slow', slow), go('fast', fast), go('fast', fast)]);
    const slowStarts = starts.filter(([n]) => n === 'slow').map(([, t]) => t);
    const fastStarts = starts.filter(([n]) => n === 'fast').map(([, t]) => t);
    // From t0, taken before the first start: the first start's callback may run late on a loaded
    // machine, which would shrink a gap measured from it. The gate re-reads the clock: 80 exactly.
    expect(slowStarts[1]!).toBeGreaterThanOrEqual(80);
    // The fast lane went while the slow one waited for its gap.
    expect(Math.max(...fastStarts)).toBeLessThan(slowStarts[1]!);
  });

  it('tells a lane\'s waiter once how long it will wait', async () => {
    const told: number[] = [];
    const l = { gap: () => 0, last: -Infinity, waits: (ms: number) => (told.push(ms), true) };
    // The gate's own clock, so the wait told is exact whatever the machine's load.
    let now = 1000;
    const gate = new Gate({ reservoir: 0, reopenAt: 1100 }, () => now);
    const waiting = gate.acquire(undefined, l);
    expect(told).toEqual([100]);
    // Reopened when its timer fires and the clock says so; told nothing more on the way.
    now = 1100;
    await waiting;
    expect(told).toEqual([100]);
  });
});

describe('Gate reopening', () => {
  it('a closed gate reopens by itself at reopenAt, with the settings reopen() gives', async () => {
    // t0 before reopenAt is set: taken after, it could be late on a loaded machine and shrink the wait measured.
    const t0 = Date.now();
    const gate = new Gate({ reservoir: 0, reopenAt: t0 + 60 }, Date.now, () => ({ reservoir: null, maxConcurrent: 1 }));
    await gate.acquire();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(60);
    expect(gate.settings).toMatchObject({ reservoir: null, maxConcurrent: 1, reopenAt: undefined });
  });

  it('holds no timer while nobody waits, even closed for ten minutes; an aborted waiter takes its timer with it', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const gate = new Gate({ reservoir: 0, reopenAt: Date.now() + 600_000 });
    expect(timers()).toBe(before);
    const controller = new AbortController();
    const waiting = gate.acquire(controller.signal);
    expect(timers()).toBe(before + 1);
    controller.abort();
    await expect(waiting).rejects.toThrow();
    expect(timers()).toBe(before);
  });

  it('an idle closed gate reopens lazily: the first acquire after reopenAt starts at once', async () => {
    let now = 1000;
    const gate = new Gate({ reservoir: 0, reopenAt: 2000 }, () => now);
    expect(gate.wait()).toBe(1000);
    now = 2500;
    let started = false;
    void gate.acquire().then(() => (started = true));
    await Promise.resolve();
    expect(started).toBe(true);
  });
});
