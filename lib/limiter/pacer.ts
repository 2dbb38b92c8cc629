import type { RateLimitState } from '../events.js';
import { Gate, type GateSettings } from './gate.js';
import { readRateLimit, retryAfterSeconds } from './headers.js';

export interface PacerOptions {
  /** Minimum gap in ms between two request starts; 0 disables. */
  throttle: number;
  /** Every response carrying rate-limit headers. */
  onRateLimit?: (state: RateLimitState) => void;
  /** The window's budget is spent: sending stops until the reset. */
  onRateLimitReached?: (state: RateLimitState) => void;
  now?: () => number;
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

  constructor(options: PacerOptions) {
    this.#options = options;
    this.#gate = new Gate({ minTime: options.throttle, maxConcurrent: 1 }, options.now);
  }

  /** Send when the throttle and the budget allow; the response's rate-limit headers steer what follows. */
  async send(send: () => Promise<Response>, { signal, api }: SendOptions): Promise<Response> {
    signal?.throwIfAborted();
    const gate = this.#gate;
    if (gate.running > 0 || gate.queued > 0) this.#hold(true);
    await gate.acquire(signal);
    try {
      const response = await send();
      this.#observe(response, api);
      return response;
    } finally {
      gate.release();
      if (gate.queued === 0) this.#hold(false);
    }
  }

  #observe(response: Response, api: boolean): void {
    const state = readRateLimit(response.headers);
    const now = this.#now();
    if (response.status === 429) {
      if (state) this.#options.onRateLimit?.(state);
      this.#exhausted(now + retryAfterSeconds(response.headers, now) * 1000, state ?? { used: 0, remaining: 0, reset: 0 });
      return;
    }
    if (!state) {
      if (api && this.#probing && response.ok) this.#set({ maxConcurrent: Infinity, reservoir: null, minTime: this.#options.throttle }, false);
      return;
    }
    this.#options.onRateLimit?.(state);
    // Other sends already started may not be counted in this answer yet: keep room for them.
    const available = Math.max(0, Math.floor(state.remaining) - (this.#gate.running - 1));
    // The reset is in whole seconds, rounded down: the window ends within the second after it, so
    // spend the budget by the earliest end and refill at the latest.
    const refillAt = now + Math.max(1, state.reset + 1) * 1000;
    if (available === 0) {
      this.#exhausted(refillAt, state);
      return;
    }
    const gap = Math.floor((state.reset * 1000) / available);
    this.#set({ maxConcurrent: Infinity, reservoir: available, minTime: Math.max(this.#options.throttle, gap) }, false);
    this.#scheduleRefill(refillAt);
  }

  #exhausted(refillAt: number, state: RateLimitState): void {
    this.#set({ reservoir: 0 }, false);
    this.#options.onRateLimitReached?.(state);
    this.#scheduleRefill(refillAt);
  }

  /** At the window's end the old numbers mean nothing: probe again, one request at a time. */
  #scheduleRefill(at: number): void {
    if (this.#refill) clearTimeout(this.#refill);
    this.#refill = setTimeout(() => {
      this.#refill = undefined;
      this.#set({ reservoir: null, maxConcurrent: 1, minTime: this.#options.throttle }, true);
    }, Math.max(0, at - this.#now()));
    this.#hold(this.#gate.queued > 0);
  }

  /** The refill timer keeps a process alive only while calls wait for it. */
  #hold(waiting: boolean): void {
    const timer = this.#refill as { ref?: () => void; unref?: () => void } | undefined;
    if (waiting) timer?.ref?.();
    else timer?.unref?.();
  }

  #set(settings: Partial<GateSettings>, probing: boolean): void {
    this.#probing = probing;
    this.#gate.update(settings);
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }
}
