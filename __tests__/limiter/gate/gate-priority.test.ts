import { afterEach, describe, expect, it } from '@jest/globals';
import { gateWait, OPEN } from '../../../lib/limiter/gate/admission.js';
import { Gate, type Priority } from '../../../lib/limiter/gate/gate.js';

const tick = () => new Promise((r) => setTimeout(r, 0));
const refuse = (wait: number) => Object.assign(new Error('too long'), { wait });

describe('priorities: high before normal before low, first come first served within one', () => {
  it('a spent budget reopens to the high call first, then normal, then low in arrival order', async () => {
    let now = 0;
    const gate = new Gate({ reservoir: 0, reopenAt: 1000 }, () => now, () => ({ reservoir: null, maxConcurrent: 1 }));
    const order: string[] = [];
    const wait = (name: string, priority: Priority) => gate.acquire(undefined, undefined, { priority }).then(() => order.push(name));
    const all = [wait('low1', 'low'), wait('normal1', 'normal'), wait('low2', 'low'), wait('high', 'high'), wait('normal2', 'normal')];
    await tick();
    expect(order).toEqual([]);
    now = 1000;
    gate.update({});
    for (let i = 0; i < 5; i++) {
      await tick();
      gate.release();
    }
    await Promise.all(all);
    expect(order).toEqual(['high', 'normal1', 'normal2', 'low1', 'low2']);
  });

  it('low sends leave the reserve alone; normal and high ones take it at once', async () => {
    const now = 0;
    const gate = new Gate({ reservoir: 3, reserve: 2, reopenAt: 60_000 }, () => now);
    const started: string[] = [];
    const go = (name: string, priority: Priority) => void gate.acquire(undefined, undefined, { priority }).then(() => started.push(name));
    go('low1', 'low');
    go('low2', 'low');
    await tick();
    expect(started).toEqual(['low1']);
    go('normal', 'normal');
    go('high', 'high');
    await tick();
    expect(started).toEqual(['low1', 'normal', 'high']);
    expect(gate.settings.reservoir).toBe(0);
    expect(gate.queued).toBe(1);
    gate.update({ reservoir: null, reserve: 0, reopenAt: undefined });
    await tick();
    expect(started).toContain('low2');
  });

  it('a shared budget\'s `left` holds low sends at the reserve while the local reservoir is unlimited', () => {
    const s = { ...OPEN, left: 5, reserve: 5, reopenAt: 30_000 };
    expect(gateWait(s, { now: 10_000, last: 0, running: 0 }, 'low')).toBe(20_000);
    expect(gateWait(s, { now: 10_000, last: 0, running: 0 }, 'normal')).toBe(0);
  });
});

describe('bursts: no spacing above the floor, spacing at or below it', () => {
  it('starts at once while the reservoir is above the floor, then keeps minTime', () => {
    const s = { ...OPEN, reservoir: 10, floor: 7, minTime: 500 };
    const g = { now: 1000, last: 1000, running: 3 };
    expect(gateWait(s, g, 'normal')).toBe(0);
    // Behind 3 others: the 4th start takes the reservoir to the floor: one spacing, the next two more.
    expect(gateWait(s, g, 'normal', 3)).toBe(500);
    expect(gateWait(s, g, 'normal', 5)).toBe(1500);
    expect(gateWait({ ...s, reservoir: 7 }, g, 'normal')).toBe(500);
  });
});

describe('maxWait: a wait longer than the caller accepts rejects at once, with the wait', () => {
  it('rejects before queueing when the wait is known at once (no timer, within this turn)', async () => {
    const gate = new Gate({ reservoir: 0, reopenAt: 42_000 }, () => 0);
    const rejected = gate.acquire(undefined, undefined, { maxWait: 5000, refuse });
    const first = await Promise.race([rejected.then(() => 'started', (e: { wait: number }) => e.wait), tick().then(() => 'timer')]);
    expect(first).toBe(42_000);
    expect(gate.queued).toBe(0);
  });

  it('a queued send whose wait grows past its maxWait leaves the queue with the new wait', async () => {
    let now = 0;
    const gate = new Gate({ minTime: 100 }, () => now);
    await gate.acquire();
    const waiting = gate.acquire(undefined, undefined, { maxWait: 1000, refuse });
    await tick();
    expect(gate.queued).toBe(1);
    now = 10;
    gate.update({ reservoir: 0, reopenAt: 61_000 });
    await expect(waiting).rejects.toMatchObject({ wait: 60_990 });
    expect(gate.queued).toBe(0);
  });

  it('waits within maxWait are taken', async () => {
    let now = 0;
    const gate = new Gate({ reservoir: 0, reopenAt: 20 }, () => now, () => ({ reservoir: null }));
    const waiting = gate.acquire(undefined, undefined, { maxWait: 1000, refuse });
    now = 20;
    await expect(waiting).resolves.toBeUndefined();
  });
});

describe('timers', () => {
  const armed: number[] = [];
  const realSetTimeout = globalThis.setTimeout;
  afterEach(() => {
    globalThis.setTimeout = realSetTimeout;
  });

  it('no timer is armed past 2^31-1 ms, however far the reopening', async () => {
    globalThis.setTimeout = ((fn: () => void, ms?: number) => {
      armed.push(ms ?? 0);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout;
    const gate = new Gate({ reservoir: 0, reopenAt: 1e308 }, () => 0);
    const controller = new AbortController();
    const waiting = gate.acquire(controller.signal);
    await new Promise((r) => realSetTimeout(r, 20));
    controller.abort();
    await expect(waiting).rejects.toThrow();
    expect(armed.length).toBeGreaterThan(0);
    expect(Math.max(...armed)).toBeLessThanOrEqual(2 ** 31 - 1);
  });
});
