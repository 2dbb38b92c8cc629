import Bottleneck from 'bottleneck';
import { SnoopathError } from '../errors.js';
import type { SharedBudget, SharedBudgetSettings } from './shared.js';

/** Bottleneck's ioredis connection, with the two clients it holds. */
export type Connection = Bottleneck.IORedisConnection & { client: any; subscriber: any; on(event: 'error', fn: (e: Error) => void): void };

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

export const closedError = () => new SnoopathError('The shared limiter was closed: create a new one with sharedLimit() (and new instances) to send again.');

/** One client id's share of the Redis budget: the Bottleneck limiter every process with that id uses. */
export class RedisBudget implements SharedBudget {
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
        if (wait > 0) {
          const conn = (limiter as unknown as { connection: Connection }).connection;
          await conn.client.set(this.#refillKey, String(settings.refillAt), 'PX', wait);
          // Sends waiting inside Bottleneck are not in this process's gate, whose reopening is lazy: reopen Redis on time.
          this.#scheduleCheck(limiter, conn, wait);
        }
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
      if (ttl > 0) return this.#scheduleCheck(limiter, conn, ttl);
      await limiter.updateSettings({ reservoir: null, maxConcurrent: 1 });
    } catch (error) {
      this.#report(error as Error);
    }
  }

  #scheduleCheck(limiter: Bottleneck, conn: Connection, ms: number): void {
    clearTimeout(this.#reopen);
    this.#reopen = setTimeout(() => void this.#checkStale(limiter, conn), ms + 10);
    this.#reopen.unref?.();
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
