import { describe, expect, it } from '@jest/globals';
import { chunks, retrying } from '../../lib/core/chunks.js';

describe('loading a lazy part', () => {
  it('a load that failed is tried again by the next caller, and a success is kept', async () => {
    let calls = 0;
    const load = retrying(async () => {
      calls++;
      if (calls === 1) throw new Error('refused once');
      return { loaded: calls };
    });
    await expect(load()).rejects.toThrow('refused once');
    await expect(load()).resolves.toEqual({ loaded: 2 });
    await expect(load()).resolves.toEqual({ loaded: 2 });
    expect(calls).toBe(2);
  });
});

describe('the lazy parts', () => {
  it('each loads once, and is the module it names', async () => {
    const call = await chunks.call();
    expect(typeof call.sendCall).toBe('function');
    expect(await chunks.call()).toBe(call);
    expect(typeof (await chunks.authFailures()).toAuthError).toBe('function');
    expect(typeof (await chunks.pacer()).Pacer).toBe('function');
  });
});
