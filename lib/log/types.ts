import type { EventName, RateLimitState, SnoopathEvents } from '../events/emitter.js';

export type { Logger, LogDetails } from '../types/logger.js';

/** Whom a wait holds up: the account (`u/name`, `app-only`, ...) and the app's client id (none in cookie mode). */
interface Who {
  account: string;
  app: string | undefined;
}

/**
 * What a line can be about: the instance's events, token and revoke requests (lib/auth/grants.ts),
 * and the limiter's waits (lib/limiter/tell.ts), which it words once per wait episode of a budget
 * rather than once per instance: `spent` when the window's budget is spent (not only spread).
 */
export type LineSource =
  | { [E in EventName]: [E, SnoopathEvents[E]] }[EventName]
  | ['token_request', { grant: string; origin: string }]
  | ['revoke_request', { hint: string; origin: string }]
  | ['waiting', SnoopathEvents['wait'] & Who & { spent: boolean }]
  | ['reached', RateLimitState & Who & { ms: number }];
