import type { Emitter } from '../events.js';
import type { OAuthOptions } from '../options.js';
import type { AppBudget } from './budget.js';
import type { Lane } from './gate.js';
import { backoffSeconds, readRateLimit } from './headers.js';
import { sleep } from './sleep.js';

export interface PacerOptions {
  /**
   * Minimum gap in ms between two request starts of this instance; 0 disables. Left out: 1000 ms
   * until the platform has told the budget, then the budget's own pacing alone (a fixed 1 s gap would waste 40 % of it).
   */
  throttle?: number | undefined;
  /** The app's budget, shared by every instance of the app in the process (lib/limiter/registry.ts). */
  budget: AppBudget;
  /** Where `rate_limit`, `rate_limit_reached`, `wait` (and `retry` after a RATELIMIT) go. */
  events: Emitter;
  /** The instance's credentials: whose account its calls act for. */
  oauth?: OAuthOptions | undefined;
  now?: () => number;
}

/** What a call brings to the per-account limits (see `Pacer.call`). */
export interface CallLimits {
  method: string;
  url: string;
  signal?: AbortSignal | undefined;
  ratelimitWait: number;
  /** The call's send counters (lib/transport/context.ts). */
  ctx: { sends: number; failures: number; retryAttempts: number };
}

/** How a send relates to the budget. Token requests do not tell whether the API budget is known. */
export interface SendOptions {
  signal?: AbortSignal | undefined;
  /** An API request (as opposed to a token request): its answer may end the probing phase. */
  api: boolean;
  /** The request's URL: `/api/morechildren` refusals are waited out apart from the budget. */
  url?: string | undefined;
}

/** A send will wait longer than this: the instance tells (`wait` event). */
const NOTABLE_WAIT = 1000;
const MORECHILDREN = /^[^?#]*\/api\/morechildren(?:\.json)?\/?(?:[?#]|$)/i;
const READS = /^(GET|HEAD|OPTIONS)$/i;
/** The per-account limits: a chunk of their own in browser bundles, loaded by the first call that needs them. */
const actions = () => import('./actions.js');

let instances = 0;
/**
 * The account an instance acts for, as the platform's per-account limits see it. A script app names
 * it (the username); cookie mode is the browser's one session. An explicit or implicit app learns
 * its account only from an extra request: each instance counts as an account of its own.
 */
function accountOf(oauth: OAuthOptions | undefined): string {
  if (!oauth) return 'cookies';
  if (oauth.type === 'script') return `u/${oauth.username.toLowerCase()}`;
  return `instance/${Math.random().toString(36).slice(2)}${++instances}`;
}

/**
 * The one owner of pacing: every send of an instance (retries and token requests too) passes here.
 * The app's gate enforces the one-at-a-time probe until the platform has told the budget, and the
 * budget itself, spread evenly until the window resets; this instance's lane keeps its throttle gap.
 */
export class Pacer {
  readonly budget: AppBudget;
  readonly #events: Emitter;
  readonly #lane: Lane;
  readonly #now: () => number;
  readonly #account: string;
  /** The budget closure (its window number) this instance has reported. */
  #reported = -1;
  /** `/api/morechildren` refusals in a row (a 429 with budget left and no Retry-After), and until when to wait. */
  #refused = 0;
  #refusedUntil = 0;
  /** The shared store's unavailability this instance has reported. */
  #sharedDown: Error | undefined;

  constructor({ throttle, budget, events, oauth, now = Date.now }: PacerOptions) {
    this.budget = budget;
    this.#account = accountOf(oauth);
    this.#events = events;
    this.#now = now;
    this.#lane = {
      gap: () => throttle ?? (budget.known ? 0 : 1000),
      last: -Infinity,
      waits: (ms) => {
        this.#tellReached();
        return this.#tellWait(ms, budget.closed?.reason ?? 'budget');
      },
    };
  }

  /**
   * One call, all its sends: the limits the platform keeps per account apply on top of the budget
   * (RATELIMIT cooldowns of writes, the morechildren lock; lib/limiter/actions.ts). Calls that need
   * neither cost one `catch` here, and the module is loaded only when one does.
   */
  call<T>({ method, url, signal, ratelimitWait, ctx }: CallLimits, once: () => Promise<T>): Promise<T> {
    const { budget } = this;
    const more = MORECHILDREN.test(url);
    const write = !READS.test(method);
    const limits = () => ({ account: this.#account, method, url, write, more, signal, events: this.#events, ratelimitWait, ctx });
    if (more || (write && (budget.actions || budget.shared))) return actions().then((m) => m.run(budget, limits(), once));
    return once().catch((error: unknown) =>
      (error as { code?: unknown } | null)?.code === 'RATELIMIT' ? actions().then((m) => m.run(budget, limits(), once, error)) : Promise.reject(error));
  }

  /** Send when the throttle and the budget allow; the response's rate-limit headers steer what follows. */
  async send(send: () => Promise<Response>, { signal, api, url }: SendOptions): Promise<Response> {
    signal?.throwIfAborted();
    const { gate, shared } = this.budget;
    const more = url !== undefined && MORECHILDREN.test(url);
    if (more && this.#refusedUntil > this.#now()) {
      const ms = this.#refusedUntil - this.#now();
      this.#tellWait(ms, 'morechildren');
      await sleep(ms, signal);
    }
    this.#tellReached();
    await gate.acquire(signal, this.#lane);
    try {
      // The shared budget (Node only, lib/shared-limit.ts) runs the send and claims what its answer leaves.
      if (shared) {
        try {
          return await shared.schedule(send, signal, (response, claimed) => this.#observe(response, api, more, claimed));
        } finally {
          this.#tellShared();
        }
      }
      const response = await send();
      this.#observe(response, api, more);
      return response;
    } finally {
      gate.release();
    }
  }

  #observe(response: Response, api: boolean, more: boolean, claimed?: number | null): void {
    if (more && this.#refusal(response)) return;
    const state = this.budget.observe(response, api, this.budget.gate.running, claimed);
    if (state) this.#events.emit('rate_limit', state);
    this.#tellReached();
  }

  /**
   * The platform serves `/api/morechildren` one call at a time per account and refuses a concurrent
   * one with a 429 that says nothing of the budget: wait it out alone (1 s, 2 s, ... 60 s), the budget stays open.
   */
  #refusal(response: Response): boolean {
    if (response.ok) this.#refused = 0;
    if (response.status !== 429 || response.headers.has('retry-after')) return false;
    const state = readRateLimit(response.headers);
    if (state && state.remaining <= 0) return false;
    if (state) this.#events.emit('rate_limit', state);
    this.#refusedUntil = this.#now() + backoffSeconds(++this.#refused) * 1000;
    return true;
  }

  /** `shared_limit` when the shared store has become unreachable or reachable again since this instance last sent. */
  #tellShared(): void {
    const error = this.budget.shared?.unavailable;
    if (error === this.#sharedDown) return;
    // Unreachable for another reason while still down: nothing new for the instance.
    if (error && this.#sharedDown) return void (this.#sharedDown = error);
    this.#sharedDown = error;
    this.#events.emit('shared_limit', error ? { available: false, error } : { available: true });
  }

  /** `rate_limit_reached` once per window (or pause after a 429), however many answers or waits meet it. */
  #tellReached(): void {
    const { closed, window } = this.budget;
    if (!closed || this.#reported === window) return;
    this.#reported = window;
    this.#events.emit('rate_limit_reached', closed.state);
  }

  #tellWait(ms: number, reason: 'budget' | 'rate_limit' | 'morechildren'): boolean {
    const notable = ms > NOTABLE_WAIT && ms !== Infinity;
    if (notable) this.#events.emit('wait', { ms, reason });
    return notable;
  }
}
