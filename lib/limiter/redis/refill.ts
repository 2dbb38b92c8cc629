import type { RedisLink } from './link.js';
import { CLOSE_UNTIL, REOPEN } from './scripts.js';

/** A budget's keys in Redis: Bottleneck's settings hash, the refill time, and the channel its limiters listen on. */
export interface BudgetKeys {
  settings: string;
  refill: string;
  channel: string;
}

/**
 * When an exhausted shared budget reopens: at the end of the window the first process saw closed
 * (kept in Redis, so a process that starts after the others stopped does not wait for a refill that
 * will never come), or when Redis comes back. Every step is a bounded round trip (RedisLink.guard).
 */
export class Refill {
  readonly #link: RedisLink;
  readonly #keys: BudgetKeys;
  readonly #closed: () => boolean;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(link: RedisLink, keys: BudgetKeys, closed: () => boolean) {
    this.#link = link;
    this.#keys = keys;
    this.#closed = closed;
  }

  /** Reopen (probe again) unless the window is not over yet, or another process reopened already. */
  async check(): Promise<void> {
    const link = this.#link;
    if (this.#closed() || link.down) return;
    const ttl = await link.guard<unknown>(link.conn.client.pttl(this.#keys.refill));
    if (typeof ttl !== 'number') return;
    if (ttl > 0) return this.#schedule(ttl);
    await link.guard(link.conn.client.eval(REOPEN, 2, this.#keys.settings, this.#keys.refill, Date.now(), this.#keys.channel));
  }

  /** Closed until `at` (epoch ms): the first process to see the window closed sets the time, later ones only know a later bound. */
  async until(at: number): Promise<void> {
    const wait = Math.ceil(at - Date.now());
    if (wait <= 0 || this.#link.down) return;
    await this.#link.guard(this.#link.conn.client.set(this.#keys.refill, String(at), 'PX', wait, 'NX'));
    // Sends waiting inside Bottleneck are not in this process's gate, whose reopening is lazy: reopen Redis on time.
    this.#schedule(wait);
  }

  /** Closed for `ms` more, or later if a process set a later time (CLOSE_UNTIL keeps the later of the two). */
  async for(ms: number): Promise<void> {
    if (this.#link.down) return;
    await this.#link.guard(this.#link.conn.client.eval(CLOSE_UNTIL, 1, this.#keys.refill, Date.now() + ms, ms));
    await this.check();
  }

  /** Ms until the budget reopens (0 when it is not closed, or Redis cannot tell). */
  left(): Promise<number> {
    return this.#link.msLeft(this.#keys.refill);
  }

  stop(): void {
    clearTimeout(this.#timer);
  }

  #schedule(ms: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.check(), ms + 10);
    this.#timer.unref?.();
  }
}
