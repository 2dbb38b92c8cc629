import type { RateLimitState } from '../events/emitter.js';
import { Gate, type GateSettings } from './gate.js';
import { backoffSeconds, readRateLimit, retryAfterSeconds } from './headers.js';
import type { SharedBudget } from '../types/shared-limiter.js';

/** Why the budget is closed: spent for this window, or paused after a 429. */
export type Closure = { state: RateLimitState; reason: 'budget' | 'rate_limit' };

/**
 * One app's request budget, as the platform counts it: per client id, whoever sends. Every instance
 * of the app in this process (lib/limiter/registry.ts) sends through the one gate: one budget, one
 * reset, one probe until the budget is known, one 429 back-off. Each instance keeps only its own
 * throttle gap (a lane of the gate, lib/limiter/pacer.ts).
 */
export class AppBudget {
  readonly gate: Gate;
  readonly shared: SharedBudget | undefined;
  /** Whether an answer has told the budget (until then each instance keeps the default 1 s throttle). */
  known = false;
  /** One send at a time until an answer tells the budget, or a successful one says there is none. */
  #probing = true;
  /** Counts closures and windows: an instance reports a closure once (rate_limit_reached). */
  window = 0;
  /** Set while the budget is closed. */
  closed: Closure | undefined;
  /** State of the call-level limits (RATELIMIT cooldowns, the morechildren lock), made when first needed. */
  actions: unknown;
  /** The highest X-Ratelimit-Used seen in the current window, and when that window ends at the latest. */
  #used = -1;
  #windowEnd = 0;
  /** 429s in a row: the wait after one without Retry-After grows (1 s, 2 s, ... 60 s). */
  #refusals = 0;
  readonly #now: () => number;

  constructor(shared?: SharedBudget, now: () => number = Date.now) {
    this.shared = shared;
    this.#now = now;
    this.gate = new Gate({ maxConcurrent: 1 }, now, () => this.#reopen());
  }

  /**
   * Steer the budget by an answer. `running`: sends started and not answered yet, this one
   * included; `claimed`: what the shared (Redis) budget says is left, null when the shared budget
   * took nothing from this answer (one of a window already over), undefined without a shared budget
   * (or while it is unreachable). Returns the rate-limit headers read.
   */
  observe(response: Response, api: boolean, running: number, claimed?: number | null): RateLimitState | undefined {
    const state = readRateLimit(response.headers);
    if (claimed === null) return state;
    const now = this.#now();
    if (response.status === 429) {
      const seconds = retryAfterSeconds(response.headers, now, backoffSeconds(++this.#refusals));
      this.#close(now + seconds * 1000, state ?? { used: 0, remaining: 0, reset: 0 }, 'rate_limit');
      return state;
    }
    if (response.ok) this.#refusals = 0;
    if (!state) {
      if (api && this.#probing && response.ok) this.#set({ maxConcurrent: Infinity, reservoir: null, minTime: 0 }, false, true);
      return state;
    }
    // Answers can arrive out of order: an older one (an earlier window, or fewer used in this one)
    // must not reopen the budget.
    const refillAt = now + Math.max(1, state.reset + 1) * 1000;
    if (refillAt < this.#windowEnd - 1000 || (refillAt <= this.#windowEnd + 1000 && state.used < this.#used)) return state;
    if (refillAt > this.#windowEnd + 1000) this.#newWindow();
    this.#used = Math.max(this.#used, state.used);
    this.#windowEnd = Math.max(this.#windowEnd, refillAt);
    // Other sends already started may not be counted in this answer yet: keep room for them. (With
    // Redis, this process's sends may be waiting inside Bottleneck: only the platform's own 0 closes.)
    const available = Math.max(0, Math.floor(state.remaining) - (claimed === undefined ? running - 1 : 0));
    if (available === 0 && (claimed ?? 0) === 0) {
      this.known = true;
      this.#close(this.#windowEnd, state, 'budget');
      return state;
    }
    if (claimed === undefined) {
      // Spend what is left by the earliest end of the window, evenly.
      this.#set({ maxConcurrent: Infinity, reservoir: available, minTime: Math.floor((state.reset * 1000) / available) }, true, false);
      return state;
    }
    // With Redis the claim has set the reservoir and the spacing of every process in one atomic
    // step (lib/limiter/redis/scripts.ts): Bottleneck spaces and counts the sends, this process's
    // gate only probes and closes.
    this.#set({ maxConcurrent: Infinity, reservoir: null, minTime: 0 }, true, false);
    return state;
  }

  #newWindow(): void {
    this.#used = -1;
    this.#opened();
  }

  #opened(): void {
    this.closed = undefined;
    this.window++;
  }

  #close(reopenAt: number, state: RateLimitState, reason: Closure['reason']): void {
    // A 429 pauses at least until its wait is over; a spent budget reopens at the earliest bound of the window's end.
    const at = reason === 'rate_limit' ? Math.max(reopenAt, this.gate.settings.reopenAt ?? 0) : reopenAt;
    // A late answer of a window already over closes nothing.
    if (at <= this.#now()) return;
    this.closed ??= { state, reason };
    this.gate.update({ reservoir: 0, reopenAt: at });
    this.shared?.update({ reservoir: 0, refillAt: at });
  }

  /** The window is over (or the pause after a 429): the old numbers mean nothing, probe again. */
  #reopen(): Partial<GateSettings> {
    this.#opened();
    this.known = false;
    this.#probing = true;
    const settings = { reservoir: null, maxConcurrent: 1, minTime: 0 };
    // The shared budget reopens only if no other process has done so already (it may be well into the new window).
    if (this.shared) this.shared.reopen ? this.shared.reopen() : this.shared.update(settings);
    return settings;
  }

  /** `share`: tell the shared budget too (an answer's own numbers never go there: only claims set its reservoir). */
  #set(settings: Partial<GateSettings>, known: boolean, share: boolean): void {
    this.known = known;
    this.#probing = false;
    this.gate.update(settings);
    if (share) this.shared?.update(settings);
  }
}
