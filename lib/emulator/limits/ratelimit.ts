import type { RateLimit } from '../types.js';

export interface RateVerdict {
  /** Headers for the answer, whatever it is. */
  headers: Record<string, string>;
  /** Budget spent: answer 429. */
  over: boolean;
}

/**
 * Fixed, clock-aligned windows per key, as the platform counts: a window starts at
 * `floor(now / window) * window`. A refused request is not counted.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { start: number; used: number }>();

  constructor(private readonly now: () => number, private limit: RateLimit | false) {}

  /** Requests allowed per window, or undefined when there is no limit. */
  get budget(): number | undefined {
    return this.limit ? this.limit.budget : undefined;
  }

  set(limit: RateLimit | false): void {
    this.limit = limit;
    this.buckets.clear();
  }

  /** Counts a request of `key`; undefined when there is no limit (and then no headers). */
  hit(key: string): RateVerdict | undefined {
    const limit = this.limit;
    if (!limit) return undefined;
    const nowSec = this.now() / 1000;
    const start = Math.floor(nowSec / limit.window) * limit.window;
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.start !== start) {
      bucket = { start, used: 0 };
      this.buckets.set(key, bucket);
    }
    const over = bucket.used >= limit.budget;
    if (!over) bucket.used++;
    const left = start + limit.window - nowSec;
    const headers: Record<string, string> = {
      'X-Ratelimit-Used': String(bucket.used),
      'X-Ratelimit-Remaining': Math.max(0, limit.budget - bucket.used).toFixed(1),
      'X-Ratelimit-Reset': String(Math.floor(left)),
    };
    // The platform sometimes leaves Retry-After out; the emulator always sends it, so tests are deterministic.
    if (over) headers['Retry-After'] = String(Math.max(1, Math.ceil(left)));
    return { headers, over };
  }
}
