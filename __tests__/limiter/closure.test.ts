import { describe, expect, test } from '@jest/globals';
import { Closures } from '../../lib/limiter/closure.js';

const state = { used: 3, remaining: 0, reset: 5 };

describe('Closures', () => {
  test('a closure is never shortened, a longer one is a new episode', () => {
    const c = new Closures();
    expect(c.close(5000, state, 'budget', 0)).toBe(5000);
    expect(c.episode).toBe(1);
    expect(c.close(3000, state, 'rate_limit', 0)).toBe(5000);
    expect(c.episode).toBe(1);
    expect(c.closed).toEqual({ state, reason: 'rate_limit' });
    expect(c.close(8000, state, 'budget', 0)).toBe(8000);
    expect(c.episode).toBe(2);
  });

  test('a late answer of a window already over closes nothing', () => {
    const c = new Closures();
    expect(c.close(1000, state, 'budget', 2000)).toBeUndefined();
    expect(c.closed).toBeUndefined();
    expect(c.episode).toBe(0);
  });

  test('opening ends the closure and starts an episode; a closure after it starts from nothing', () => {
    const c = new Closures();
    c.close(9000, state, 'budget', 0);
    c.opened();
    expect(c.closed).toBeUndefined();
    expect(c.episode).toBe(2);
    expect(c.close(4000, state, 'budget', 1000)).toBe(4000);
  });

  test("a 429's pause holds until its end and is never shortened", () => {
    const c = new Closures();
    c.pause(3000);
    c.pause(2000);
    expect(c.paused(2999)).toBe(true);
    expect(c.paused(3000)).toBe(false);
  });
});
