import { Emitter } from '../events/emitter.js';
import type { OAuthOptions } from '../options/schema.js';
import type { AppBudget } from './budget.js';
import { deferred } from './defer.js';
import type { Lane } from './gate/gate.js';
import { budgetFor } from './registry.js';
import { firstTime, NOTABLE_WAIT, tellReached, tellWait, whoOf, type Events, type Who } from './tell.js';
import type { ActionLimits, PacerOptions, SendOptions } from './types.js';

const MORECHILDREN = /^[^?#]*\/api\/morechildren(?:\.json)?\/?(?:[?#]|$)/i;
const READS = /^(GET|HEAD|OPTIONS)$/i;

/**
 * The one owner of pacing: every send of an instance (retries and token requests too) enters here,
 * once. The app's gate enforces the one-at-a-time probe until the platform has told the budget, and
 * the budget itself (bursts while it allows, then an even pace, a reserve that low-priority sends
 * leave alone); this instance's lane keeps its throttle gap. Token, revoke and upload requests,
 * which the budget does not count, go through a gate of their own (lib/limiter/outside.ts). The limits the platform keeps per
 * account (RATELIMIT cooldowns of an action, the morechildren lock) apply to the sends that meet
 * them, through lib/limiter/account/actions.ts, loaded when first needed. A send that would wait longer than
 * its `maxWait` rejects at once with RateLimitError, unsent. Made by the instance's first send.
 */
export class Pacer {
  readonly budget: AppBudget;
  readonly #events: Events;
  readonly #lane: Lane;
  /** This instance's gap between sends outside the API budget (token, revoke, upload), apart from its API calls' gap. */
  readonly #outsideLane: Lane;
  readonly #oauth: OAuthOptions | undefined;
  readonly #loadActions: () => Promise<{ actionLimits(budget: AppBudget): ActionLimits }>;
  /** Whose sends the lines name: the last send's token decides between the user and app-only. */
  #who: Who;
  /** The spent window this instance has reported (rate_limit_reached). */
  #reported = -1;
  /** The shared store's unavailability this instance has reported. */
  #sharedDown: Error | undefined;

  constructor({ throttle, events = new Emitter(), oauth, limiter, origin, loadActions, reserve, budget: given }: PacerOptions) {
    // The platform counts per client id: instances (and, with Redis, processes) with the same one share a budget.
    const budget = (this.budget = given ?? budgetFor(origin === undefined ? 'instance' : limiter, origin ?? '', oauth?.key));
    budget.askReserve(reserve);
    this.#oauth = oauth;
    this.#events = events;
    this.#who = whoOf(oauth);
    this.#loadActions = loadActions ?? (() => Promise.reject(new Error('this pacer was made without the per-account limits')));
    this.#lane = {
      gap: () => throttle ?? (budget.known ? 0 : 1000),
      last: -Infinity,
      waits: (ms) => {
        this.#tellReached();
        return this.#tellWait(ms);
      },
    };
    this.#outsideLane = { gap: this.#lane.gap, last: -Infinity, waits: (ms) => this.#tellOutsideWait(ms) };
  }

  /**
   * Send when the per-account limits, the throttle and the budget allow; the answer's rate-limit
   * headers steer what follows, and a RATELIMIT refusal (thrown by the send) holds that account's
   * action back. A send that meets no per-account limit costs no lookup beyond two tests.
   */
  async send(send: () => Promise<Response>, options: SendOptions): Promise<Response> {
    options.signal?.throwIfAborted();
    if (!options.api) return this.#outside(send, options);
    const { budget } = this;
    if (options.appOnly !== undefined) this.#who = whoOf(this.#oauth, options.appOnly);
    const more = options.url !== undefined && MORECHILDREN.test(options.url);
    const write = options.method !== undefined && !READS.test(options.method);
    const limits = more || (write && (budget.actions || budget.shared)) ? await this.#actions() : undefined;
    const held = await limits?.before(this, { ...options, ratelimitWait: options.ratelimitWait ?? 0, more, write, oauth: this.#oauth, events: this.#events, who: this.#who });
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

  /** A send the API budget does not count: only this instance's gap and a 429's pause hold it; no per-account limit applies. */
  async #outside(send: () => Promise<Response>, options: SendOptions): Promise<Response> {
    const { outside } = this.budget;
    const { signal, priority, maxWait } = options;
    const refuse = (wait: number) => deferred(options, wait, outside.paused ? '429' : 'budget');
    await outside.gate.acquire(signal, this.#outsideLane, { priority, maxWait, refuse });
    try {
      const response = await send();
      outside.observe(response);
      return response;
    } finally {
      outside.gate.release();
    }
  }

  async #paced(send: () => Promise<Response>, options: SendOptions, more: ActionLimits | undefined): Promise<Response> {
    const { signal, priority, maxWait } = options;
    const { gate, shared } = this.budget;
    this.#tellReached();
    const refuse = (wait: number) => deferred(options, wait, this.budget.closed?.reason === 'rate_limit' ? '429' : 'budget');
    const asked = Date.now();
    await gate.acquire(signal, this.#lane, { priority, maxWait, refuse });
    try {
      // The shared budget (Node only, lib/shared-limit.ts) runs the send and claims what its answer leaves.
      if (shared) {
        try {
          // maxWait counts the whole wait: what this process's gate took is no longer the shared budget's to spend.
          const defer = maxWait === undefined ? undefined : { maxWait: Math.max(0, maxWait - (Date.now() - asked)), refuse };
          return await shared.schedule(send, signal, (response, claimed) => this.#observe(response, more, claimed), priority, defer);
        } finally {
          this.#tellShared();
        }
      }
      const response = await send();
      this.#observe(response, more);
      return response;
    } finally {
      gate.release();
    }
  }

  #observe(response: Response, more: ActionLimits | undefined, claimed?: number | null): void {
    if (more?.refused(this, this.#events, response)) return;
    const state = this.budget.observe(response, this.budget.gate.running, claimed);
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

  /** `rate_limit_reached` once per spent window, with the state that closed it; its line once per budget. */
  #tellReached(): void {
    const { spent, closed } = this.budget;
    if (!spent || !closed || spent.window !== this.budget.window || this.#reported === spent.window) return;
    this.#reported = spent.window;
    tellReached(this.#events, spent.state, Math.max(0, this.budget.windowLeft()), this.#who, firstTime(this.budget.told, 'reached', spent.window));
  }

  /** A send outside the budget will wait `ms` (only a 429's pause is that long): told as the budget's waits are, its line once per pause. */
  #tellOutsideWait(ms: number): boolean {
    if (!(ms > NOTABLE_WAIT) || ms === Infinity) return false;
    const { outside } = this.budget;
    tellWait(this.#events, { ms, reason: outside.paused ? 'rate_limit' : 'budget' }, this.#who, firstTime(outside.told, 'wait', outside.pauses));
    return true;
  }

  /** A send of this instance will wait `ms`: its listeners hear of every such send, the log once per wait episode of the budget. */
  #tellWait(ms: number): boolean {
    if (!(ms > NOTABLE_WAIT) || ms === Infinity) return false;
    const { closed } = this.budget;
    const reason = closed?.reason ?? 'budget';
    // A wait until the window's end is a spent budget's, closed yet or not (what is left is already promised to sends ahead).
    const spent = closed !== undefined || ms >= this.budget.windowLeft() - 100;
    tellWait(this.#events, { ms, reason }, this.#who, firstTime(this.budget.told, 'wait', this.budget.episode), spent);
    return true;
  }
}
