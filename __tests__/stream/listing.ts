/**
 * A listing in memory for the stream's unit tests: what a `Source` (lib/stream/poll.ts) needs of a
 * call, with pages that follow `limit` and `after` as the platform's do. No sockets, no emulator.
 */
import type { Args } from '../../lib/request/path.js';
import { Emitter } from '../../lib/events/emitter.js';
import type { Host } from '../../lib/stream/own.js';
import type { Source } from '../../lib/stream/poll.js';
import type { CallOptions } from '../../lib/types/call.js';
import type { ListingSlice } from '../../lib/types/listing.js';

export interface Item {
  kind: string;
  data: { id: string; name: string; created_utc?: number; author?: string; subreddit?: string; body?: string };
}

export class Listing implements Source {
  /** Newest first, as the platform lists them. */
  readonly items: Item[] = [];
  /** The arguments of every page asked. */
  readonly asked: Args[] = [];
  /** The path of every page asked. */
  readonly paths: string[] = [];
  /** The priority of every page asked (undefined: the call layer's default, normal). */
  readonly priorities: Array<CallOptions['priority']> = [];
  #n = 0;

  /** `count` new comments created at `time` (seconds), newest last in the call, newest first in the listing; their names. */
  add(count: number, time: number, fields: Partial<Item['data']> = {}): string[] {
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = (1_000_000 + this.#n++).toString(36);
      this.items.unshift({ kind: 't1', data: { id, name: `t1_${id}`, created_utc: time, author: 'someone', ...fields } });
      names.push(`t1_${id}`);
    }
    return names;
  }

  async listing(path: string, args: Args = {}, options: CallOptions = {}): Promise<ListingSlice<unknown>> {
    this.paths.push(path);
    this.asked.push({ ...args });
    this.priorities.push(options.priority);
    await new Promise((r) => setTimeout(r, 0));
    if (options.signal?.aborted) throw options.signal.reason;
    const limit = Number(args.limit ?? 25);
    const from = args.after ? this.items.findIndex((i) => i.data.name === args.after) + 1 : 0;
    const page = this.items.slice(from, from + limit);
    const after = from + limit < this.items.length ? page.at(-1)!.data.name : null;
    const slice = {
      allChildren: page,
      children: page,
      after,
      next: () => this.listing(path, { ...args, after }, options),
    };
    return slice as unknown as ListingSlice<unknown>;
  }
}

export const nameOf = (item: unknown): string => (item as Item).data.name;

/** A stream's host over `source`: a script app's account `the_bot` unless told otherwise. */
export function hostOf(source: Source, extra: Partial<Host> = {}): Host {
  return { events: new Emitter(), username: 'the_bot', oauth: true, send: async () => ({ name: 'the_bot' }), listing: (...a) => source.listing(...a), ...extra };
}
