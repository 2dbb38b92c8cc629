/** How many handled items a stream remembers per request it polls: three pages of 100, so deletions and late arrivals have room. */
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

/** A handled item as a cursor keeps it: fullname, time, and (streams over a subreddit list) its subreddit. */
export type Entry = [string, number | null] | [string, number | null, string];

/** The group of a stream with no subreddit list: everything it polls is one. */
export const ONE = '';

/**
 * The items a stream has handled, newest last, bounded to `capacity`. Items belong to a group: the
 * whole stream (`ONE`), or, for a stream over a subreddit list, their subreddit. Each group has a
 * floor: forgetting an item raises its group's floor to the item's time, so "not remembered and
 * older than its floor" still means "handled": every handled item newer than the floor is
 * remembered. A group without a floor yet is new to the stream (its first poll decides).
 *
 * A time later than `now()` (a wrong clock, a hostile server) is taken as now: once forgotten, a
 * time in the future would make every item after it "older than the floor", and bursts would be
 * dropped without a gap being reported.
 */
export class Recent {
  readonly #items = new Map<string, [number | null, string]>();
  readonly #floors = new Map<string, number | null>();

  constructor(
    entries: readonly Entry[] = [],
    floors: ReadonlyMap<string, number | null> = new Map(),
    readonly capacity = REMEMBER,
    readonly now: () => number = nowInSeconds,
    readonly groupOf: (item: unknown) => string = () => ONE,
  ) {
    for (const [group, floor] of floors) {
      this.#floors.set(group, null);
      this.raiseFloor(floor, group);
    }
    for (const [id, time, group = ONE] of entries) this.add(id, time, group);
  }

  /** The floor of a stream with no subreddit list (`null`: nothing forgotten, or not started). */
  get floor(): number | null {
    return this.#floors.get(ONE) ?? null;
  }

  /** Each group's floor. */
  floors(): Map<string, number | null> {
    return new Map(this.#floors);
  }

  get size(): number {
    return this.#items.size;
  }

  has(id: string): boolean {
    return this.#items.has(id);
  }

  /** Whether a group has no floor yet: the stream has not polled it before. */
  isNew(group: string): boolean {
    return !this.#floors.has(group);
  }

  /** Whether an item not remembered is older than its group's floor, i.e. handled long ago or before the stream began. */
  forgotten(item: unknown): boolean {
    const time = timeOf(item);
    const floor = this.#floors.get(this.groupOf(item));
    return time !== null && floor !== null && floor !== undefined && time < floor;
  }

  /** Remember a handled item. */
  remember(item: unknown): void {
    this.add(idOf(item) as string, timeOf(item), this.groupOf(item));
  }

  /** Remember a handled item by its parts; the oldest is forgotten beyond capacity. */
  add(id: string, time: number | null, group: string = ONE): void {
    this.#items.delete(id);
    this.#items.set(id, [this.#notLater(time), group]);
    while (this.#items.size > this.capacity) {
      const [oldest, [t, g]] = this.#items.entries().next().value as [string, [number | null, string]];
      this.#items.delete(oldest);
      // A group no longer polled (a subreddit taken off the list) keeps no floor.
      if (!this.isNew(g)) this.raiseFloor(t, g);
    }
  }

  /** Items of `group` older than `time` count as handled from now on (the start of a stream or group, an item forgotten). */
  raiseFloor(time: number | null, group: string = ONE): void {
    const t = this.#notLater(time);
    const floor = this.#floors.get(group) ?? null;
    if (t !== null && (floor === null || t > floor)) this.#floors.set(group, t);
    else if (!this.#floors.has(group)) this.#floors.set(group, floor);
  }

  /** Oldest first, as the cursor keeps them; the group only for items of a subreddit list. */
  entries(): Entry[] {
    return [...this.#items].map(([id, [time, group]]) => (group === ONE ? [id, time] : [id, time, group]));
  }

  #notLater(time: number | null): number | null {
    // Whole seconds, as the platform gives created_utc: an item of this second is not older than now.
    return time === null ? null : Math.min(time, Math.floor(this.now()));
  }
}
