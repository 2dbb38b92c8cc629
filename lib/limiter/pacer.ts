import Bottleneck from 'bottleneck';
import type { RateLimitState } from '../events.js';
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

const SKIPPED = Symbol('skipped');

/**
 * The one owner of pacing: every send of an instance (retries and token requests too) passes here.
 * Bottleneck enforces the throttle gap (`minTime`), the one-at-a-time probe (`maxConcurrent: 1`) until
 * the platform has told the budget, and the budget itself (`reservoir`), spread evenly until the reset.
 */
export class Pacer {
  readonly #options: PacerOptions;
  #limiter: Bottleneck | undefined;
  #probing = true;
  #refill: ReturnType<typeof setTimeout> | undefined;

  constructor(options: PacerOptions) {
    this.#options = options;
  }

  /** Send when the throttle and the budget allow; the response's rate-limit headers steer what follows. */
  send(send: () => Promise<Response>, { signal, api }: SendOptions): Promise<Response> {
    signal?.throwIfAborted();
    const limiter = (this.#limiter ??= this.#create());
    // A call may now wait for the refill: keep the process alive until it fires.
    (this.#refill as { ref?: () => void } | undefined)?.ref?.();
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      limiter
        .schedule(async (): Promise<Response | typeof SKIPPED> => {
          if (signal?.aborted) {
            // Bottleneck cannot drop a queued job; give back the budget unit it took instead.
            if ((await limiter.currentReservoir()) !== null) await limiter.incrementReservoir(1);
            return SKIPPED;
          }
          const response = await send();
          this.#observe(response, api);
          return response;
        })
        .then((r) => r !== SKIPPED && resolve(r), reject)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    });
  }

  #create(): Bottleneck {
    const limiter = new Bottleneck({ maxConcurrent: 1, minTime: this.#options.throttle });
    // Nothing waits any more: a pending refill must not keep a finished process alive.
    limiter.on('idle', () => (this.#refill as { unref?: () => void } | undefined)?.unref?.());
    return limiter;
  }

  #observe(response: Response, api: boolean): void {
    const state = readRateLimit(response.headers);
    const now = (this.#options.now ?? Date.now)();
    if (response.status === 429) {
      this.#exhausted(now + retryAfterSeconds(response.headers, now) * 1000, state ?? { used: 0, remaining: 0, reset: 0 });
      if (state) this.#options.onRateLimit?.(state);
      return;
    }
    if (!state) {
      if (api && this.#probing && response.ok) this.#update({ maxConcurrent: null, reservoir: null, minTime: this.#options.throttle }, false);
      return;
    }
    this.#options.onRateLimit?.(state);
    // Sends already granted (in flight, or released and waiting out minTime) may not be counted in
    // this answer yet: keep room for them. This send is one of the executing ones.
    const { RUNNING = 0, EXECUTING = 0 } = this.#limiter?.counts() ?? {};
    const available = Math.max(0, Math.floor(state.remaining) - (RUNNING + EXECUTING - 1));
    // The reset is whole seconds, rounded down: the window ends within the next second, so spend by
    // the earliest end and refill at the latest one.
    const refillAt = now + Math.max(1, state.reset + 1) * 1000;
    if (available === 0) {
      this.#exhausted(refillAt, state);
      return;
    }
    const gap = (state.reset * 1000) / available;
    this.#update({ maxConcurrent: null, reservoir: available, minTime: Math.max(this.#options.throttle, Math.floor(gap)) }, false);
    this.#scheduleRefill(refillAt);
  }

  #exhausted(refillAt: number, state: RateLimitState): void {
    this.#update({ reservoir: 0 }, false);
    this.#options.onRateLimitReached?.(state);
    this.#scheduleRefill(refillAt);
  }

  /** At the window's end the old numbers mean nothing: probe again, one request at a time. */
  #scheduleRefill(at: number): void {
    if (this.#refill) clearTimeout(this.#refill);
    const delay = Math.max(0, at - (this.#options.now ?? Date.now)());
    this.#refill = setTimeout(() => {
      this.#refill = undefined;
      this.#update({ reservoir: null, maxConcurrent: 1, minTime: this.#options.throttle }, true);
    }, delay);
    // Keep a process alive only while calls wait for the refill.
    if (!this.#limiter || this.#limiter.queued() === 0) (this.#refill as { unref?: () => void }).unref?.();
  }

  #update(settings: Bottleneck.ConstructorOptions, probing: boolean): void {
    this.#probing = probing;
    void this.#limiter?.updateSettings(settings);
  }

  /** Stop timers (an instance no longer used). Queued sends still run. */
  dispose(): void {
    if (this.#refill) clearTimeout(this.#refill);
    this.#refill = undefined;
  }
}
