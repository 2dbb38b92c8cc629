import { describe, expect, it } from '@jest/globals';
import { KEEP_SHARE, spending } from '../../lib/limiter/policy.js';

const at = (used: number, remaining: number, reset: number, window = 600_000, reserve = 0.1) =>
  spending({ state: { used, remaining, reset }, available: remaining, window, reserve });

describe('how a window is spent: a burst above the floor, an even pace below it, a reserve for what is not low priority', () => {
  it.each<[string, ReturnType<typeof at>, { burst: number; reserve: number; minTime: number }]>([
    // floor = reserve + half of an even share of the time left (KEEP_SHARE)
    ['a fresh window of 1000', at(0, 1000, 600), { burst: 450, reserve: 100, minTime: 1090 }],
    ['half the window gone, 600 left', at(400, 600, 300), { burst: 275, reserve: 100, minTime: 923 }],
    ['a window of 50 per 15 s, fresh', at(0, 50, 15, 15_000), { burst: 22, reserve: 5, minTime: 535 }],
    ['nothing reserved', at(0, 1000, 600, 600_000, 0), { burst: 500, reserve: 0, minTime: 1200 }],
  ])('%s', (_label, s, expected) => {
    expect({ burst: s.reservoir! - s.floor!, reserve: s.reserve, minTime: s.minTime }).toEqual(expected);
  });

  it('below the floor, what is left is spread evenly until the window ends', () => {
    const s = at(960, 40, 200);
    expect(s.reservoir).toBeLessThanOrEqual(s.floor!);
    expect(s.minTime).toBe(5000);
  });

  it('keeps half of an even share', () => {
    expect(KEEP_SHARE).toBe(0.5);
  });
});
