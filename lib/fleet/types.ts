import type { Args } from '../request/path.js';
import type { Thing } from '../types/call.js';
import type { RedisClient } from '../redis/ioredis.js';
import type { ItemStream, StreamOptions } from '../types/stream.js';

export type { RedisClient } from '../redis/ioredis.js';

/** Options of `fleet()`. Give every worker of a fleet the same `name`, `leaseMs` and `claimAfterMs`. */
export interface FleetOptions {
  /**
   * An ioredis client (the fleet opens its own connections from it with `duplicate()`; yours stays
   * as it is, and open), or ioredis options such as `{ host, port }`. Redis 6.2 or later; 7 for `lag` in `stats()`.
   */
  redis: RedisClient | Record<string, unknown>;
  /** The ioredis class (`import { Redis } from 'ioredis'`); needed only with options when `import('ioredis')` cannot find it. */
  Redis?: new (...args: any[]) => unknown;
  /** The fleet's name: letters, digits, `_ . : -`. Workers with the same name (on any machine) share the work. */
  name: string;
  /** How long the poller's lease lasts without renewal: a poller that dies is replaced within this. Default 15000. */
  leaseMs?: number;
  /** An item held this long by a worker that has stopped answering (it died) goes to another worker. Default 60000. */
  claimAfterMs?: number;
  /** The poller saves the stream's cursor at most this often (ms). Default 1000. */
  cursorSaveMs?: number;
  /** This worker's name in `stats()` and in Redis; unique per worker. Default: the host name and a random suffix. */
  worker?: string;
}

/** Options of `f.stream()`: those of `call.stream()`, except the cursor, which the fleet keeps in Redis. */
export type FleetStreamOptions = Omit<StreamOptions, 'cursor' | 'cursorStore'>;

/** What `f.stream()` accepts: a call object (`reddit(path)`). */
export interface Streamable {
  stream(...args: any[]): ItemStream<any>;
}

/** Arguments of the call's `.stream()`, required when its `$params` are. */
export type FleetStreamParams<C extends Streamable> = {} extends NonNullable<Parameters<C['stream']>[0]>
  ? [args?: Parameters<C['stream']>[0], options?: FleetStreamOptions]
  : [args: Parameters<C['stream']>[0], options?: FleetStreamOptions];

/**
 * The items of one fleet stream that this worker handles, oldest first; `for await` it as a plain
 * stream. An item counts as handled when the loop asks for the next one (it is then acknowledged);
 * `break` hands the item in hand back to the fleet.
 */
export interface FleetStream<T> extends AsyncIterableIterator<T> {
  /** The stream's id in its fleet (the same on every worker): keys in Redis, `stats()`, events. */
  readonly id: string;
  return(value?: unknown): Promise<IteratorResult<T, undefined>>;
}

/** A stream as events and stats name it. */
export interface FleetStreamRef {
  /** The stream's id in its fleet. */
  id: string;
  /** The listing polled, e.g. `/r/aww/comments`. */
  path: string;
}

/** Payloads of the events a fleet emits (`f.on(name, listener)`). */
export interface FleetEvents {
  /** This worker took the lease of a stream and polls it now. */
  polling: { stream: FleetStreamRef };
  /** This worker stopped polling a stream: the lease went to another worker, Redis was unreachable, the stream ended or failed, or the worker stopped. */
  standby: { stream: FleetStreamRef; reason: 'lease_lost' | 'redis_unreachable' | 'ended' | 'failed' | 'stopped' };
  /** This worker took over an item another worker held for `claimAfterMs` without a word (it died). */
  claimed: { stream: FleetStreamRef; id: string; name: string };
  /** An item this worker is handling was claimed by another worker (this one was unreachable for `claimAfterMs`): it may be handled twice. */
  lost: { stream: FleetStreamRef; id: string; name: string };
  /** Redis became unreachable: the fleet waits for it (items in hand are still acknowledged later). */
  redis_down: { error: Error | undefined };
  /** Redis is reachable again, after `downMs`. */
  redis_up: { downMs: number };
  /** A Redis step failed for a reason other than being unreachable; the fleet tries again. */
  failure: { stream?: FleetStreamRef; during: 'lease' | 'publish' | 'cursor' | 'claim' | 'ack' | 'trim' | 'read'; error: Error };
}

export type FleetEventName = keyof FleetEvents;

/** A consumer (worker reader) of a stream's consumer group. */
export interface FleetConsumer {
  name: string;
  /** Items delivered to it and not yet acknowledged. */
  pending: number;
  /** Ms since it last read, claimed or touched an item. */
  idleMs: number;
}

/** One stream of the fleet, as Redis sees it now. */
export interface FleetStreamStats extends FleetStreamRef {
  /** The arguments of the stream (`$subreddit`...). */
  args: Args;
  /** The worker polling it (holding its lease), or `null`. */
  poller: string | null;
  /** Readers of its consumer group: one per `f.stream()` loop of each worker. */
  consumers: FleetConsumer[];
  /** Items delivered to a worker and not yet acknowledged. */
  pending: number;
  /** Items published and not yet delivered to any worker (`null` where Redis cannot tell, before 7.0). */
  lag: number | null;
  /** Entries Redis keeps: pending and undelivered ones, plus acknowledged ones not yet trimmed. */
  length: number;
  /** What this worker did for the stream since it started it (absent if it did not). */
  local?: FleetLocalStats;
}

/** One worker's own counts for a stream. */
export interface FleetLocalStats {
  /** Whether this worker polls it now. */
  polling: boolean;
  /** Items this worker published as the poller. */
  published: number;
  /** Items its polls found that were published before (by a poller that died before saving its cursor), so not published again. */
  skipped: number;
  /** Items this worker handled (acknowledged). */
  handled: number;
  /** Items it claimed from workers that died. */
  claimed: number;
}

/** What `f.stats()` answers. */
export interface FleetStats {
  name: string;
  /** This worker's name. */
  worker: string;
  /** Every stream the fleet has run (on any worker). */
  streams: FleetStreamStats[];
}

/** A fleet of workers sharing streams through Redis: see `fleet()` and docs/fleet.md. */
export interface Fleet {
  readonly name: string;
  /** This worker's name. */
  readonly worker: string;
  /**
   * Stream `call` with `args` across the fleet: one worker polls (the lease holder), each item goes
   * to one worker. Name the item type as with `call.stream<T>()`: `f.stream<CommentThing>(...)`.
   */
  stream<T = never, C extends Streamable = Streamable>(call: C, ...params: FleetStreamParams<C>): FleetStream<[T] extends [never] ? Thing : T>;
  /** The fleet's streams as Redis sees them: the poller of each, consumers, pending and lag. */
  stats(): Promise<FleetStats>;
  /**
   * Hand every lease back and stop reading: each `f.stream()` loop ends when it asks for its next item
   * (the item in hand is acknowledged first). The fleet's connections then close, so a process that
   * has nothing else to do exits by itself.
   */
  close(): Promise<void>;
  on<E extends FleetEventName>(event: E, listener: (payload: FleetEvents[E]) => void): this;
  off<E extends FleetEventName>(event: E, listener: (payload: FleetEvents[E]) => void): this;
}
