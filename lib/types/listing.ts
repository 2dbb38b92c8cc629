/** One page of a listing, with the means to move through it. Slices are immutable; moving returns a new one. */
export interface ListingSlice<T> extends AsyncIterable<T> {
  /** Items of this page, stickied ones left out. */
  readonly children: T[];
  /** The stickied items of this page. */
  readonly stickied: T[];
  /** Every item of this page. */
  readonly allChildren: T[];
  /** `allChildren.length === 0`. */
  readonly empty: boolean;
  /** The page's `data.before`, or null. */
  readonly before: string | null;
  /** The page's `data.after`, or null. */
  readonly after: string | null;
  /** Items seen before this page. */
  readonly count: number;
  /** No next page (`after === null`). */
  readonly done: boolean;
  /** The whole parsed response. */
  readonly get: unknown;
  /** The following page; past the end, an empty, done slice. */
  next(): Promise<ListingSlice<T>>;
  /** The preceding page. */
  previous(): Promise<ListingSlice<T>>;
  /** The first page again. */
  start(): Promise<ListingSlice<T>>;
  /** This same page again. */
  requery(): Promise<ListingSlice<T>>;
}
