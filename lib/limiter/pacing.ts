import { Emitter } from '../events/emitter.js';
import type { OAuthOptions } from '../options/schema.js';
import type { AppBudget } from './budget.js';
import type { Lane } from './gate.js';
import { budgetFor } from './registry.js';
import type { CallLimits, MoreHooks, PacerOptions, SendOptions } from './types.js';

/** A send will wait longer than this: the instance tells (`wait` event). */
const NOTABLE_WAIT = 1000;
const MORECHILDREN = /^[^?#]*\/api\/morechildren(?:\.json)?\/?(?:[?#]|$)/i;
const READS = /^(GET|HEAD|OPTIONS)$/i;
/** The per-account limits: a chunk of their own in browser bundles, loaded by the first call that needs them. */
const actions = () => import('./actions.js');

/** One instance's pacing, made by its first send (see lib/limiter/pacer.ts). */
export const instancePacing = (options: PacerOptions): Pacing => new Pacing(options);

/**
 * The one owner of pacing: every send of an instance (retries and token requests too) passes here.
 * The app's gate enforces the one-at-a-time probe until the platform has told the budget, and the
 * budget itself, spread evenly until the window resets; this instance's lane keeps its throttle gap.
 */
export class Pacing {
  readonly budget: AppBudget;
  readonly #events: Emitter;
  readonly #lane: Lane;
  readonly #oauth: OAuthOptions | undefined;
  /** The budget closure (its window number) this instance has reported. */
  #reported = -1;
  /** The shared store's unavailability this instance has reported. */
  #sharedDown: Error | undefined;

  constructor({ throttle, events = new Emitter(), oauth, limiter, origin }: PacerOptions) {
    // The platform counts per client id: instances (and, with Redis, processes) with the same one share a budget.
    const budget = (this.budget = budgetFor(origin === undefined ? 'instance' : limiter, origin ?? '', oauth?.key));
    this.#oauth = oauth;
    this.#events = events;
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
    const limits = () => ({ pacer: this, oauth: this.#oauth, method, url, write, more, signal, events: this.#events, ratelimitWait, ctx });
    if (more || (write && (budget.actions || budget.shared))) return actions().then((m) => m.run(budget, limits(), once));
    return once().catch((error: unknown) =>
      (error as { code?: unknown } | null)?.code === 'RATELIMIT' ? actions().then((m) => m.run(budget, limits(), once, error)) : Promise.reject(error));
  }

  /** Send when the throttle and the budget allow; the response's rate-limit headers steer what follows. */
  async send(send: () => Promise<Response>, { signal, api, url }: SendOptions): Promise<Response> {
    signal?.throwIfAborted();
    const { gate, shared } = this.budget;
    // Every morechildren call has loaded the per-account limits (Pacer.call) before its sends.
    const more = url !== undefined && MORECHILDREN.test(url) ? (this.budget.actions as MoreHooks | undefined) : undefined;
    await more?.before(this, this.#events, signal);
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

  #observe(response: Response, api: boolean, more: MoreHooks | undefined, claimed?: number | null): void {
    if (more?.refused(this, this.#events, response)) return;
    const state = this.budget.observe(response, api, this.budget.gate.running, claimed);
    if (state) this.#events.emit('rate_limit', state);
    this.#tellReached();
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

  #tellWait(ms: number, reason: 'budget' | 'rate_limit'): boolean {
    const notable = ms > NOTABLE_WAIT && ms !== Infinity;
    if (notable) this.#events.emit('wait', { ms, reason });
    return notable;
  }
}
