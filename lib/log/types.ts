import type { EventName, SnoopathEvents } from '../events/emitter.js';

export type { Logger, LogDetails } from '../types/logger.js';

/** What a line can be about: the instance's events, and token and revoke requests (lib/auth/grants.ts). */
export type LineSource =
  | { [E in EventName]: [E, SnoopathEvents[E]] }[EventName]
  | ['token_request', { grant: string; origin: string }]
  | ['revoke_request', { hint: string; origin: string }];
