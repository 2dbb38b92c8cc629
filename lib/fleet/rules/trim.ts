/**
 * Keeping Redis small: when to trim the stream of acknowledged entries and where, and how often the
 * poller saves its cursor. Pure: the I/O is in ../redis/ and the reader.
 */

/** Trim after this many acknowledgements, or after `TRIM_MS` with at least one. */
export const TRIM_EVERY = 32;
export const TRIM_MS = 1000;

/** Whether this worker trims now, given its acknowledgements since its last trim and the time since. */
export function trimDue(acksSince: number, sinceTrimMs: number | null): boolean {
  if (acksSince === 0) return false;
  return acksSince >= TRIM_EVERY || sinceTrimMs === null || sinceTrimMs >= TRIM_MS;
}

/** The id right after `id` (`<ms>-<seq>`); ids compare by ms, then seq. */
export function nextId(id: string): string {
  const [ms, seq = '0'] = id.split('-');
  return `${ms}-${(BigInt(seq) + 1n).toString()}`;
}

/** What the group says: how many entries are delivered and not acknowledged, the oldest of them, the last delivered. */
export interface GroupView {
  pending: number;
  oldestPending: string | null;
  lastDelivered: string;
}

/**
 * The first entry to keep (`XTRIM MINID`): everything older is delivered and acknowledged. That is
 * the oldest entry still pending, else the one after the last delivered; entries never delivered
 * (after it) are always kept. `null`: nothing can go.
 */
export function trimPoint(group: GroupView): string | null {
  if (group.pending > 0 && group.oldestPending) return group.oldestPending;
  if (group.lastDelivered === '0-0') return null;
  return nextId(group.lastDelivered);
}

/**
 * When the poller writes its cursor, in ms from now (0: now). At most once per `saveMs`: the cursor
 * is up to 300 fullnames, and an item published but not yet in the saved cursor is harmless (the
 * next poller reads it again and the publishing skips it), so writing it after every item would
 * only cost Redis bandwidth and AOF size.
 */
export function cursorWriteIn(sinceWriteMs: number | null, saveMs: number): number {
  if (sinceWriteMs === null) return 0;
  return Math.max(0, saveMs - sinceWriteMs);
}
