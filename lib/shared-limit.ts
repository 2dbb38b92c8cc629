/**
 * `snoopath/shared-limit` (Node only): one rate-limit budget for every process that uses the same
 * OAuth client id, kept in Redis by Bottleneck's clustering. Opt-in; the main entry never imports it.
 *
 *   const limiter = sharedLimit({ redis: new Redis(6379) });
 *   const reddit = new Snoopath({ ..., limiter });
 *   ...
 *   await limiter.close();
 */
import Bottleneck from 'bottleneck';
import { ConfigError } from './errors/classes.js';
import type { SharedBudget, SharedLimiter } from './types/shared-limiter.js';
import { closedError, RedisBudget } from './limiter/redis/budget.js';
import { RedisLink, REDIS_STEP_MS, type Connection } from './limiter/redis/link.js';
import { ioredisClass, type RedisClass, type RedisClient } from './redis/ioredis.js';
import { within } from './wait/within.js';

export type { RedisClient } from './redis/ioredis.js';

export type { SharedBudget, SharedBudgetSettings, SharedLimiter } from './types/shared-limiter.js';

export interface SharedLimitOptions {
  /** An ioredis client (you keep owning it: `close()` leaves it open), or ioredis options such as `{ host, port }` (then `close()` quits the connection it opened). */
  redis: RedisClient | Record<string, unknown>;
  /** The ioredis module (`import { Redis } from 'ioredis'`); needed only with options when `import('ioredis')` cannot find it. */
  Redis?: new (...args: any[]) => unknown;
  /** Name of the shared budget in Redis; default `snoopath:<client id>`, so processes with the same client id share it. */
  id?: string;
  /** A send that has not finished after this many ms no longer counts as running (it frees what a crashed process held). Default 60000. */
  jobExpiration?: number;
  /** Redis or Bottleneck failures (the budget keeps working when Redis comes back). Default: ignored. */
  onError?: (error: Error) => void;
}

/** What `sharedLimit()` returns: pass it as the `limiter` option of every instance that should share. */
export interface SharedLimit extends SharedLimiter {
  /** Stop: calls still waiting reject, Redis subscriptions end (and the connection, when snoopath opened it). */
  close(): Promise<void>;
}



/** A budget shared across processes through Redis (Bottleneck clustering). */
export function sharedLimit(options: SharedLimitOptions): SharedLimit {
  const { redis, Redis, id, jobExpiration = 60_000, onError } = (options ?? {}) as SharedLimitOptions;
  if (!redis || typeof redis !== 'object') {
    throw new ConfigError('redis', 'sharedLimit({ redis }) needs an ioredis client (new Redis(...)) or ioredis options such as { host: "127.0.0.1", port: 6379 }.');
  }
  if (Redis !== undefined && typeof Redis !== 'function') {
    throw new ConfigError('Redis', 'sharedLimit({ Redis }) must be the ioredis class (import { Redis } from "ioredis"), or left out.');
  }
  if (id !== undefined && (typeof id !== 'string' || id === '')) {
    throw new ConfigError('id', 'sharedLimit({ id }) must be a non-empty string naming the shared budget, or left out for "snoopath:<client id>".');
  }
  if (!Number.isInteger(jobExpiration) || jobExpiration <= 0) {
    throw new ConfigError('jobExpiration', 'sharedLimit({ jobExpiration }) must be a whole number of milliseconds above 0 (longer than requestTimeout).');
  }
  const given = typeof (redis as RedisClient).duplicate === 'function' ? (redis as RedisClient) : undefined;
  let closed = false;
  const report = (error: Error) => {
    if (!closed) onError?.(error);
  };

  let connection: Promise<RedisLink> | undefined;
  const connect = () =>
    (connection ??= (async () => {
      const Module = await ioredisClass(Redis ?? (given?.constructor as RedisClass | undefined), 'sharedLimit()');
      if (closed) throw closedError();
      const conn = new Bottleneck.IORedisConnection(given ? { client: given as any, Redis: Module } : { clientOptions: redis, Redis: Module }) as Connection;
      conn.on('error', report);
      // Bottleneck waits for "ready", which a lazyConnect client (and its duplicate) never reach by themselves.
      for (const client of [conn.client, conn.subscriber]) if (client.status === 'wait') client.connect().catch(report);
      return new RedisLink(conn, report);
    })());

  const budgets = new Map<string, RedisBudget>();
  return {
    attach(clientId: string): SharedBudget {
      if (closed) throw closedError();
      const name = id ?? `snoopath:${clientId}`;
      let budget = budgets.get(name);
      if (!budget) budgets.set(name, (budget = new RedisBudget(name, connect(), jobExpiration, report, () => closed)));
      return budget;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...budgets.values()].map((b) => b.close()));
      budgets.clear();
      const link = await connection?.catch(() => undefined);
      if (!link) return;
      const { conn } = link;
      // An app's own client stays open; the subscriber Bottleneck duplicated from it is ours. A Redis
      // that is gone or hung cannot be told goodbye: then (or when its QUIT is not answered within a
      // Redis step) the sockets are just closed, without waiting.
      const goodbye = (quit: () => Promise<unknown>, close: () => unknown) =>
        link.down ? close() : within(quit(), REDIS_STEP_MS, () => new Error('QUIT not answered')).catch(close);
      if (given) await goodbye(() => conn.subscriber.quit(), () => conn.subscriber.disconnect());
      else await goodbye(() => conn.disconnect(true), () => conn.disconnect(false));
    },
  };
}

