/**
 * Sends the app's API budget does not count (token, revoke, upload requests), on the test's clock:
 * their own gate, paused by their own 429s only.
 */
import { describe, expect, it } from '@jest/globals';
import { OutsideBudget } from '../../lib/limiter/outside.js';

const answer = (status: number, headers: Record<string, string> = {}) => new Response(status === 204 ? null : '{}', { status, headers });

function clocked() {
  const clock = { now: 2_000_000 };
  const outside = new OutsideBudget(() => clock.now);
  return { clock, outside, waitFor: () => outside.gate.wait() };
}

describe('OutsideBudget', () => {
  it('holds nothing while no 429 has come: no budget, no concurrency cap', () => {
    const { outside, waitFor } = clocked();
    for (let i = 0; i < 50; i++) void outside.gate.acquire();
    expect(outside.gate.running).toBe(50);
    expect(waitFor()).toBe(0);
    outside.observe(answer(200, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '500' }));
    expect(waitFor()).toBe(0);
    expect(outside.paused).toBe(false);
  });

  it.each([
    ['Retry-After: 7', { 'retry-after': '7' }, 7000],
    ['no Retry-After: the back-off', {}, 1000],
    ['Retry-After past 600 s: 600 s', { 'retry-after': '100000' }, 600_000],
  ])('a 429 (%s) pauses these sends for as long as it asks, then they go again', (_, headers, ms) => {
    const { clock, outside, waitFor } = clocked();
    outside.observe(answer(429, headers));
    expect(outside.paused).toBe(true);
    expect(waitFor()).toBe(ms);
    clock.now += ms;
    expect(waitFor()).toBe(0);
    expect(outside.paused).toBe(false);
  });

  it('429s in a row without Retry-After wait 1, 2, 4 s; a success starts the back-off again', () => {
    const { clock, outside, waitFor } = clocked();
    const pauses: number[] = [];
    for (let i = 0; i < 3; i++) {
      outside.observe(answer(429));
      pauses.push(waitFor());
      clock.now += waitFor();
    }
    expect(pauses).toEqual([1000, 2000, 4000]);
    expect(outside.pauses).toBe(3);
    outside.observe(answer(200));
    outside.observe(answer(429));
    expect(waitFor()).toBe(1000);
  });

  it('a 4xx other than 429 neither pauses nor ends the back-off', () => {
    const { clock, outside, waitFor } = clocked();
    outside.observe(answer(429));
    clock.now += waitFor();
    outside.observe(answer(400));
    expect(waitFor()).toBe(0);
    outside.observe(answer(429));
    expect(waitFor()).toBe(2000);
  });
});
