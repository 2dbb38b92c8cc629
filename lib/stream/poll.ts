import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call-options.js';
import type { ListingSlice } from '../types/listing.js';
import { isGap, newItems, readBack } from './decide.js';
import { idOf, Recent, timeOf } from './recent.js';
import { pollOptions, type Settings } from './settings.js';

/**
 * What a stream needs of the call it polls: its path and its pages. lib/client/call.ts hands itself in;
 * naming only this keeps the stream (loaded by the call) from importing the call.
 */
export interface Source {
  readonly path: string;
  listing(args?: Args, options?: CallOptions): Promise<ListingSlice<unknown>>;
}

const page = (call: Source, args: Args, s: Settings, signal: AbortSignal): Promise<ListingSlice<unknown>> =>
  call.listing({ ...args, limit: s.limit }, pollOptions(s, signal));

/**
 * The first poll of a stream without a cursor: its first page is what exists. It is yielded
 * (oldest first), or with `skipExisting` remembered as handled; anything older is before the
 * stream's time.
 */
export async function firstPoll(call: Source, args: Args, s: Settings, signal: AbortSignal): Promise<{ recent: Recent; fresh: unknown[] }> {
  const items = (await page(call, args, s, signal)).allChildren;
  const recent = new Recent();
  let oldest: number | null = null;
  for (const item of items) {
    const t = timeOf(item);
    if (t !== null && (oldest === null || t < oldest)) oldest = t;
  }
  recent.raiseFloor(oldest);
  const fresh = newItems(items, recent);
  if (!s.skipExisting) return { recent, fresh };
  for (const item of fresh) recent.add(idOf(item) as string, timeOf(item));
  return { recent, fresh: [] };
}

/**
 * A poll of a running (or resumed) stream: the first page, and the pages after it while a burst
 * keeps them all new. `onGap(read)` is told when the read-back hit the listing's cap first.
 */
export async function poll(call: Source, args: Args, s: Settings, recent: Recent, signal: AbortSignal, onGap: (read: number) => void): Promise<unknown[]> {
  let slice = await page(call, args, s, signal);
  const chain = [...slice.allChildren];
  for (;;) {
    const why = readBack(slice.allChildren, slice.after, chain.length, recent);
    if (why !== 'more') {
      if (isGap(why, chain.length, s.limit)) onGap(chain.length);
      return newItems(chain, recent);
    }
    slice = await slice.next();
    chain.push(...slice.allChildren);
  }
}
