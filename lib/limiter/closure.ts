import type { RateLimitState } from '../events/emitter.js';

/** Why the budget is closed: spent for this window (or held for sends under way), or paused after a 429. */
export type Closure = { state: RateLimitState; reason: 'budget' | 'rate_limit' };

/**
 * When a budget is closed and why, the pause the last 429 asked for, and its wait episodes (a wait
 * is logged once per episode: a closure, a window, a reopening). Pure: the time is given.
 */
export class Closures {
  closed: Closure | undefined;
  episode = 0;
  #until = 0;
  #pausedUntil = 0;

  /** The budget is open again (a new window, a reopening): a new episode. */
  opened(): void {
    this.closed = undefined;
    this.episode++;
  }

  /** A 429 asked to wait until `until`. */
  pause(until: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, until);
  }

  /** Whether a 429's pause is still on: answers to sends made before it do not end it. */
  paused(now: number): boolean {
    return now < this.#pausedUntil;
  }

  /** Close until `reopenAt`, never shortening a closure already set: when the gate now reopens, or undefined when nothing closes (a late answer of a window already over). */
  close(reopenAt: number, state: RateLimitState, reason: Closure['reason'], now: number): number | undefined {
    const current = this.closed ? this.#until : 0;
    const at = Math.max(reopenAt, current);
    if (at <= now) return undefined;
    if (!this.closed || at > current) this.episode++;
    this.closed = { state, reason };
    this.#until = at;
    return at;
  }
}
