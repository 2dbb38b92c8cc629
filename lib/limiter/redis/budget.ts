import Bottleneck from 'bottleneck';
import { SnoopathError } from '../../errors/classes.js';
import { readRateLimit } from '../headers.js';
import type { Connection, RedisLink } from './link.js';
import { lockIn } from './lock.js';
import { CLAIM, CLOSE_UNTIL, RECHECK, REOPEN } from './scripts.js';
import type { SharedBudget, SharedBudgetSettings } from '../../types/shared-limiter.js';
import type { Priority } from '../queue.js';

/** Bottleneck's priorities run from 0 (first) to 9, 5 by default: every process maps ours alike. */
const BOTTLENECK_PRIORITY: Record<Priority, number> = { high: 1, normal: 5, low: 9 };

export const closedError = () => new SnoopathError('The shared limiter was closed: create a new one with sharedLimit() (and new instances) to send again.');

interface Waiting {
  /** Redis is gone: send without it. */
  fallback(): void;
  /** The limiter was closed: reject. */
  close(error: Error): void;
}

/**
 * One client id's share of the Redis budget: the Bottleneck limiter every process with that id
 * uses, and the in-flight sends of all of them. While Redis cannot be used, sends go on paced by
 * their process alone (lib/limiter/redis/link.ts); when it comes back, even empty, they share again.
 */
export class RedisBudget implements SharedBudget {
  readonly #ready: Promise<{ limiter: Bottleneck; link: RedisLink }>;
  #link: RedisLink | undefined;
  /** Keys of this budget in Redis, next to Bottleneck's own (`b_<id>_*`). */
  readonly prefix: string;
  readonly #settingsKey: string;
  readonly #channel: string;
  readonly #expiration: number;
  readonly #report: (error: Error) => void;
  readonly #closed: () => boolean;
  readonly #waiting = new Set<Waiting>();
  #reopen: ReturnType<typeof setTimeout> | undefined;

  constructor(id: string, link: Promise<RedisLink>, expiration: number, report: (error: Error) => void, closed: () => boolean) {
    this.prefix = `b_${id}_snoopath_`;
    this.#settingsKey = `b_${id}_settings`;
    this.#channel = `b_${id}`;
    this.#expiration = expiration;
    this.#report = report;
    this.#closed = closed;
    this.#ready = link.then((l) => {
      this.#link = l;
      // Settings apply only when this id is new in Redis; otherwise the processes already running set them.
      const limiter = new Bottleneck({ id, connection: l.conn, maxConcurrent: 1, minTime: 0, reservoir: null, timeout: 3_600_000 });
      limiter.on('error', report);
      l.onChange(() => {
        if (!l.down) return void this.#checkStale(limiter, l.conn);
        for (const waiting of [...this.#waiting]) waiting.fallback();
      });
      void this.#checkStale(limiter, l.conn);
      return { limiter, link: l };
    });
    this.#ready.catch(report);
  }

  /** Why Redis cannot be used right now (sends are paced by this process alone), or undefined. */
  get unavailable(): Error | undefined {
    return this.#link?.down;
  }

  schedule(send: () => Promise<Response>, signal: AbortSignal | undefined, observe: (response: Response, claimed: number | null | undefined) => void, priority: Priority = 'normal'): Promise<Response> {
    if (this.#closed()) return Promise.reject(closedError());
    signal?.throwIfAborted();
    return this.#ready.then(async ({ limiter, link }) => {
      if (!(await link.usable(signal))) return this.#alone(send, observe);
      return new Promise<Response>((resolve, reject) => {
        let taken = false;
        const take = (run: () => Promise<Response>): Promise<Response> | undefined => {
          if (taken) return undefined;
          taken = true;
          this.#waiting.delete(waiting);
          signal?.removeEventListener('abort', onAbort);
          const result = run();
          result.then(resolve, reject);
          return result;
        };
        const waiting: Waiting = {
          fallback: () => take(() => this.#alone(send, observe)),
          close: (error) => take(() => Promise.reject(error)),
        };
        const onAbort = () => take(() => Promise.reject(signal!.reason));
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#waiting.add(waiting);
        limiter
          .schedule({ expiration: this.#expiration, priority: BOTTLENECK_PRIORITY[priority] }, async () => {
            const started = take(() => this.#job(limiter, link, send, observe));
            // Bottleneck counts the job as running while the send runs; a call already gone gives back its reservoir unit.
            if (started) await started.catch(() => undefined);
            else await limiter.incrementReservoir(1).catch(() => undefined);
          })
          .then(() => this.#recheck(link), (error: Error) => {
            // The call has its own result; one Bottleneck could not start (Redis failing) is sent without it.
            if (taken) return;
            this.#report(error);
            waiting.fallback();
          });
      });
    });
  }

  /** Paced by this process alone. */
  async #alone(send: () => Promise<Response>, observe: (response: Response, claimed: undefined) => void): Promise<Response> {
    const response = await send();
    observe(response, undefined);
    return response;
  }

  /** One send under the shared budget; its answer claims what is left for every process while the send still counts as running. */
  async #job(limiter: Bottleneck, link: RedisLink, send: () => Promise<Response>, observe: (response: Response, claimed: number | null | undefined) => void): Promise<Response> {
    const response = await send();
    const state = response.status === 429 ? undefined : readRateLimit(response.headers);
    let claimed: number | null | undefined;
    if (state && !link.down) {
      const result = await link.guard<unknown>(link.conn.client.eval(CLAIM, 2, this.#settingsKey, `${this.prefix}window`,
        state.used, Math.floor(state.remaining), state.reset, Date.now(), this.#channel));
      // -2: an answer of a window already over, which says nothing of this one.
      claimed = typeof result === 'number' ? (result >= 0 ? result : result === -2 ? null : undefined) : undefined;
      // The claim may close the budget while this process's own pacer still sees units left (they are
      // withheld for sends still running, and the RECHECK that gives them back comes after a window
      // that ended with "reset: 0"): the budget must still reopen when the window is over.
      // The reset is told in whole seconds: one more, as this process's own pacer waits.
      if (claimed === 0) this.#closedFor(limiter, link.conn, Math.max(1, state.reset + 1) * 1000);
    }
    observe(response, claimed);
    return response;
  }

  /** Once a send is done: give back what its claim (or another's) withheld for it. */
  #recheck(link: RedisLink): void {
    if (!link.down) void link.guard(link.conn.client.eval(RECHECK, 2, this.#settingsKey, `${this.prefix}window`, Date.now(), this.#channel));
  }

  update(settings: SharedBudgetSettings): void {
    if (this.#link?.down) return;
    const next: { -readonly [K in keyof Bottleneck.ConstructorOptions]: Bottleneck.ConstructorOptions[K] } = {};
    if (settings.minTime !== undefined) next.minTime = settings.minTime;
    if (settings.maxConcurrent !== undefined) next.maxConcurrent = settings.maxConcurrent === Infinity ? null : settings.maxConcurrent;
    if (settings.reservoir !== undefined) next.reservoir = settings.reservoir;
    this.#ready
      .then(async ({ limiter, link }) => {
        if (this.#closed() || link.down) return;
        await limiter.updateSettings(next);
        // Remember until when an exhausted budget stays closed, for a process that starts after the others stopped.
        const wait = settings.reservoir === 0 && settings.refillAt !== undefined ? Math.ceil(settings.refillAt - Date.now()) : 0;
        if (wait > 0) {
          // The first process to see the window closed sets the time: later ones only know a later bound.
          await link.conn.client.set(`${this.prefix}refill`, String(settings.refillAt), 'PX', wait, 'NX');
          // Sends waiting inside Bottleneck are not in this process's gate, whose reopening is lazy: reopen Redis on time.
          this.#scheduleCheck(limiter, link.conn, wait);
        }
      })
      .catch(this.#report);
  }

  reopen(): void {
    void this.#ready.then(({ limiter, link }) => this.#checkStale(limiter, link.conn));
  }

  /** Ms left of a RATELIMIT cooldown any process set; 0 when none or when Redis cannot tell. */
  async cooldownLeft(key: string): Promise<number> {
    const { link } = await this.#ready;
    if (link.down) return 0;
    const ms = await link.guard<unknown>(link.conn.client.pttl(`${this.prefix}cooldown:${key}`));
    return typeof ms === 'number' && ms > 0 ? ms : 0;
  }

  setCooldown(key: string, ms: number): void {
    this.#ready
      .then(({ link }) => link.down || link.guard(link.conn.client.set(`${this.prefix}cooldown:${key}`, '1', 'PX', Math.max(1, Math.ceil(ms)))))
      .catch(this.#report);
  }

  async lock(key: string, signal: AbortSignal | undefined): Promise<() => void> {
    const { link } = await this.#ready;
    return lockIn(link, `${this.prefix}lock:${key}`, this.#expiration, signal, this.#closed);
  }

  /**
   * An exhausted budget reopens when its window is over: at this process's refill time, or when a
   * process starts (or Redis comes back) after the others that saw it run out stopped.
   */
  async #checkStale(limiter: Bottleneck, conn: Connection): Promise<void> {
    try {
      if (this.#closed() || this.#link?.down) return;
      const ttl: number = await conn.client.pttl(`${this.prefix}refill`);
      if (ttl > 0) return this.#scheduleCheck(limiter, conn, ttl);
      await conn.client.eval(REOPEN, 2, this.#settingsKey, `${this.prefix}refill`, Date.now(), this.#channel);
    } catch (error) {
      this.#report(error as Error);
    }
  }

  /** Reopen the budget in `ms`, or later if a process set a later time; REOPEN leaves a budget that was given back open. */
  #closedFor(limiter: Bottleneck, conn: Connection, ms: number): void {
    conn.client
      .eval(CLOSE_UNTIL, 1, `${this.prefix}refill`, Date.now() + ms, ms)
      .then(() => this.#checkStale(limiter, conn), this.#report);
  }

  #scheduleCheck(limiter: Bottleneck, conn: Connection, ms: number): void {
    clearTimeout(this.#reopen);
    this.#reopen = setTimeout(() => void this.#checkStale(limiter, conn), ms + 10);
    this.#reopen.unref?.();
  }

  async close(): Promise<void> {
    clearTimeout(this.#reopen);
    const error = closedError();
    for (const waiting of [...this.#waiting]) waiting.close(error);
    const ready = await this.#ready.catch(() => undefined);
    if (!ready) return;
    // Drops waiting jobs and their timers; sends under way finish on their own.
    void ready.limiter.stop({ dropWaitingJobs: true, dropErrorMessage: error.message }).catch(() => undefined);
    await ready.limiter.disconnect(false);
  }
}
