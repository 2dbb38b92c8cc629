/** The wait between polls: fixed, or adaptive between `min` and `max` ms. */
export interface PauseRule {
  fixed: number | undefined;
  min: number;
  max: number;
}

export const DEFAULT_PAUSE: PauseRule = { fixed: undefined, min: 1000, max: 16_000 };

/**
 * The base wait after a poll: `min` while items keep coming, doubling with each poll that finds
 * nothing (or fails) up to `max`. PRAW's schedule, with the doubling kept when a poll fails so a
 * long outage is polled ever more gently, never given up.
 */
export function nextBase(previous: number | undefined, found: boolean, rule: PauseRule): number {
  if (rule.fixed !== undefined) return rule.fixed;
  if (found || previous === undefined) return rule.min;
  return Math.min(rule.max, Math.max(rule.min, previous * 2));
}

/**
 * The wait itself: the adaptive base less up to 10 % at random, so streams started together
 * drift apart instead of polling in step, and the cap is never exceeded. A fixed pause is exact.
 */
export function jitter(base: number, rule: PauseRule, random: () => number = Math.random): number {
  return rule.fixed !== undefined ? base : Math.round(base * (1 - 0.1 * random()));
}
