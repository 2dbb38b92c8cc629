import { Emitter } from '../events/emitter.js';
import type { OAuthOptions } from '../options/schema.js';
import type { AppBudget } from './budget.js';
import type { Lane } from './gate.js';
import { budgetFor } from './registry.js';
import type { ActionLimits, PacerOptions, SendOptions } from './types.js';

/** A send will wait longer than this: the instance tells (`wait` event). */
const NOTABLE_WAIT = 1000;
const MORECHILDREN = /^[^?#]*\/api\/morechildren(?:\.json)?\/?(?:[?#]|$)/i;
const READS = /^(GET|HEAD|OPTIONS)$/i;

/**
 * The one owner of pacing: every send of an instance (retries and token requests too) enters here,
 * once. The app's gate enforces the one-at-a-time probe until the platform has told the budget, and
 * the budget itself, spread evenly until the window resets; this instance's lane keeps its throttle
 * gap. The limits the platform keeps per account (RATELIMIT cooldowns of an action, the morechildren
 * lock) apply to the sends that meet them, through lib/limiter/actions.ts, loaded when first needed.
 * Made by the instance's first send (the core loads this module then).
 */
export class Pacer {
  readonly budget: AppBudget;
  readonly #events: Emitter;
  readonly #lane: Lane;
  readonly #oauth: OAuthOptions | undefined;
  readonly #loadActions: () => Promise<{ actionLimits(budget: AppBudget): ActionLimits }>;
  /** The budget closure (its window number) this instance has reported. */
  #reported = -1;
  /** The shared store's unavailability this instance has reported. */
  #sharedDown: Error | undefined;

  constructor({ throttle, events = new Emitter(), oauth, limiter, origin, loadActions }: PacerOptions) {
    // The platform counts per client id: instances (and, with Redis, processes) with the same one share a budget.
    const budget = (this.budget = budgetFor(origin === undefined ? 'instance' : limiter, origin ?? '', oauth?.key));
    this.#oauth = oauth;
    this.#events = events;
    this.#loadActions = loadActions ?? (() => Promise.reject(new Error('this pacer was made without the per-account limits')));
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
   * Send when the per-account limits, the throttle and the budget allow; the answer's rate-limit
   * headers steer what follows, and a RATELIMIT refusal (thrown by the send) holds that account's
   * action back. A send that meets no per-account limit costs no lookup beyond two tests.
   */
  async send(send: () => Promise<Response>, options: SendOptions): Promise<Response> {
    options.signal?.throwIfAborted();
    const { budget } = this;
    const more = options.url !== undefined && MORECHILDREN.test(options.url);
    const write = options.method !== undefined && !READS.test(options.method);
    const limits = more || (write && (budget.actions || budget.shared)) ? await this.#actions() : undefined;
    const held = await limits?.before(this, { ...options, ratelimitWait: options.ratelimitWait ?? 0, more, write, oauth: this.#oauth, events: this.#events });
    try {
      return await this.#paced(send, options, more ? limits : undefined);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'RATELIMIT' && options.url) (limits ?? (await this.#actions())).cooledDown(this, this.#oauth, options.url, error);
      throw error;
    } finally {
      held?.();
    }
  }

  #actions(): Promise<ActionLimits> {
    return this.#loadActions().then((m) => m.actionLimits(this.budget));
  }

  async #paced(send: () => Promise<Response>, { signal, api }: SendOptions, more: ActionLimits | undefined): Promise<Response> {
    const { gate, shared } = this.budget;
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

  #observe(response: Response, api: boolean, more: ActionLimits | undefined, claimed?: number | null): void {
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
