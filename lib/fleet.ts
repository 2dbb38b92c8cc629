/**
 * `snoopath/fleet` (Node only): many workers, one stream. Per stream exactly one worker polls (it
 * holds a lease in Redis), publishes each new item to a Redis Stream, and every worker reads it
 * through one consumer group, so each item goes to one worker. Opt-in; the main entry never imports
 * it, and ioredis stays an optional peer dependency. See docs/fleet.md.
 *
 *   const f = fleet({ redis: new Redis(6379), name: 'modbot' });
 *   for await (const comment of f.stream(reddit('/r/$subreddit/comments'), { $subreddit: 'aww' })) { ... }
 *   await f.close();
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { ConfigError } from './errors/classes.js';
import { FleetImpl } from './fleet/fleet.js';
import type { Fleet, FleetOptions } from './fleet/types.js';

export type {
  Fleet, FleetOptions, FleetStream, FleetStreamOptions, FleetStreamParams, FleetStreamRef, FleetEvents, FleetEventName,
  FleetStats, FleetStreamStats, FleetLocalStats, FleetConsumer, RedisClient, Streamable,
} from './fleet/types.js';

const NAME = /^[\w.:-]{1,100}$/;

function wholeMs(options: FleetOptions, key: 'leaseMs' | 'claimAfterMs' | 'cursorSaveMs', fallback: number, min: number): number {
  const value = options[key] ?? fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(key, `fleet({ ${key} }) must be a whole number of milliseconds of at least ${min}, or left out for ${fallback}.`);
  }
  return value;
}

/** A fleet of workers sharing streams through Redis. Every worker runs the same code with the same `name`. */
export function fleet(options: FleetOptions): Fleet {
  const o = (options ?? {}) as FleetOptions;
  if (!o.redis || typeof o.redis !== 'object') {
    throw new ConfigError('redis', 'fleet({ redis }) needs an ioredis client (new Redis(...)) or ioredis options such as { host: "127.0.0.1", port: 6379 }.');
  }
  if (o.Redis !== undefined && typeof o.Redis !== 'function') {
    throw new ConfigError('Redis', 'fleet({ Redis }) must be the ioredis class (import { Redis } from "ioredis"), or left out.');
  }
  if (typeof o.name !== 'string' || !NAME.test(o.name)) {
    throw new ConfigError('name', 'fleet({ name }) must name the fleet, the same on every worker: 1 to 100 letters, digits, "_", ".", ":" or "-".');
  }
  if (o.worker !== undefined && (typeof o.worker !== 'string' || !NAME.test(o.worker))) {
    throw new ConfigError('worker', 'fleet({ worker }) must be 1 to 100 letters, digits, "_", ".", ":" or "-", unique among the running workers; or left out for a generated one.');
  }
  return new FleetImpl({
    redis: o.redis,
    Redis: o.Redis,
    name: o.name,
    worker: o.worker ?? `${hostname().replace(/[^\w.:-]/g, '_').slice(0, 80)}-${randomBytes(4).toString('hex')}`,
    leaseMs: wholeMs(o, 'leaseMs', 15_000, 30),
    claimAfterMs: wholeMs(o, 'claimAfterMs', 60_000, 30),
    cursorSaveMs: wholeMs(o, 'cursorSaveMs', 1000, 0),
  });
}
