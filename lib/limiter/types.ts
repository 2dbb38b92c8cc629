// The shapes that the pacer, the pacing it loads and the per-account limits that pacing loads
// pass between them. Kept here, below all three, so that no file imports the one that loads it.
import type { Emitter } from '../events/emitter.js';
import type { OAuthOptions } from '../options/schema.js';
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

/** An instance's pacing as the per-account limits see it: an identity, the key of their per-instance maps. */
export type PacingKey = object;

/** The per-account limits' hooks into `/api/morechildren` sends (lib/limiter/actions.ts, in `budget.actions` once loaded). */
export interface MoreHooks {
  /** Before a send: wait out the back-off after a refusal (abortable). */
  before(pacer: PacingKey, events: Emitter, signal: AbortSignal | undefined): Promise<void> | undefined;
  /** An answer: true when it is a refusal (a 429 that says nothing of the budget). */
  refused(pacer: PacingKey, events: Emitter, response: Response): boolean;
}
