import type { Priority } from './queue.js';

/** What the gate enforces; each may change at any time (the budget adjusts them from rate-limit headers). */
export interface GateSettings {
  /** Minimum ms between two starts, whoever sends them, once the reservoir is down to `floor`. */
  minTime: number;
  /** Above this many starts left, starts are not spaced (a burst); null: always spaced by `minTime`. */
  floor: number | null;
  /** How many may run at once (1 while probing, Infinity otherwise). */
  maxConcurrent: number;
  /** Starts left before the gate closes; null means unlimited. */
  reservoir: number | null;
  /** What the budget says is left across processes (a shared budget, whose reservoir is in Redis); null: the reservoir says it. */
  left: number | null;
  /** Starts of what is left that low-priority sends never take. */
  reserve: number;
  /** When the numbers above end (the window's end, a pause's end): the gate then takes the settings `reopen()` gives. */
  reopenAt?: number | undefined;
}

export const OPEN: GateSettings = { minTime: 0, floor: null, maxConcurrent: Infinity, reservoir: null, left: null, reserve: 0 };

/** The gate's moving parts, as one admission sees them. */
export interface GateState {
  now: number;
  /** When the last start was. */
  last: number;
  running: number;
}

/**
 * Ms until the gate lets a send of `priority` start, with `ahead` starts going before it; 0: now;
 * Infinity: only a release or an update can help. Pure: the gate's timing and the estimates that
 * `maxWait` and the `wait` event use are this one function.
 */
export function gateWait(s: GateSettings, g: GateState, priority: Priority, ahead = 0): number {
  const left = s.left ?? s.reservoir;
  const low = priority === 'low' && left !== null && left - ahead <= s.reserve;
  if (low || (s.reservoir !== null && s.reservoir - ahead <= 0)) {
    return s.reopenAt === undefined ? Infinity : Math.max(0, s.reopenAt - g.now);
  }
  if (g.running + ahead >= s.maxConcurrent) return Infinity;
  if (s.minTime <= 0) return 0;
  // Spaced starts: every one while the floor is unknown, else those that take the reservoir down to the floor or below.
  const firstSpaced = s.floor === null || s.reservoir === null ? 0 : Math.max(0, s.reservoir - s.floor);
  const own = firstSpaced === 0 ? Math.max(0, g.last + s.minTime - g.now) : 0;
  return own + Math.max(0, ahead - Math.max(1, firstSpaced) + 1) * s.minTime;
}
