// The shapes that the pacer and the per-account limits it loads pass between them. Kept here,
// below both, so that no file imports the one that loads it.
import type { OAuthOptions } from '../options/schema.js';
import type { AppBudget } from './budget.js';
import type { Priority } from './gate/queue.js';
import type { LimiterOption } from './registry.js';
import type { Events, Who } from './tell.js';

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
  /** Where `rate_limit`, `rate_limit_reached`, `wait` (and `retry` after a RATELIMIT) go, and the lines about waits. Left out: nowhere. */
  events?: Events | undefined;
  /** Share of a window's budget that this instance's low-priority sends leave alone (0 to 0.9). Default 0.1. */
  reserve?: number | undefined;
  /** The instance's credentials: its client id, and whose account its calls act for. */
  oauth?: OAuthOptions | undefined;
  /** The budget to send through instead of the registry's (tests with a clock of their own). */
  budget?: AppBudget | undefined;
  /** Loads the per-account limits (lib/limiter/account/actions.ts) when a send first needs them (lib/core/chunks.ts). */
  loadActions?: (() => Promise<{ actionLimits(budget: AppBudget): ActionLimits }>) | undefined;
}

/** How a send relates to the budget and the per-account limits. */
export interface SendOptions {
  signal?: AbortSignal | undefined;
  /** An API request, which the app's budget counts; false: a token, revoke or upload request, which it does not (lib/limiter/outside.ts). */
  api: boolean;
  /** The request's URL: its action (for RATELIMIT cooldowns) and `/api/morechildren`, whose refusals are waited out apart from the budget. */
  url?: string | undefined;
  /** The request's method: only writes wait for an action's cooldown. */
  method?: string | undefined;
  /** The longest RATELIMIT cooldown (ms) a write waits for before it is sent; a longer one rejects at once. Default: none waited. */
  ratelimitWait?: number | undefined;
  /** Sends the call made before this one (the `attempts` of an error raised before sending). */
  sends?: number | undefined;
  /** Waiting sends go out high before normal before low; low ones leave the reserve alone. Default normal. */
  priority?: Priority | undefined;
  /** The longest wait (ms) for the budget, a 429's pause or a RATELIMIT cooldown this send accepts; a longer one rejects with RateLimitError, unsent. Default: no limit. */
  maxWait?: number | undefined;
  /** The send carries an application-only token (lines then name the account `app-only`). */
  appOnly?: boolean | undefined;
}

/** An instance's pacer as the per-account limits see it: an identity, the key of their per-instance maps. */
export type PacingKey = object;

/** A send as the per-account limits see it. */
export interface ActionSend extends SendOptions {
  ratelimitWait: number;
  /** An `/api/morechildren` send: one at a time per account. */
  more: boolean;
  /** A write (not GET/HEAD/OPTIONS): only actions are held back by a RATELIMIT cooldown. */
  write: boolean;
  /** The instance's credentials: whose account the send acts for. */
  oauth: OAuthOptions | undefined;
  events: Events;
  /** How lines name the account and the app. */
  who: Who;
}

/** The limits the platform keeps per account (lib/limiter/account/actions.ts, in `budget.actions` once loaded). */
export interface ActionLimits {
  /** Before a send: wait out its action's cooldown (writes), take the morechildren lock and wait out its back-off; resolves to the lock's release. */
  before(pacer: PacingKey, send: ActionSend): Promise<(() => void) | undefined>;
  /** A RATELIMIT refusal: hold this account's action back until the platform's wait is over. */
  cooledDown(pacer: PacingKey, oauth: OAuthOptions | undefined, url: string, error: unknown): void;
  /** An answer to `/api/morechildren`: true when it is a refusal (a 429 that says nothing of the budget). */
  refused(pacer: PacingKey, events: Events, response: Response): boolean;
}
