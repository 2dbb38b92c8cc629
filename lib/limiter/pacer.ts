import type { Pacing } from './pacing.js';
import type { CallLimits, PacerOptions, SendOptions } from './types.js';

/** Pacing (the app's budget, its gate, the registry): a chunk of its own in browser bundles, loaded by an instance's first send. */
const pacing = () => import('./pacing.js');

/**
 * The one owner of pacing, as the rest of the client sees it: every send of an instance (retries
 * and token requests too) and every call pass here. The work is done by lib/limiter/pacing.ts,
 * made when the instance first sends: an instance that never sends costs no budget and no lookup.
 */
export class Pacer {
  readonly #options: PacerOptions;
  #pacing: Promise<Pacing> | undefined;

  constructor(options: PacerOptions) {
    this.#options = options;
  }

  #get(): Promise<Pacing> {
    return (this.#pacing ??= pacing().then((m) => m.instancePacing(this.#options)));
  }

  /** One call, all its sends: the per-account limits (RATELIMIT cooldowns, the morechildren lock) apply on top of the budget. */
  call<T>(limits: CallLimits, once: () => Promise<T>): Promise<T> {
    return this.#get().then((p) => p.call(limits, once));
  }

  /** Send when the throttle and the budget allow; the response's rate-limit headers steer what follows. */
  send(send: () => Promise<Response>, options: SendOptions): Promise<Response> {
    return this.#get().then((p) => p.send(send, options));
  }
}
