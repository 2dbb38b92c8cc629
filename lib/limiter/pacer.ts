import type { RateLimitState } from '../events.js';
import { Gate, type GateSettings } from './gate.js';
import { readRateLimit, retryAfterSeconds } from './headers.js';
import type { SharedBudget, SharedBudgetSettings } from './shared.js';

export interface PacerOptions {
  /**
   * Minimum gap in ms between two request starts; 0 disables. Left out: 1000 ms until the platform
   * has told the budget, then the budget's own pacing alone (a fixed 1 s gap would waste 40 % of it).
   */
  throttle?: number | undefined;
  /** Every response carrying rate-limit headers. */
  onRateLimit?: (state: RateLimitState) => void;
  /** The window's budget is spent: sending stops until the reset. */
  onRateLimitReached?: (state: RateLimitState) => void;
  now?: () => number;
  /** A budget shared with other processes (the `limiter` option): every send passes it after the local gate. */
  shared?: SharedBudget | undefined;
}

/** How a send relates to the budget. Token requests do not tell whether the API budget is known. */
export interface SendOptions {
  signal?: AbortSignal | undefined;
  /** An API request (as opposed to a token request): its answer may end the probing phase. */
  api: boolean;
}

/**
 * The one owner of pacing: every send of an instance (retries and token requests too) passes here.
 * The gate enforces the throttle gap, the one-at-a-time probe until the platform has told the
 * budget, and the budget itself, spread evenly until the window resets.
 */
export class Pacer {
  readonly #options: PacerOptions;
  readonly #gate: Gate;
  #probing = true;
  #refill: ReturnType<typeof setTimeout> | undefined;
  /** The highest X-Ratelimit-Used seen in the current window, and when that window ends at the latest. */
  #used = -1;
  #windowEnd = 0;
  readonly #shared: SharedBudget | undefined;

  constructor(options: PacerOptions) {
    this.#options = options;
    this.#shared = options.shared;
    this.#gate = new Gate({ minTime: this.#floor(false), maxConcurrent: 1 }, options.now);
  }

  /** Send when the throttle and the budget allow; the response's rate-limit headers steer what follows. */
  async send(send: () => Promise<Response>, { signal, api }: SendOptions): Promise<Response> {
    signal?.throwIfAborted();
    const gate = this.#gate;
    const admitted = gate.acquire(signal);
    // A send that has to wait (a retry after a 429 while nothing else runs) keeps the refill timer referenced.
    if (gate.queued > 0) this.#hold(true);
    await admitted.catch((error: unknown) => {
      // Aborted while waiting: if nothing else waits, the refill timer must not keep the process alive.
      if (gate.queued === 0) this.#hold(false);
      throw error;
    });
    try {
      // The shared budget (Node only, lib/shared-limit.ts) runs the send and claims what its answer leaves.
      if (this.#shared) return await this.#shared.schedule(send, signal, (response, claimed) => this.#observe(response, api, gate.running, claimed));
      const response = await send();
      this.#observe(response, api, gate.running);
      return response;
    } finally {
      gate.release();
      if (gate.queued === 0) this.#hold(false);
    }
  }

  /** `running`: sends started and not answered yet, this one included; `claimed`: what the shared budget says is left. */
  #observe(response: Response, api: boolean, running: number, claimed?: number): void {
    const state = readRateLimit(response.headers);
    const now = this.#now();
    if (response.status === 429) {
      if (state) this.#options.onRateLimit?.(state);
      this.#exhausted(now + retryAfterSeconds(response.headers, now) * 1000, state ?? { used: 0, remaining: 0, reset: 0 });
      return;
    }
    if (!state) {
      if (api && this.#probing && response.ok) this.#set({ maxConcurrent: Infinity, reservoir: null, minTime: this.#floor(false) }, false);
      return;
    }
    this.#options.onRateLimit?.(state);
    // Answers can arrive out of order: an older one (an earlier window, or fewer used in this one)
    // must not reopen the budget.
    const refillAt = now + Math.max(1, state.reset + 1) * 1000;
    if (refillAt < this.#windowEnd - 1000 || (refillAt <= this.#windowEnd + 1000 && state.used < this.#used)) return;
    if (refillAt > this.#windowEnd + 1000) this.#used = -1;
    this.#used = Math.max(this.#used, state.used);
    this.#windowEnd = Math.max(this.#windowEnd, refillAt);
    // Other sends already started may not be counted in this answer yet: keep room for them.
    const available = claimed ?? Math.max(0, Math.floor(state.remaining) - (running - 1));
    // The reset is in whole seconds, rounded down: the window ends within the second after it, so
    // spend the budget by the earliest end (below) and refill at the latest (refillAt).
    if (available === 0) {
      this.#exhausted(refillAt, state);
      return;
    }
    const gap = Math.floor((state.reset * 1000) / available);
    const settings = { maxConcurrent: Infinity, reservoir: available, minTime: Math.max(this.#floor(true), gap) };
    // A claimed reservoir is already in the shared budget; setting it again would undo the claim's atomicity.
    this.#set(settings, false, claimed === undefined ? settings : { maxConcurrent: Infinity, minTime: settings.minTime });
    this.#scheduleRefill(refillAt);
  }

  #exhausted(refillAt: number, state: RateLimitState): void {
    this.#set({ reservoir: 0 }, false, { reservoir: 0, refillAt });
    this.#options.onRateLimitReached?.(state);
    this.#scheduleRefill(refillAt);
  }

  /** At the window's end the old numbers mean nothing: probe again, one request at a time. */
  #scheduleRefill(at: number): void {
    if (this.#refill) clearTimeout(this.#refill);
    this.#refill = setTimeout(() => {
      this.#refill = undefined;
      this.#set({ reservoir: null, maxConcurrent: 1, minTime: this.#floor(false) }, true);
    }, Math.max(0, at - this.#now()));
    this.#hold(this.#gate.queued > 0);
  }

  /** The refill timer keeps a process alive only while calls wait for it. */
  #hold(waiting: boolean): void {
    const timer = this.#refill as { ref?: () => void; unref?: () => void } | undefined;
    if (waiting) timer?.ref?.();
    else timer?.unref?.();
  }

  #set(settings: Partial<GateSettings>, probing: boolean, shared: SharedBudgetSettings = settings): void {
    this.#probing = probing;
    this.#gate.update(settings);
    if (this.#shared) this.#shared.update(shared);
  }

  /** The gap no pacing goes below: the throttle option, or by default 1 s until the budget is known. */
  #floor(budgetKnown: boolean): number {
    return this.#options.throttle ?? (budgetKnown ? 0 : 1000);
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }
}
