import { ArgumentError } from '../errors/classes.js';
import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call.js';
import type { StreamOptions } from '../types/stream.js';
import { MAX_TIMER_MS } from '../wait/sleep.js';
import { DEFAULT_PAUSE, type PauseRule } from './pause.js';

export interface Settings {
  limit: number;
  pause: PauseRule;
  skipExisting: boolean;
  /** Leave out the items the instance's own account wrote. */
  skipOwn: boolean;
  /** End once everything new since the cursor was yielded (one poll, read back), instead of polling on. */
  untilCaughtUp: boolean;
  /** Most ms one cursor store `get()` or `set()` may take (and the last write on exit). */
  cursorTimeout: number;
  /** Options of each poll's call (the stream's own are taken out; the signal is the stream's). */
  call: CallOptions;
}

/** How long a cursor store read or write may take by default. */
export const CURSOR_TIMEOUT = 5000;

/** A number of ms a timer can hold, as the instance's options take them. */
const ms = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_TIMER_MS;
const MS_RULE = `in ms, from 0 to ${MAX_TIMER_MS} (about 24.8 days, the longest a timer holds)`;

function pauseRule(pause: StreamOptions['pause']): PauseRule {
  if (pause === undefined) return DEFAULT_PAUSE;
  if (typeof pause === 'number') {
    if (!ms(pause)) throw new ArgumentError(`stream option pause must be a number ${MS_RULE}, or { min, max }; got ${pause}`);
    return { fixed: pause, min: pause, max: pause };
  }
  const max = pause?.max ?? DEFAULT_PAUSE.max;
  const min = pause?.min ?? Math.min(DEFAULT_PAUSE.min, max);
  if (!ms(min) || !ms(max) || min > max) {
    throw new ArgumentError(`stream option pause must be { min, max } ${MS_RULE}, with min <= max; got ${JSON.stringify(pause)}`);
  }
  return { fixed: undefined, min, max };
}

function cursorTimeoutOf(value: unknown): number {
  if (value === undefined) return CURSOR_TIMEOUT;
  if (!ms(value) || value === 0) throw new ArgumentError(`stream option cursorTimeout must be a number of ms above 0, at most ${MAX_TIMER_MS}; got ${String(value)}`);
  return value;
}

/** Check the stream's arguments and options (a mistake rejects the first `next()`, nothing is sent). */
export function settle(args: Args, options: StreamOptions): Settings {
  for (const key of ['after', 'before', 'count']) {
    if (args[key] !== undefined) throw new ArgumentError(`stream arguments must not include ${key}: the stream pages by itself; pass a cursor to resume.`);
  }
  const { skipExisting, skipOwn, untilCaughtUp, cursor: _cursor, cursorStore, cursorTimeout, pause, signal: _signal, limit: given, ...call } = options;
  // A `limit` among the arguments (untyped code, listing habits) is honoured when the option is absent.
  const limit = given ?? (args.limit === undefined ? 100 : Number(args.limit));
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new ArgumentError(`stream option limit must be an integer from 1 to 100 (the platform's page size), got ${String(limit)}`);
  }
  if (cursorStore !== undefined && (typeof cursorStore?.get !== 'function' || typeof cursorStore?.set !== 'function')) {
    throw new ArgumentError('stream option cursorStore must have get() and set(cursor) methods');
  }
  return { limit, pause: pauseRule(pause), skipExisting: skipExisting ?? false, skipOwn: skipOwn ?? false, untilCaughtUp: untilCaughtUp ?? false, cursorTimeout: cursorTimeoutOf(cursorTimeout), call };
}

/**
 * The call options of every request a stream makes (its polls, and reading its own account): the
 * call options given with the stream, and the stream's signal. The one place to set what a
 * stream's requests carry. Polls are background work: they queue behind the app's other calls and
 * leave the budget's reserve alone (`priority: 'low'`) unless the stream names a priority.
 */
export function pollOptions(s: Settings, signal: AbortSignal): CallOptions {
  return { ...s.call, priority: s.call.priority ?? 'low', signal };
}
