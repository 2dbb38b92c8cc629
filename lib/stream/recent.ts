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

/**
 * The items a stream has handled, newest last, bounded to `capacity`. Forgetting an item raises
 * `floor` to its time, so "not remembered and older than the floor" still means "handled": every
 * handled item newer than the floor is remembered.
 */
export class Recent {
  readonly #items = new Map<string, number | null>();
  #floor: number | null;

  constructor(
    entries: ReadonlyArray<readonly [string, number | null]> = [],
    floor: number | null = null,
    readonly capacity = REMEMBER,
  ) {
    this.#floor = floor;
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
    this.#items.set(id, time);
    while (this.#items.size > this.capacity) {
      const [oldest, t] = this.#items.entries().next().value as [string, number | null];
      this.#items.delete(oldest);
      this.raiseFloor(t);
    }
  }

  /** Items older than `time` count as handled from now on (the start of a stream, an item forgotten). */
  raiseFloor(time: number | null): void {
    if (time !== null && (this.#floor === null || time > this.#floor)) this.#floor = time;
  }

  /** Oldest first, as the cursor keeps them. */
  entries(): Array<[string, number | null]> {
    return [...this.#items];
  }
}
