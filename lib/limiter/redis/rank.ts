import type { Priority } from '../gate/queue.js';
import type { RedisLink } from './link.js';
import { COUNT_WAITING, LIST_WAITING } from './scripts.js';

/** How long a listed send stays listed unless its process renews it: a crashed process's sends stop counting after this. */
export const LISTED_MS = 10_000;

/** The priorities above each one. */
const ABOVE: Record<Priority, Priority[]> = { high: [], normal: ['high'], low: ['high', 'normal'] };

/** Names this process's entries. */
const PROCESS = Math.random().toString(36).slice(2);
let entries = 0;

/**
 * Priorities across processes. Bottleneck orders each limiter's queue by priority, but every process
 * has a limiter (a queue) of its own, so when the budget reopens another process's low send may take
 * the unit a high one is waiting for. So every high or normal send waiting for the shared budget is
 * listed in Redis (a sorted set per priority, scored by when the entry lapses: renewed while it
 * waits, gone LISTED_MS after its process stopped renewing it), and a normal or low send about to
 * go first asks whether a send of a higher priority waits in any process: then it lets it go first.
 */
export class Ranks {
  readonly #link: RedisLink;
  readonly #key: (priority: Priority) => string;
  /** This process's listed sends, by priority. */
  readonly #mine: Record<Priority, Set<string>> = { high: new Set(), normal: new Set(), low: new Set() };
  #renewal: ReturnType<typeof setInterval> | undefined;

  constructor(link: RedisLink, prefix: string) {
    this.#link = link;
    this.#key = (priority) => `${prefix}waiting:${priority}`;
  }

  /** A send of `priority` waits for the shared budget: listed (high and normal) until the function returned is called. */
  enter(priority: Priority): () => void {
    if (priority === 'low') return () => undefined;
    const member = `${PROCESS}:${++entries}`;
    this.#mine[priority].add(member);
    this.#list(priority, [member]);
    this.#renewal ??= setInterval(() => this.#renew(), LISTED_MS / 3);
    this.#renewal.unref?.();
    return () => {
      if (!this.#mine[priority].delete(member)) return;
      if (!this.#link.down) void this.#link.guard(this.#link.conn.client.zrem(this.#key(priority), member));
      if (this.#mine.high.size + this.#mine.normal.size === 0) this.stop();
    };
  }

  /** Whether a send of a higher priority than `priority` waits in any process; false when Redis cannot tell. */
  async outranked(priority: Priority): Promise<boolean> {
    const above = ABOVE[priority];
    if (above.length === 0 || this.#link.down) return false;
    const n = await this.#link.guard<unknown>(this.#link.conn.client.eval(COUNT_WAITING, above.length, ...above.map(this.#key)));
    return typeof n === 'number' && n > 0;
  }

  stop(): void {
    clearInterval(this.#renewal);
    this.#renewal = undefined;
  }

  #list(priority: Priority, members: string[]): void {
    if (members.length > 0 && !this.#link.down) void this.#link.guard(this.#link.conn.client.eval(LIST_WAITING, 1, this.#key(priority), LISTED_MS, ...members));
  }

  #renew(): void {
    for (const priority of ['high', 'normal'] as const) this.#list(priority, [...this.#mine[priority]]);
  }
}
