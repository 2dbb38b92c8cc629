/** How many handled items a stream remembers: three pages of 100, so deletions and late arrivals have room. */
export const REMEMBER = 300;

/** An item's identity: `data.name`, else `kind_id` (mod log entries have an `id` but no `name`). */
export function idOf(item: unknown): string | undefined {
  const thing = item as { kind?: unknown; data?: { name?: unknown; id?: unknown } } | null;
  const data = thing?.data;
  if (!data || typeof data !== 'object') return undefined;
  if (typeof data.name === 'string' && data.name) return data.name;
  return typeof thing!.kind === 'string' && (typeof data.id === 'string' || typeof data.id === 'number') ? `${thing!.kind}_${data.id}` : undefined;
}

/** An item's `created_utc` in seconds, or null when it has none. */
export function timeOf(item: unknown): number | null {
  const t = (item as { data?: { created_utc?: unknown } } | null)?.data?.created_utc;
  return typeof t === 'number' && Number.isFinite(t) ? t : null;
}

/** The clock in seconds, as `created_utc` counts. */
export const nowInSeconds = (): number => Date.now() / 1000;

/**
 * The items a stream has handled, newest last, bounded to `capacity`. Forgetting an item raises
 * `floor` to its time, so "not remembered and older than the floor" still means "handled": every
 * handled item newer than the floor is remembered.
 *
 * A time later than `now()` (a wrong clock, a hostile server) is taken as now: once forgotten, a
 * time in the future would make every item after it "older than the floor", and bursts would be
 * dropped without a gap being reported.
 */
export class Recent {
  readonly #items = new Map<string, number | null>();
  #floor: number | null;

  constructor(
    entries: ReadonlyArray<readonly [string, number | null]> = [],
    floor: number | null = null,
    readonly capacity = REMEMBER,
    readonly now: () => number = nowInSeconds,
  ) {
    this.#floor = null;
    this.raiseFloor(floor);
    for (const [id, time] of entries) this.add(id, time);
  }

  get floor(): number | null {
    return this.#floor;
  }

  get size(): number {
    return this.#items.size;
  }

  has(id: string): boolean {
    return this.#items.has(id);
  }

  /** Whether an item not remembered is older than the floor, i.e. handled long ago or before the stream began. */
  forgotten(time: number | null): boolean {
    return time !== null && this.#floor !== null && time < this.#floor;
  }

  /** Remember a handled item; the oldest is forgotten beyond capacity. */
  add(id: string, time: number | null): void {
    this.#items.delete(id);
    this.#items.set(id, this.#notLater(time));
    while (this.#items.size > this.capacity) {
      const [oldest, t] = this.#items.entries().next().value as [string, number | null];
      this.#items.delete(oldest);
      this.raiseFloor(t);
    }
  }

  /** Items older than `time` count as handled from now on (the start of a stream, an item forgotten). */
  raiseFloor(time: number | null): void {
    const t = this.#notLater(time);
    if (t !== null && (this.#floor === null || t > this.#floor)) this.#floor = t;
  }

  #notLater(time: number | null): number | null {
    // Whole seconds, as the platform gives created_utc: an item of this second is not older than now.
    return time === null ? null : Math.min(time, Math.floor(this.now()));
  }

  /** Oldest first, as the cursor keeps them. */
  entries(): Array<[string, number | null]> {
    return [...this.#items];
  }
}
