import { ArgumentError } from '../errors/classes.js';
import type { Args } from '../request/path.js';
import type { Thing } from '../types/call.js';
import type { ListingSlice } from '../types/listing.js';

/** Fetch one page with these (already copied) arguments; each page is its own call with its own retry budget. */
export type PageFetcher = (args: Args) => Promise<unknown>;

interface ListingBody {
  kind: 'Listing';
  data: { after?: string | null; before?: string | null; children?: unknown[] };
}

const isListing = (v: unknown): v is ListingBody =>
  !!v && typeof v === 'object' && (v as ListingBody).kind === 'Listing' && typeof (v as ListingBody).data === 'object';

/** Pick the listing out of a response (some endpoints answer an array of listings). */
export function listingOf(body: unknown, listingIndex: number | undefined, path: string): ListingBody {
  if (Array.isArray(body)) {
    if (listingIndex === undefined) {
      throw new ArgumentError(`${path} answers ${body.length} listings: pass callOptions.listingIndex (0 to ${body.length - 1}) to pick one.`);
    }
    body = body[listingIndex];
  }
  if (!isListing(body)) {
    throw new ArgumentError(`${path} did not answer a listing${listingIndex === undefined ? '' : ` at listingIndex ${listingIndex}`}: use get() for it instead of listing().`);
  }
  return body;
}

const fullname = (item: unknown): string | undefined => {
  const thing = item as Thing<{ name?: string; id?: string }>;
  return thing?.data?.name ?? (thing?.kind && thing.data?.id ? `${thing.kind}_${thing.data.id}` : undefined);
};

/** A page of a listing. The caller's args are copied, never mutated; every move builds a new slice. */
export class Slice<T> implements ListingSlice<T> {
  readonly allChildren: T[];
  readonly children: T[];
  readonly stickied: T[];
  readonly before: string | null;
  readonly after: string | null;
  readonly count: number;
  readonly get: unknown;
  readonly #args: Args;
  readonly #fetch: PageFetcher;

  constructor(body: unknown, listing: ListingBody | undefined, args: Args, fetch: PageFetcher) {
    this.get = body;
    this.#args = args;
    this.#fetch = fetch;
    this.allChildren = (listing?.data.children ?? []) as T[];
    this.children = [];
    this.stickied = [];
    for (const item of this.allChildren) {
      ((item as Thing<{ stickied?: boolean }>)?.data?.stickied ? this.stickied : this.children).push(item);
    }
    this.before = listing?.data.before ?? null;
    this.after = listing?.data.after ?? null;
    this.count = Number(args.count ?? 0) || 0;
  }

  get empty(): boolean {
    return this.allChildren.length === 0;
  }
  get done(): boolean {
    return this.after === null;
  }

  next(): Promise<ListingSlice<T>> {
    if (this.after === null) return Promise.resolve(new Slice<T>(undefined, undefined, { ...this.#args, count: this.count + this.allChildren.length }, this.#fetch));
    return this.#move({ after: this.after, before: undefined, count: this.count + this.allChildren.length });
  }

  previous(): Promise<ListingSlice<T>> {
    const first = fullname(this.allChildren[0]);
    if (!first) return this.start();
    const size = Number(this.#args.limit) || this.allChildren.length || 25;
    return this.#move({ before: first, after: undefined, count: Math.max(0, this.count - size) });
  }

  start(): Promise<ListingSlice<T>> {
    return this.#move({ before: undefined, after: undefined, count: undefined });
  }

  requery(): Promise<ListingSlice<T>> {
    return this.#move({});
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let slice: ListingSlice<T> = this;
    for (;;) {
      yield* slice.children;
      if (slice.done) return;
      slice = await slice.next();
    }
  }

  #move(changes: Args): Promise<ListingSlice<T>> {
    const args: Args = { ...this.#args, ...changes };
    for (const key of Object.keys(changes)) if (changes[key] === undefined) delete args[key];
    return this.#fetch(args) as Promise<ListingSlice<T>>;
  }
}
