/** How soon a call's sends go out among those waiting for the app's budget. */
export type Priority = 'high' | 'normal' | 'low';

const ORDER: readonly Priority[] = ['high', 'normal', 'low'];

/** One sender (an instance) behind a shared gate: its own minimum gap between starts. */
export interface Lane {
  /** The lane's minimum ms between two of its starts. */
  gap(): number;
  last: number;
  /** A waiter of this lane will wait `ms` as things stand; true once it has been told (then told again only if its wait grows). */
  waits?(ms: number): boolean;
}

/** A send waiting at the gate. */
export interface Waiter {
  lane: Lane;
  priority: Priority;
  /** Epoch ms after which it would rather fail than start (its `maxWait`); Infinity: waits as long as it takes. */
  deadline: number;
  start(): void;
  /** It would start later than its deadline: it leaves the queue with this error. */
  refuse(wait: number): void;
  /** Until when it was told it would wait (epoch ms). */
  toldUntil?: number;
}

/**
 * The gate's waiters: high before normal before low, first come first served within a priority.
 * Three arrays, so a push and the order cost nothing per waiter.
 */
export class WaitQueue {
  readonly #lists: Record<Priority, Waiter[]> = { high: [], normal: [], low: [] };

  get size(): number {
    return this.#lists.high.length + this.#lists.normal.length + this.#lists.low.length;
  }

  push(waiter: Waiter): void {
    this.#lists[waiter.priority].push(waiter);
  }

  /** Whether it was still waiting. */
  remove(waiter: Waiter): boolean {
    const list = this.#lists[waiter.priority];
    const index = list.indexOf(waiter);
    if (index < 0) return false;
    list.splice(index, 1);
    return true;
  }

  /** Waiters that go before a new one of this priority. */
  ahead(priority: Priority): number {
    let n = 0;
    for (const p of ORDER) {
      n += this.#lists[p].length;
      if (p === priority) return n;
    }
    return n;
  }

  /** In the order they go (a copy: the caller may remove waiters while walking it). */
  ordered(): Waiter[] {
    return [...this.#lists.high, ...this.#lists.normal, ...this.#lists.low];
  }
}
