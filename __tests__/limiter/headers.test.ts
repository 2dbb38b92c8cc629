import { describe, it, expect } from '@jest/globals';
import { readRateLimit, retryAfterSeconds } from '../../lib/limiter/headers.js';

const h = (init: Record<string, string>) => new Headers(init);

describe('readRateLimit reads X-Ratelimit-* headers', () => {
  it('reads used, remaining and reset as numbers', () => {
    expect(readRateLimit(h({ 'x-ratelimit-used': '2', 'x-ratelimit-remaining': '998', 'x-ratelimit-reset': '540' }))).toEqual({ used: 2, remaining: 998, reset: 540 });
  });

  it('reads float strings such as "998.0" and fractions', () => {
    expect(readRateLimit(h({ 'X-Ratelimit-Used': '2', 'X-Ratelimit-Remaining': '998.0', 'X-Ratelimit-Reset': '540' }))).toEqual({ used: 2, remaining: 998, reset: 540 });
    expect(readRateLimit(h({ 'x-ratelimit-used': '599', 'x-ratelimit-remaining': '0.5', 'x-ratelimit-reset': '3' }))?.remaining).toBe(0.5);
  });

  it('reads remaining 0 and reset 0 (seen near a window\'s end)', () => {
    expect(readRateLimit(h({ 'x-ratelimit-used': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' }))).toEqual({ used: 1000, remaining: 0, reset: 0 });
  });

  it('treats a missing used header as 0', () => {
    expect(readRateLimit(h({ 'x-ratelimit-remaining': '10', 'x-ratelimit-reset': '5' }))).toEqual({ used: 0, remaining: 10, reset: 5 });
  });

  it.each([
    ['no headers at all', {}],
    ['no remaining', { 'x-ratelimit-used': '1', 'x-ratelimit-reset': '5' }],
    ['no reset', { 'x-ratelimit-used': '1', 'x-ratelimit-remaining': '5' }],
  ])('returns undefined with %s', (_label, init) => {
    expect(readRateLimit(h(init))).toBeUndefined();
  });

  it.each([
    ['garbage remaining', { 'x-ratelimit-remaining': 'lots', 'x-ratelimit-reset': '5' }],
    ['garbage reset', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': 'soon' }],
    ['garbage used', { 'x-ratelimit-used': 'many', 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '5' }],
    ['empty remaining', { 'x-ratelimit-remaining': '', 'x-ratelimit-reset': '5' }],
    ['blank reset', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': ' ' }],
    ['infinite remaining', { 'x-ratelimit-remaining': 'Infinity', 'x-ratelimit-reset': '5' }],
  ])('returns undefined for %s (never reads garbage as a spent budget)', (_label, init) => {
    expect(readRateLimit(h(init))).toBeUndefined();
  });
});

describe('readRateLimit bounds the reset', () => {
  it.each([['1e308'], ['Infinity'], ['3000000']])('X-Ratelimit-Reset: %s is read as 600 s', (reset) => {
    expect(readRateLimit(h({ 'x-ratelimit-used': '1', 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': reset }))).toEqual({ used: 1, remaining: 5, reset: 600 });
  });

  it('a negative reset is read as 0', () => {
    expect(readRateLimit(h({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '-40' }))?.reset).toBe(0);
  });
});

describe('retryAfterSeconds: how long to wait after a 429', () => {
  const NOW = Date.UTC(2024, 0, 1, 12, 0, 0);

  it('uses Retry-After in seconds', () => {
    expect(retryAfterSeconds(h({ 'retry-after': '30' }), NOW)).toBe(30);
    expect(retryAfterSeconds(h({ 'retry-after': ' 7 ' }), NOW)).toBe(7);
    expect(retryAfterSeconds(h({ 'retry-after': '2.5' }), NOW)).toBe(2.5);
  });

  it('waits for the later of Retry-After and the end of a spent window (issue 21: a Retry-After of 2 inside a spent window brought more 429s)', () => {
    expect(retryAfterSeconds(h({ 'retry-after': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '11' }), NOW)).toBe(12);
    expect(retryAfterSeconds(h({ 'retry-after': '30', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '5' }), NOW)).toBe(30);
    // A 429 whose headers say the window still has room is not about the window: Retry-After alone.
    expect(retryAfterSeconds(h({ 'retry-after': '2', 'x-ratelimit-remaining': '40', 'x-ratelimit-reset': '300' }), NOW)).toBe(2);
  });

  it('uses Retry-After as an HTTP date, relative to now', () => {
    const date = new Date(NOW + 45_000).toUTCString();
    expect(retryAfterSeconds(h({ 'retry-after': date }), NOW)).toBe(45);
  });

  it('waits at least 1 s for an HTTP date in the past', () => {
    const date = new Date(NOW - 60_000).toUTCString();
    expect(retryAfterSeconds(h({ 'retry-after': date }), NOW)).toBe(1);
  });

  it('falls back to X-Ratelimit-Reset (and the second it is rounded down by) when Retry-After is missing', () => {
    expect(retryAfterSeconds(h({ 'x-ratelimit-reset': '120' }), NOW)).toBe(121);
  });

  it('falls back to X-Ratelimit-Reset when Retry-After is garbage', () => {
    expect(retryAfterSeconds(h({ 'retry-after': 'later please', 'x-ratelimit-reset': '12' }), NOW)).toBe(13);
  });

  it('grows the back-off it is given when nothing else says how long (1, 2, 4 ... 60 s is the budget\'s)', () => {
    expect(retryAfterSeconds(h({}), NOW, 8)).toBe(8);
    expect(retryAfterSeconds(h({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' }), NOW, 4)).toBe(4);
  });

  it.each([
    ['Retry-After 0', { 'retry-after': '0' }],
    ['reset 0 and no Retry-After', { 'x-ratelimit-reset': '0', 'x-ratelimit-remaining': '0' }],
    ['fractional Retry-After', { 'retry-after': '0.2' }],
    ['no header at all', {}],
    ['garbage everywhere', { 'retry-after': '??', 'x-ratelimit-reset': 'x' }],
  ])('waits at least 1 s with %s', (_label, init) => {
    expect(retryAfterSeconds(h(init), NOW)).toBe(1);
  });

  it.each([
    ['Retry-After: 3000000', { 'retry-after': '3000000' }],
    ['Retry-After: 1e308 s as digits', { 'retry-after': '1'.padEnd(309, '0') }],
    ['a Retry-After date in the year 9999', { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }],
    ['X-Ratelimit-Reset: 1e308 with nothing left', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1e308' }],
    ['X-Ratelimit-Reset: Infinity', { 'x-ratelimit-reset': 'Infinity' }],
  ])('%s waits 600 s at most (issue 21: every server wait is finite and bounded)', (_label, init) => {
    expect(retryAfterSeconds(h(init), NOW)).toBe(600);
  });

  it('defaults now to the current clock', () => {
    const date = new Date(Date.now() + 100_000).toUTCString();
    const s = retryAfterSeconds(h({ 'retry-after': date }));
    expect(s).toBeGreaterThan(95);
    expect(s).toBeLessThanOrEqual(100);
  });
});
