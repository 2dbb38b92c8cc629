import { idOf, type Recent } from './recent.js';

/** The platform pages back about this many items of a listing; older ones cannot be reached. */
export const LISTING_CAP = 1000;

/** What the stream knows, for the decisions below (a {@link Recent} fits). */
export type Known = Pick<Recent, 'has' | 'forgotten'>;

/**
 * Which items of a poll are new, oldest first. `chain` is what the poll read, newest first (one
 * page, or several when a burst was read back). An item is new when it was not handled before and
 * either the listing puts it above an item handled before (the listing's order says it is newer,
 * whatever its time: an old post edited or reported again), or it is not older than what the
 * stream has forgotten (of its group: a stream over a subreddit list keeps a floor per subreddit). No single "newest seen" item is an anchor, so a deleted one cannot stall
 * the stream; an item listed twice (pages shifted while read) counts once.
 */
export function newItems<T>(chain: readonly T[], known: Known): T[] {
  let lastKnown = -1;
  for (let i = chain.length - 1; i >= 0; i--) {
    const id = idOf(chain[i]);
    if (id !== undefined && known.has(id)) {
      lastKnown = i;
      break;
    }
  }
  const fresh: T[] = [];
  const taken = new Set<string>();
  chain.forEach((item, i) => {
    const id = idOf(item);
    if (id === undefined || taken.has(id) || known.has(id)) return;
    if (i > lastKnown && known.forgotten(item)) return;
    taken.add(id);
    fresh.push(item);
  });
  return fresh.reverse();
}

/** Why a poll stops reading back: it reached known ground, the listing ended, or the cap. */
export type ReadBack = 'more' | 'known' | 'end' | 'cap';

/**
 * After reading `page` (newest first) with `read` items in the poll so far: follow `after` for the
 * next page, or stop. A burst bigger than a page is read back until an item handled before, an
 * item older than what the stream forgot, the listing's end, or its ~1000-item cap.
 */
export function readBack(page: readonly unknown[], after: string | null, read: number, known: Known): ReadBack {
  for (const item of page) {
    const id = idOf(item);
    if ((id !== undefined && known.has(id)) || known.forgotten(item)) return 'known';
  }
  if (after === null || page.length === 0) return 'end';
  return read >= LISTING_CAP ? 'cap' : 'more';
}

/**
 * Whether a poll that stopped for `reason` after `read` items may have missed items: it read as
 * far back as the platform lets it without reaching anything handled before.
 */
export function isGap(reason: ReadBack, read: number, limit: number): boolean {
  return reason === 'cap' || (reason === 'end' && read >= LISTING_CAP - limit);
}
