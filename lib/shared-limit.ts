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
import { ConfigError, SnoopathError } from './errors.js';
import type { SharedBudget, SharedBudgetSettings, SharedLimiter } from './limiter/shared.js';

export type { SharedBudget, SharedBudgetSettings, SharedLimiter } from './limiter/shared.js';

/** An ioredis client (standalone). Only its shape is named here, so ioredis stays an optional dependency. */
export interface RedisClient {
  duplicate(...args: any[]): unknown;
  status: string;
}

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

type Connection = Bottleneck.IORedisConnection & { client: any; subscriber: any; on(event: 'error', fn: (e: Error) => void): void };

/**
 * The reservoir from an answer's `remaining`, minus the jobs registered in any process and not done
 * (the caller's own job is one of them and is already counted), read and written in one step: a
 * job registering between a read and a write would otherwise be counted twice. Never raised
 * (only the refill after the window's end does that: reservoir unset, probe again). Then wake the
 * limiters as Bottleneck does after a settings change. Reads Bottleneck 2.19's settings hash
 * (`b_<id>_settings`: running, maxConcurrent, reservoir) and its "capacity:" message.
 */
const CLAIM = `
local s = redis.call('hmget', KEYS[1], 'running', 'maxConcurrent', 'reservoir')
local running = tonumber(s[1]) or 0
local available = math.max(0, tonumber(ARGV[1]) - math.max(0, running - 1))
-- Within a window what is left only shrinks; a higher number comes from an answer that another
-- process's newer one has overtaken. The refill at the window's end (reservoir unset) raises it.
local current = tonumber(s[3])
if current ~= nil and current < available then available = current end
redis.call('hset', KEYS[1], 'reservoir', available)
local max = tonumber(s[2])
local capacity = available
if max ~= nil then capacity = math.min(available, max - running) end
redis.call('publish', ARGV[2], 'capacity:' .. math.max(0, capacity))
return available
`;

const closedError = () => new SnoopathError('The shared limiter was closed: create a new one with sharedLimit() (and new instances) to send again.');

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

  let connection: Promise<Connection> | undefined;
  const connect = () =>
    (connection ??= (async () => {
      let Module = Redis ?? (given?.constructor as typeof Redis);
      if (!Module) {
        try {
          const ioredis: any = await import('ioredis');
          Module = ioredis.Redis ?? ioredis.default;
        } catch (error) {
          throw new ConfigError('Redis', `sharedLimit() could not load ioredis (${(error as Error).message}): npm install ioredis, or pass the client as redis.`);
        }
      }
      if (closed) throw closedError();
      const conn = new Bottleneck.IORedisConnection(given ? { client: given as any, Redis: Module } : { clientOptions: redis, Redis: Module }) as Connection;
      conn.on('error', report);
      // Bottleneck waits for "ready", which a lazyConnect client (and its duplicate) never reach by themselves.
      for (const client of [conn.client, conn.subscriber]) if (client.status === 'wait') client.connect().catch(report);
      return conn;
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
      const conn = await connection?.catch(() => undefined);
      if (!conn) return;
      // An app's own client stays open; the subscriber Bottleneck duplicated from it is ours.
      if (given) await conn.subscriber.quit().catch(() => conn.subscriber.disconnect());
      else await conn.disconnect(true).catch(() => conn.disconnect(false));
    },
  };
}

class RedisBudget implements SharedBudget {
  readonly #limiter: Promise<Bottleneck>;
  readonly #refillKey: string;
  readonly #settingsKey: string;
  readonly #channel: string;
  readonly #expiration: number;
  readonly #report: (error: Error) => void;
  readonly #closed: () => boolean;
  /** Rejecters of the calls waiting here: close() ends them. */
  readonly #waiting = new Set<(error: Error) => void>();
  #reopen: ReturnType<typeof setTimeout> | undefined;

  constructor(id: string, connection: Promise<Connection>, expiration: number, report: (error: Error) => void, closed: () => boolean) {
    this.#refillKey = `b_${id}_snoopath_refill`;
    this.#settingsKey = `b_${id}_settings`;
    this.#channel = `b_${id}`;
    this.#expiration = expiration;
    this.#report = report;
    this.#closed = closed;
    this.#limiter = connection.then((conn) => {
      // Settings apply only when this id is new in Redis; otherwise the processes already running set them.
      const limiter = new Bottleneck({ id, connection: conn, maxConcurrent: 1, minTime: 0, reservoir: null, timeout: 3_600_000 });
      limiter.on('error', report);
      void this.#checkStale(limiter, conn);
      return limiter;
    });
    this.#limiter.catch(report);
  }

  schedule(send: () => Promise<Response>, signal: AbortSignal | undefined, observe: (response: Response, claimed: number | undefined) => void): Promise<Response> {
    if (this.#closed()) return Promise.reject(closedError());
    signal?.throwIfAborted();
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.add(reject);
      let started: Promise<Response> | undefined;
      const job = async (): Promise<Response> => {
        const response = await send();
        const remaining = response.status === 429 ? NaN : Number(response.headers.get('x-ratelimit-remaining') || NaN);
        // Sends reserved or under way in every process are not in this answer's count yet.
        const claimed = Number.isFinite(remaining) ? await this.#claim(remaining).catch(this.#report) : undefined;
        observe(response, claimed ?? undefined);
        return response;
      };
      const run = async () => {
        if (this.#closed()) throw closedError();
        // The caller is gone: send nothing, and give back the reservoir unit this start took.
        if (signal?.aborted) return void (await this.#refund());
        return (started = job());
      };
      this.#limiter
        .then((limiter) => limiter.schedule({ expiration: this.#expiration }, run))
        // An expiration only frees the shared count (for crashed processes): a send still under way keeps its own result.
        .catch((error: unknown) => (started ?? Promise.reject(error)))
        .then(resolve as (value: Response | void) => void, reject)
        .finally(() => {
          this.#waiting.delete(reject);
          signal?.removeEventListener('abort', onAbort);
        });
    });
  }

  /** Set the reservoir from an answer's `remaining` (CLAIM); resolves to it. */
  async #claim(remaining: number): Promise<number> {
    const limiter = await this.#limiter;
    const { client } = (limiter as unknown as { connection: Connection }).connection;
    return Number(await client.eval(CLAIM, 1, this.#settingsKey, Math.floor(remaining), this.#channel));
  }

  update(settings: SharedBudgetSettings): void {
    const next: { -readonly [K in keyof Bottleneck.ConstructorOptions]: Bottleneck.ConstructorOptions[K] } = {};
    if (settings.minTime !== undefined) next.minTime = settings.minTime;
    if (settings.maxConcurrent !== undefined) next.maxConcurrent = settings.maxConcurrent === Infinity ? null : settings.maxConcurrent;
    if (settings.reservoir !== undefined) next.reservoir = settings.reservoir;
    this.#limiter
      .then(async (limiter) => {
        if (this.#closed()) return;
        await limiter.updateSettings(next);
        // Remember until when an exhausted budget stays closed, for a process that starts after the others stopped.
        const wait = settings.reservoir === 0 && settings.refillAt !== undefined ? Math.ceil(settings.refillAt - Date.now()) : 0;
        if (wait > 0) await (limiter as unknown as { connection: Connection }).connection.client.set(this.#refillKey, String(settings.refillAt), 'PX', wait);
      })
      .catch(this.#report);
  }

  async #refund(): Promise<void> {
    // Fails (and is ignored) when the reservoir is unlimited: then nothing was taken.
    await (await this.#limiter).incrementReservoir(1).catch(() => undefined);
  }

  /**
   * An exhausted budget is reopened by the refill timers of the processes that saw it run out. If
   * they all stopped, the reservoir would stay 0: reopen it when its refill time has passed.
   */
  async #checkStale(limiter: Bottleneck, conn: Connection): Promise<void> {
    try {
      if ((await limiter.currentReservoir()) !== 0 || this.#closed()) return;
      const ttl: number = await conn.client.pttl(this.#refillKey);
      if (ttl > 0) {
        this.#reopen = setTimeout(() => void this.#checkStale(limiter, conn), ttl + 10);
        this.#reopen.unref?.();
        return;
      }
      await limiter.updateSettings({ reservoir: null, maxConcurrent: 1 });
    } catch (error) {
      this.#report(error as Error);
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.#reopen);
    const error = closedError();
    for (const reject of this.#waiting) reject(error);
    this.#waiting.clear();
    const limiter = await this.#limiter.catch(() => undefined);
    if (!limiter) return;
    // Drops waiting jobs and their timers; sends under way finish on their own.
    void limiter.stop({ dropWaitingJobs: true, dropErrorMessage: error.message }).catch(() => undefined);
    await limiter.disconnect(false);
  }
}
