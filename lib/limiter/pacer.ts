import type { Emitter } from '../events.js';
import type { OAuthOptions } from '../options.js';
import type { Pacing } from './pacing.js';
import type { LimiterOption } from './registry.js';

export interface PacerOptions {
  /**
   * Minimum gap in ms between two request starts of this instance; 0 disables. Left out: 1000 ms
   * until the platform has told the budget, then the budget's own pacing alone (a fixed 1 s gap would waste 40 % of it).
   */
  throttle?: number | undefined;
  /** Whose budget: one per app in the process (default), one per instance, or one shared through Redis. */
  limiter?: LimiterOption | undefined;
  /** The API origin: the platform counts per client id and origin. Left out: a budget of this pacer's own (a host that is not the platform's). */
  origin?: string | undefined;
  /** Where `rate_limit`, `rate_limit_reached`, `wait` (and `retry` after a RATELIMIT) go. Left out: nowhere. */
  events?: Emitter | undefined;
  /** The instance's credentials: its client id, and whose account its calls act for. */
  oauth?: OAuthOptions | undefined;
}

/** How a send relates to the budget. Token requests do not tell whether the API budget is known. */
export interface SendOptions {
  signal?: AbortSignal | undefined;
  /** An API request (as opposed to a token request): its answer may end the probing phase. */
  api: boolean;
  /** The request's URL: `/api/morechildren` refusals are waited out apart from the budget. */
  url?: string | undefined;
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
