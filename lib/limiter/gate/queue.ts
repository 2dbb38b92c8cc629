/** How soon a call's sends go out among those waiting for the app's budget. */
export type Priority = 'high' | 'normal' | 'low';

const RANK: Record<Priority, number> = { high: 0, normal: 1, low: 2 };

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

/** The gate's waiters: high before normal before low, first come first served within a priority. */
export class WaitQueue {
  readonly #waiters: Waiter[] = [];

  get size(): number {
    return this.#waiters.length;
  }

  push(waiter: Waiter): void {
    this.#waiters.splice(this.ahead(waiter.priority), 0, waiter);
  }

  remove(waiter: Waiter): void {
    const index = this.#waiters.indexOf(waiter);
    if (index >= 0) this.#waiters.splice(index, 1);
  }

  /** Waiters that go before a new one of this priority. */
  ahead(priority: Priority): number {
    const rank = RANK[priority];
    let n = 0;
    while (n < this.#waiters.length && RANK[this.#waiters[n]!.priority] <= rank) n++;
    return n;
  }

  /** In the order they go (a copy: the caller may remove waiters while walking it). */
  ordered(): Waiter[] {
    return [...this.#waiters];
  }
}
