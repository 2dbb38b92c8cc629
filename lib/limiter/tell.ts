// What the limiter tells: `wait` and `rate_limit_reached` to an instance's listeners, and the lines
// about them, once per wait episode of a budget however many instances share it (lib/log/lines.ts
// words them). Kept apart from the pacer so the per-account limits tell the same way.
import type { Emitter, RateLimitState, SnoopathEvents } from '../events/emitter.js';
import type { LineSource } from '../log/types.js';
import type { OAuthOptions } from '../options/schema.js';

/** An instance's emitter; the logging one (lib/log/index.ts) also writes lines. */
export type Events = Emitter & { line?(...source: LineSource): void };

/** Whom a wait holds up, as lines name it: the account (`u/name`, `app-only`, ...) and the app's client id. */
export interface Who {
  account: string;
  app: string | undefined;
}

/** A send will wait more than this: the instance tells (`wait` event, and a line). */
export const NOTABLE_WAIT = 1000;

/**
 * The account a send acts for: a script app names it; an explicit or implicit app's user is not
 * known without an extra request; `appOnly`: the send went out with an application-only token.
 */
export function whoOf(oauth: OAuthOptions | undefined, appOnly = false): Who {
  if (!oauth) return { account: 'the browser session', app: undefined };
  const account = appOnly ? 'app-only' : oauth.type === 'script' ? `u/${oauth.username}` : 'the authorized user';
  return { account, app: oauth.key };
}

/** Tell a wait to the instance's listeners, and in a line when `line` (the caller decides how often). */
export function tellWait(events: Events, wait: SnoopathEvents['wait'], who: Who, line: boolean, spent = false): void {
  events.emit('wait', wait);
  if (line) events.line?.('waiting', { ...wait, spent, ...who });
}

/** Tell that the window's budget is spent: the state that closed it, and the wait until it reopens. */
export function tellReached(events: Events, state: RateLimitState, ms: number, who: Who, line: boolean): void {
  events.emit('rate_limit_reached', state);
  if (line) events.line?.('reached', { ...state, ms, ...who });
}

/** Which wait episode and which spent window of a budget have had their line. */
export type Told = Record<'wait' | 'reached', number>;

/** True the first time it is asked for this episode (or window), false after. */
export const firstTime = (told: Told, kind: keyof Told, id: number): boolean => told[kind] !== id && ((told[kind] = id), true);
