import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call-options.js';
import type { ListingSlice } from '../types/listing.js';
import { isGap, newItems, readBack } from './decide.js';
import type { Poll } from './listings.js';
import { idOf, timeOf, type Recent } from './recent.js';
import { pollOptions, type Settings } from './settings.js';

/** What a stream needs to read a listing: a page of a path, through the instance's call layer. */
export interface Source {
  listing(path: string, args: Args, options: CallOptions): Promise<ListingSlice<unknown>>;
}

/** How one poll of every request went: the new items, oldest first, and whether groups were polled for the first time. */
export interface Found {
  items: unknown[];
  opened: boolean;
}

/**
 * One request of a poll: its first page, and the pages after it while a burst keeps them all new.
 * `onGap(label, read)` is told when the read-back hit the listing's cap first.
 *
 * The first poll of a group (a stream without a cursor, a subreddit added to a list) reads one
 * page: what it lists was there before the stream, yielded only when `yieldExisting` (a stream
 * started without a cursor and without `skipExisting`), else remembered as handled; anything older
 * is before the stream's time (the group's floor).
 */
export async function pollOne(source: Source, poll: Poll, s: Settings, recent: Recent, signal: AbortSignal, onGap: (label: string, read: number) => void, yieldExisting: boolean): Promise<Found> {
  const opening = poll.groups.filter((g) => recent.isNew(g));
  let slice = await source.listing(poll.path, { ...poll.args, limit: s.limit }, pollOptions(s, signal));
  const chain = [...slice.allChildren];
  while (opening.length < poll.groups.length) {
    const why = readBack(slice.allChildren, slice.after, chain.length, recent);
    if (why !== 'more') {
      if (isGap(why, chain.length, s.limit)) onGap(poll.label, chain.length);
      break;
    }
    slice = await slice.next();
    chain.push(...slice.allChildren);
  }
  if (opening.length === 0) return { items: newItems(chain, recent), opened: false };
  const isOpening = (item: unknown) => opening.includes(recent.groupOf(item));
  const existing = chain.filter(isOpening);
  let oldest: number | null = null;
  for (const item of chain) {
    const t = timeOf(item);
    if (t !== null && (oldest === null || t < oldest)) oldest = t;
  }
  for (const g of opening) recent.raiseFloor(oldest, g);
  if (yieldExisting) return { items: newItems(chain, recent), opened: true };
  for (const item of newItems(existing, recent)) recent.remember(item);
  return { items: newItems(chain.filter((item) => !isOpening(item)), recent), opened: true };
}

/** Lists of items, each oldest first, as one list oldest first (by `created_utc`; an item without one keeps its place in its list). */
export function oldestFirst(lists: readonly unknown[][]): unknown[] {
  if (lists.length === 1) return lists[0]!;
  const at = lists.map(() => 0);
  const out: unknown[] = [];
  const taken = new Set<string>();
  for (;;) {
    let pick = -1;
    let best = Infinity;
    for (let i = 0; i < lists.length; i++) {
      if (at[i]! >= lists[i]!.length) continue;
      const t = timeOf(lists[i]![at[i]!]) ?? -Infinity;
      if (t < best || pick < 0) [pick, best] = [i, t];
    }
    if (pick < 0) return out;
    const item = lists[pick]![at[pick]!++];
    // The same item through two requests (a virtual name beside a subreddit it covers): once.
    const id = idOf(item) as string;
    if (!taken.has(id)) out.push(item);
    taken.add(id);
  }
}

/** A poll: every request in turn (each read back as needed), their new items merged oldest first. */
export async function pollAll(source: Source, polls: readonly Poll[], s: Settings, recent: Recent, signal: AbortSignal, onGap: (label: string, read: number) => void, yieldExisting: boolean): Promise<Found> {
  const lists: unknown[][] = [];
  let opened = false;
  for (const poll of polls) {
    const found = await pollOne(source, poll, s, recent, signal, onGap, yieldExisting);
    lists.push(found.items);
    opened ||= found.opened;
  }
  return { items: oldestFirst(lists), opened };
}
