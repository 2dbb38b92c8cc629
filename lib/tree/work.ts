import type { Forest, Stub } from './forest.js';

/** Most ids `/api/morechildren` takes in one request. */
export const BATCH = 100;

/** Which stubs the options leave alone. */
export interface Reach {
  /** Stubs whose `count` is below this stay. */
  threshold: number;
  /** Stubs deeper than this stay. */
  depth: number;
}

/** One `/api/morechildren` request: up to 100 ids, possibly from several stubs. */
export interface Batch {
  ids: string[];
  /** The ids asked of each stub, to settle it when the answer is in. */
  stubs: Map<Stub, string[]>;
}

/**
 * What is left to fetch, in the order it was found: ids for `/api/morechildren` (batched across
 * stubs, 100 at a time) and "continue this thread" stubs (one page each). Pure.
 */
export class Work {
  readonly #ids: Array<[string, Stub]> = [];
  #head = 0;
  readonly #threads: Stub[] = [];
  #threadHead = 0;
  /** Ids of requests that brought nothing new: never asked again, however often a stub lists them. */
  readonly #dead = new Set<string>();

  constructor(private readonly forest: Forest, private readonly reach: Reach) {}

  /** A stub was placed: queue its work, unless the options leave it alone. */
  add(stub: Stub): void {
    const { threshold, depth } = this.reach;
    if (stub.depth > depth || (Number(stub.thing.data.count) || 0) < threshold) return;
    // A "continue this thread" page exists only for a comment; a childless stub of the link itself is left as it is.
    if (stub.thread) {
      if (stub.owner.startsWith('t1_')) this.#threads.push(stub);
      return;
    }
    for (const id of stub.thing.data.children) if (!this.#dead.has(id)) this.#ids.push([id, stub]);
  }

  /** Ids queued (some may have arrived meanwhile and will be skipped). */
  get ids(): number {
    return this.#ids.length - this.#head;
  }

  /** "Continue this thread" pages queued. */
  get threads(): number {
    return this.#threads.length - this.#threadHead;
  }

  /** Work left that a request would still be sent for. */
  pending(): number {
    let n = 0;
    for (let i = this.#head; i < this.#ids.length; i++) if (this.#wanted(...this.#ids[i]!)) n++;
    for (let i = this.#threadHead; i < this.#threads.length; i++) if (this.#threads[i]!.open) n++;
    return n;
  }

  /** The next "continue this thread" stub still in the tree. */
  nextThread(): Stub | undefined {
    while (this.#threadHead < this.#threads.length) {
      const stub = this.#threads[this.#threadHead++]!;
      if (stub.open) return stub;
    }
    return undefined;
  }

  /** Up to 100 ids not in the tree yet, oldest first, across stubs. */
  nextBatch(): Batch | undefined {
    const ids: string[] = [];
    const stubs = new Map<Stub, string[]>();
    const taken = new Set<string>();
    while (ids.length < BATCH && this.#head < this.#ids.length) {
      const [id, stub] = this.#ids[this.#head++]!;
      if (taken.has(id) || !this.#wanted(id, stub)) continue;
      taken.add(id);
      ids.push(id);
      const asked = stubs.get(stub);
      if (asked) asked.push(id);
      else stubs.set(stub, [id]);
    }
    // Drop what was consumed now and then, so a 10,000-id queue does not keep its head forever.
    if (this.#head > 4096 && this.#head * 2 > this.#ids.length) {
      this.#ids.splice(0, this.#head);
      this.#head = 0;
    }
    return ids.length ? { ids, stubs } : undefined;
  }

  /**
   * A batch was answered and placed. The platform may answer part of a request and list the rest in
   * a new stub, whose ids are then queued again; but an answer that brought none of the ids asked
   * has nothing more to give (whatever else it holds): those ids are never asked again, however
   * often a stub lists them. So every request places an id it asked for or ends those ids, and the
   * expansion ends.
   */
  answered(batch: Batch): void {
    if (!batch.ids.some((id) => this.forest.has(id))) for (const id of batch.ids) this.#dead.add(id);
  }

  #wanted(id: string, stub: Stub): boolean {
    return stub.open && !this.forest.has(id) && !this.#dead.has(id);
  }
}
