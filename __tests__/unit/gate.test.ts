import { describe, expect, it } from '@jest/globals';
import { Gate } from '../../lib/limiter/gate.js';

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
    await Promise.all([0, 1, 2].map(() => gate.acquire().then(() => { starts.push(Date.now()); gate.release(); })));
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(55);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(55);
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
