import type { RateLimitState } from '../events/emitter.js';
import { MAX_SERVER_WAIT_MS } from './headers.js';

/** A window the platform said is spent (remaining 0, or a 429), and which one: rate_limit_reached is told once per window. */
export type Spent = { state: RateLimitState; window: number };

/** Where an answer falls: a window already over or an older answer of this one, this window, or a new one. */
export type Placement = 'stale' | 'same' | 'new';

/**
 * The platform's window as the answers tell it: which one (a counter), the most used in it, when it
 * ends at the latest, and how long windows are. Answers can arrive out of order, so an older one
 * (an earlier window, or fewer used in this one) must not move anything. Pure: the time is given.
 */
export class WindowClock {
  /** Counts windows (and pauses after a 429 with no window known): rate_limit_reached is told once per count. */
  count = 0;
  /** Epoch ms when the current window is over for sure. */
  end = 0;
  /** The longest window seen (ms), at most the platform's 600 s: how much of it is left decides the burst. */
  length = 0;
  /** The last window the platform said is spent. */
  spent: Spent | undefined;
  #used = -1;

  /** The platform said this window is spent: the first state that said so is the one told. */
  spend(state: RateLimitState): void {
    if (this.spent?.window !== this.count) this.spent = { state, window: this.count };
  }

  place(state: RateLimitState, now: number): Placement {
    // The reset is told in whole seconds, rounded down: one more is when the window is over for sure.
    const span = Math.max(1, state.reset + 1) * 1000;
    const end = now + span;
    if (end < this.end - 1000 || (end <= this.end + 1000 && state.used < this.#used)) return 'stale';
    const fresh = end > this.end + 1000;
    if (fresh) {
      this.count++;
      this.#used = -1;
    }
    this.#used = Math.max(this.#used, state.used);
    this.end = Math.max(this.end, end);
    this.length = Math.min(MAX_SERVER_WAIT_MS, Math.max(this.length, span));
    return fresh ? 'new' : 'same';
  }

  /** A pause after a 429 until `until`: part of the current window, or a window of its own when none is known. */
  pause(until: number, now: number): void {
    if (now >= this.end) {
      this.count++;
      this.#used = -1;
    }
    this.end = Math.max(this.end, until);
  }
}
