// The one sleep (lib/wait/sleep.ts) and the bounded wait (lib/wait/within.ts).
import { describe, expect, it, jest } from '@jest/globals';
import { MAX_TIMER_MS, sleep } from '../../lib/wait/sleep.js';
import { within } from '../../lib/wait/within.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Whether `p` has settled after `ms`. */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  p.then(() => (settled = true), () => (settled = true));
  await tick(ms);
  return settled;
}

describe('sleep(ms, signal)', () => {
  it('resolves after ms; rejects at once with the reason when the signal aborts', async () => {
    await expect(settledWithin(sleep(5), 40)).resolves.toBe(true);
    const stop = new AbortController();
    const waiting = sleep(60_000, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    await expect(sleep(1, AbortSignal.abort(new Error('before')))).rejects.toThrow('before');
  });

  it('a wait longer than a timer holds is not cut short (a plain setTimeout would fire at once)', async () => {
    const stop = new AbortController();
    const long = sleep(3e9, stop.signal);
    expect(await settledWithin(long, 50)).toBe(false);
    stop.abort(new Error('enough'));
    await expect(long).rejects.toThrow('enough');
    expect(MAX_TIMER_MS).toBe(2147483647);
  });
});

describe('within(work, ms, timedOut, signal)', () => {
  const late = () => new Error('too late');
  it('the work\'s value or error when it settles in time', async () => {
    await expect(within(Promise.resolve(7), 1000, late)).resolves.toBe(7);
    await expect(within(Promise.reject(new Error('no')), 1000, late)).rejects.toThrow('no');
  });

  it('timedOut() when the work hangs; the signal\'s reason when it aborts first', async () => {
    const never = new Promise<never>(() => {});
    await expect(within(never, 10, late)).rejects.toThrow('too late');
    const stop = new AbortController();
    const waiting = within(never, 60_000, late, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    await expect(within(never, 60_000, late, AbortSignal.abort(new Error('before')))).rejects.toThrow('before');
  });
});

describe('waits leave nothing behind', () => {
  it('within(): a hung work that timed out or was aborted leaves no timer armed', async () => {
    const never = new Promise<never>(() => {});
    // Every timer within() arms must be cleared: count the ones armed and cleared during the waits.
    const armed = new Set<unknown>();
    const set = jest.spyOn(globalThis, 'setTimeout');
    const clear = jest.spyOn(globalThis, 'clearTimeout');
    try {
      const stop = new AbortController();
      const waiting = within(never, 60_000, () => new Error('late'), stop.signal);
      stop.abort(new Error('stopped'));
      await expect(waiting).rejects.toThrow('stopped');
      await expect(within(never, 5, () => new Error('late'))).rejects.toThrow('late');
      for (const result of set.mock.results) armed.add(result.value);
      for (const [timer] of clear.mock.calls) armed.delete(timer);
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
    expect(armed.size).toBe(0);
  });
});
