import type { Args } from '../request/path.js';
import { idOf } from '../stream/recent.js';
import type { ItemStream, StreamOptions } from '../types/stream.js';
import { FencedCursor } from './cursor.js';
import type { Emit } from './events.js';
import { Lease, type Role } from './lease.js';
import type { Conn } from './redis/link.js';
import type { StreamKeys } from './rules/keys.js';
import type { FleetLocalStats, FleetStreamRef, Streamable } from './types.js';
import { isReply, pause, unless, within } from './wait.js';

/** Fullnames remembered per stream against publishing twice: as many as a poll can read back (the listing's ~1000). */
export const PUBLISHED_KEEP = 1000;
/** How long stopping waits for Redis (last cursor, lease handed back) before giving up on it. */
export const STOP_GRACE_MS = 2000;

export interface PollerSettings {
  conn: Conn;
  keys: StreamKeys;
  ref: FleetStreamRef;
  token: string;
  leaseMs: number;
  cursorSaveMs: number;
  call: Streamable;
  args: Args;
  /** Aborts when the fleet's connections are closed (see `unless`). */
  closed: AbortSignal;
  /** Whether Redis is unreachable now: then stopping does not wait for it. */
  down(): boolean;
  options: StreamOptions;
  emit: Emit;
}

/** One run of the plain stream, while this worker holds the lease. */
interface Run {
  stop: AbortController;
  done: Promise<void>;
}

/**
 * One stream's poller on this worker: contends for the lease and, while it holds it, runs the
 * plain stream (`call.stream()`, so every stream option keeps its meaning) with the cursor in
 * Redis, publishing each new item to the Redis Stream. An item counts as handled by the plain
 * stream (and enters its cursor) only once it is published.
 */
export class Poller {
  readonly counts: Pick<FleetLocalStats, 'published' | 'skipped'> = { published: 0, skipped: 0 };
  /** The error that ended polling for good (a mistake polling again cannot fix): the readers end with it. */
  failure: unknown;
  /** The plain stream ended by itself (caught up): this worker polls it no more. */
  ended = false;
  readonly #s: PollerSettings;
  readonly #lease: Lease;
  readonly #cursor: FencedCursor;
  readonly #listeners = new Set<() => void>();
  #want = false;
  #stopping = false;
  #run: Run | undefined;
  #syncing: Promise<void> | undefined;

  constructor(settings: PollerSettings) {
    this.#s = settings;
    const fail = (during: 'lease' | 'cursor') => (error: Error) => {
      if (!this.#stopping) settings.emit('failure', { stream: settings.ref, during, error });
    };
    this.#cursor = new FencedCursor(settings.conn, settings.keys, settings.token, settings.cursorSaveMs, fail('cursor'));
    this.#lease = new Lease(settings.conn, settings.keys, settings.token, settings.leaseMs, (role) => this.#role(role), fail('lease'));
  }

  get polling(): boolean {
    return this.#run !== undefined;
  }

  start(): void {
    this.#lease.start();
  }

  /** Another worker handed the lease back: contend for it now (unless this worker is done with the stream). */
  handedOver(): void {
    if (!this.ended && this.failure === undefined && !this.#stopping) this.#lease.lookNow();
  }

  /** Called when polling ends for good (`ended` or `failure`): readers waiting for items look again. */
  onSettled(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stop polling: the last cursor saved, the lease handed back. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#want = false;
    // A publish waiting for a Redis that is away ends when the connections close.
    await within(this.#sync('stopped'), this.#grace(), undefined);
    await this.#lease.stop(this.#grace());
  }

  /** How long a last write (cursor, lease handed back) may wait for Redis: not at all while it is away. */
  #grace(): number {
    return this.#s.down() ? 0 : STOP_GRACE_MS;
  }

  #role(role: Role): void {
    this.#want = role.poll && !this.ended && this.failure === undefined && !this.#stopping;
    void this.#sync(role.poll ? 'stopped' : role.reason);
  }

  /** Start or stop the plain stream to match the lease, one change at a time. */
  #sync(reason: 'lease_lost' | 'redis_unreachable' | 'stopped'): Promise<void> {
    return (this.#syncing ??= (async () => {
      while (this.#want !== (this.#run !== undefined)) {
        if (this.#want) {
          const run: Run = { stop: new AbortController(), done: Promise.resolve() };
          this.#run = run;
          run.done = this.#pump(run);
          this.#s.emit('polling', { stream: this.#s.ref });
        } else {
          const run = this.#run!;
          run.stop.abort();
          this.#s.emit('standby', { stream: this.#s.ref, reason });
          // The pump clears #run as it ends.
          await run.done;
        }
      }
    })().finally(() => (this.#syncing = undefined)));
  }

  async #pump(run: Run): Promise<void> {
    const { signal } = run.stop;
    const { call, args, options } = this.#s;
    const stream: ItemStream<unknown> = call.stream(args, { ...options, cursorStore: this.#cursor, signal });
    try {
      for await (const item of stream) {
        // Not asking the stream for the next item leaves this one out of its cursor: the next poller reads it again.
        const published = await this.#publish(item, signal);
        if (signal.aborted) return;
        if (!published) return this.#step('lease_lost');
      }
      if (!signal.aborted) this.#step('ended');
    } catch (error) {
      if (!signal.aborted) {
        this.failure = error;
        this.#step('failed');
      }
    } finally {
      await this.#cursor.flush(this.#grace());
      if (this.#run === run) this.#run = undefined;
      if (this.ended || this.failure !== undefined) {
        // Over for good: the cursor is saved, the lease goes back (another worker may poll), the readers look again.
        void this.#lease.stop(this.#grace());
        for (const listener of this.#listeners) listener();
      } else if (this.#want) {
        // The lease came back meanwhile: poll again.
        void this.#sync('stopped');
      }
    }
  }

  /** Publish one item; false when this worker must stop polling (lease lost, or stopped). */
  async #publish(item: unknown, signal: AbortSignal): Promise<boolean> {
    const { conn, keys, token, emit, ref } = this.#s;
    const name = idOf(item);
    if (name === undefined) return true;
    const json = JSON.stringify(item);
    for (let failures = 0; !signal.aborted; failures++) {
      try {
        const r = Number(await unless(conn.fleetPublish(keys.lease, keys.published, keys.items, token, name, json, PUBLISHED_KEEP), this.#s.closed));
        if (r === 1) this.counts.published++;
        else if (r === 0) this.counts.skipped++;
        return r !== -1;
      } catch (error) {
        if (signal.aborted || this.#stopping || !isReply(error)) return false;
        emit('failure', { stream: ref, during: 'publish', error: error as Error });
        await pause(Math.min(100 * 2 ** failures, 5000), signal);
      }
    }
    return false;
  }

  /**
   * The pump stops by itself: the lease was found another's (look at it again), or polling is over
   * for good (once the cursor is saved, the pump hands the lease back and wakes the readers).
   */
  #step(reason: 'lease_lost' | 'ended' | 'failed'): void {
    if (reason === 'ended') this.ended = true;
    this.#want = false;
    this.#s.emit('standby', { stream: this.#s.ref, reason });
    if (reason === 'lease_lost') this.#lease.recheck();
  }
}
