import { performance } from 'node:perf_hooks';
import type { Conn } from './redis/link.js';
import { leaseStep, renewEvery, UNREACHABLE, type LeaseReply } from './rules/lease.js';
import { pause, within } from './wait.js';

export type Role = { poll: true } | { poll: false; reason: 'lease_lost' | 'redis_unreachable' };

/**
 * A worker's side of one stream's lease: looks at it (takes it when free, renews it when its own),
 * tells the poller its role after each look, and hands it back when stopped. The decisions are in
 * rules/lease.ts; this is the Redis round trip and the timer.
 */
export class Lease {
  readonly #conn: Conn;
  readonly #key: string;
  readonly #items: string;
  readonly #token: string;
  readonly #leaseMs: number;
  readonly #onRole: (role: Role) => void;
  readonly #onFailure: (error: Error) => void;
  readonly #stop = new AbortController();
  #confirmedAt: number | null = null;
  #polling = false;
  #loop: Promise<void> | undefined;
  #wake = new AbortController();

  constructor(conn: Conn, keys: { lease: string; items: string }, token: string, leaseMs: number, onRole: (role: Role) => void, onFailure: (error: Error) => void) {
    this.#conn = conn;
    this.#key = keys.lease;
    this.#items = keys.items;
    this.#token = token;
    this.#leaseMs = leaseMs;
    this.#onRole = onRole;
    this.#onFailure = onFailure;
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** Stop looking and hand the lease back if this worker may hold it (waiting at most `graceMs` for Redis). */
  async stop(graceMs: number): Promise<void> {
    this.#stop.abort();
    await this.#loop;
    if (this.#confirmedAt === null) return;
    this.#confirmedAt = null;
    await within(this.#conn.fleetRelease(this.#key, this.#items, this.#token).catch(() => undefined), graceMs, undefined);
  }

  /** The poller found the lease gone (a fenced write was refused): it no longer polls; look again now. */
  recheck(): void {
    this.#polling = false;
    this.#wake.abort();
  }

  /** The holder handed the lease back: look now rather than at the next turn. */
  lookNow(): void {
    this.#wake.abort();
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal;
    while (!signal.aborted) {
      const reply = await this.#look();
      if (signal.aborted) return;
      const step = leaseStep(reply, { polling: this.#polling, confirmedAgoMs: this.#confirmedAt === null ? null : performance.now() - this.#confirmedAt }, this.#leaseMs);
      if (step.poll !== this.#polling) {
        this.#polling = step.poll;
        this.#onRole(step.poll ? { poll: true } : { poll: false, reason: reply === UNREACHABLE ? 'redis_unreachable' : 'lease_lost' });
      }
      if (step.nextMs > 0 && !this.#wake.signal.aborted) await pause(step.nextMs, AbortSignal.any([signal, this.#wake.signal]));
      if (this.#wake.signal.aborted) this.#wake = new AbortController();
    }
  }

  async #look(): Promise<LeaseReply | typeof UNREACHABLE> {
    const sent = performance.now();
    let reply: unknown;
    try {
      reply = await within(this.#conn.fleetLease(this.#key, this.#token, this.#leaseMs), renewEvery(this.#leaseMs), UNREACHABLE);
    } catch (error) {
      if (!this.#stop.signal.aborted) this.#onFailure(error as Error);
      return UNREACHABLE;
    }
    if (reply === UNREACHABLE || !Array.isArray(reply)) return UNREACHABLE;
    if (Number(reply[0]) === 1) {
      this.#confirmedAt = sent;
      return { held: true };
    }
    return { held: false, ttlMs: Number(reply[1]), holder: reply[2] === undefined || reply[2] === null ? null : String(reply[2]) };
  }
}
