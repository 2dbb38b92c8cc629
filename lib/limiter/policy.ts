import type { RateLimitState } from '../events/emitter.js';
import type { GateSettings } from './gate/admission.js';

/** Share of a window's budget that low-priority sends leave alone, unless the instance says otherwise (`reserve`). */
export const DEFAULT_RESERVE = 0.1;

/**
 * Share of the even pace that the rest of a window keeps: what is left above the reserve and half
 * of an even share of the time left is spent as fast as calls come (a burst); below it, what is left
 * is spread evenly until the window's end. At a window's start (1000 requests, 600 s, reserve 10 %)
 * that is a burst of 450; the pace that follows is one send every 1.2 s.
 */
export const KEEP_SHARE = 0.5;

/** The window's budget as one answer tells it, and what this process may still start. */
export interface Spendable {
  state: RateLimitState;
  /** Starts left for this process: remaining, less the sends under way that the answer did not count yet. */
  available: number;
  /** The window's length in ms (the longest seen). */
  window: number;
  /** Share of the window's budget that low-priority sends leave alone. */
  reserve: number;
}

/**
 * The gate's settings for the rest of a window (pure; the budget calls it with every answer): no
 * spacing while the burst lasts, then what is left spread evenly until the window's earliest end.
 * The reservoir is what may be started; the floor is where the burst stops; the reserve is what
 * low-priority sends leave for the others.
 */
export function spending({ state, available, window, reserve }: Spendable): Partial<GateSettings> {
  const limit = Math.max(1, state.used + state.remaining);
  const held = Math.floor(limit * reserve);
  // The reset is 0 to 600 s (lib/limiter/headers.ts), the window at least a second (lib/limiter/window.ts).
  const left = state.reset * 1000;
  const floor = held + Math.ceil(KEEP_SHARE * (limit - held) * Math.min(1, left / window));
  return {
    maxConcurrent: Infinity,
    reservoir: available,
    floor,
    minTime: Math.floor(left / Math.max(1, Math.min(available, floor))),
    reserve: held,
  };
}

/** The probe: one send at a time, nothing else known (a window's start, or after a pause). */
export const PROBE: Partial<GateSettings> = { maxConcurrent: 1, reservoir: null, floor: null, minTime: 0, reserve: 0, left: null };
