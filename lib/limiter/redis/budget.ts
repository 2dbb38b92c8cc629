import Bottleneck from 'bottleneck';
import { SnoopathError } from '../../errors/classes.js';
import { readRateLimit } from '../headers.js';
import { Claims } from './claim.js';
import { REDIS_STEP_MS, type RedisLink } from './link.js';
import { lockIn } from './lock.js';
import { Ranks } from './rank.js';
import { Refill } from './refill.js';
import type { SharedBudget, SharedBudgetSettings } from '../../types/shared-limiter.js';
import type { Priority } from '../gate/queue.js';
import { within } from '../../wait/within.js';

/** Bottleneck's priorities run from 0 (first) to 9, 5 by default: every process maps ours alike. */
const BOTTLENECK_PRIORITY: Record<Priority, number> = { high: 1, normal: 5, low: 9 };
/** A send that let a higher priority go first queues again after this pause, doubling up to the next. */
const YIELD_MIN_MS = 20;
const YIELD_MAX_MS = 250;

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
  readonly #ready: Promise<{ limiter: Bottleneck; link: RedisLink; refill: Refill; claims: Claims; ranks: Ranks }>;
  #link: RedisLink | undefined;
  /** Keys of this budget in Redis, next to Bottleneck's own (`b_<id>_*`). */
  readonly prefix: string;
  readonly #settingsKey: string;
  readonly #channel: string;
  readonly #expiration: number;
  readonly #report: (error: Error) => void;
  readonly #closed: () => boolean;
  readonly #waiting = new Set<Waiting>();

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
      const refill = new Refill(l, { settings: this.#settingsKey, refill: `${this.prefix}refill`, channel: this.#channel }, closed);
      l.onChange(() => {
        if (!l.down) return void refill.check();
        for (const waiting of [...this.#waiting]) waiting.fallback();
      });
      void refill.check();
      const claims = new Claims(l, { settings: this.#settingsKey, window: `${this.prefix}window`, channel: this.#channel });
      return { limiter, link: l, refill, claims, ranks: new Ranks(l, this.prefix) };
    });
    this.#ready.catch(report);
  }

  /** Why Redis cannot be used right now (sends are paced by this process alone), or undefined. */
  get unavailable(): Error | undefined {
    return this.#link?.down;
  }

  schedule(
    send: () => Promise<Response>,
    signal: AbortSignal | undefined,
    observe: (response: Response, claimed: number | null | undefined) => void,
    priority: Priority = 'normal',
    defer?: { maxWait: number; refuse(ms: number): Error },
  ): Promise<Response> {
    if (this.#closed()) return Promise.reject(closedError());
    signal?.throwIfAborted();
    return this.#ready.then(async ({ limiter, link, refill, claims, ranks }) => {
      if (!(await link.usable(signal))) return this.#alone(send, observe);
      // Defer, don't sleep: closed (spent, or after a 429) for longer than the call accepts to wait.
      const closed = defer ? await refill.left() : 0;
      if (defer && closed > defer.maxWait) throw defer.refuse(closed);
      return new Promise<Response>((resolve, reject) => {
        let taken = false;
        // Still waiting when maxWait is over (the queue, the spacing): refused then, with when the budget reopens if it is closed.
        const late = !defer ? undefined : setTimeout(() => void take(async () => Promise.reject(defer.refuse((await refill.left()) || defer.maxWait))), defer.maxWait);
        // Listed in Redis while it waits, so lower priorities of every process let it go first.
        const leave = ranks.enter(priority);
        const take = (run: () => Promise<Response>): Promise<Response> | undefined => {
          if (taken) return undefined;
          taken = true;
          clearTimeout(late);
          leave();
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
        // An abort listener returns nothing: a promise it returned (rejected) would be an uncaught exception of the process.
        const onAbort = () => void take(() => Promise.reject(signal!.reason));
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#waiting.add(waiting);
        const queue = (pause: number) => {
          let yielded = false;
          limiter
            .schedule({ expiration: this.#expiration, priority: BOTTLENECK_PRIORITY[priority] }, async () => {
              // A send of a higher priority waits in some process: this one gives its unit back and queues again.
              yielded = !taken && (await ranks.outranked(priority));
              const started = yielded ? undefined : take(() => this.#job(claims, refill, send, observe));
              // Bottleneck counts the job as running while the send runs; a call already gone (or yielding) gives back its reservoir unit.
              if (started) await started.catch(() => undefined);
              else await limiter.incrementReservoir(1).catch(() => undefined);
            })
            .then(() => {
              if (!yielded) return claims.recheck();
              const again = setTimeout(() => taken || queue(Math.min(YIELD_MAX_MS, pause * 2)), pause);
              again.unref?.();
            }, (error: Error) => {
              // The call has its own result; one Bottleneck could not start (Redis failing) is sent without it.
              if (taken) return;
              this.#report(error);
              waiting.fallback();
            });
        };
        queue(YIELD_MIN_MS);
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
  async #job(claims: Claims, refill: Refill, send: () => Promise<Response>, observe: (response: Response, claimed: number | null | undefined) => void): Promise<Response> {
    const response = await send();
    const state = response.status === 429 ? undefined : readRateLimit(response.headers);
    const claimed = state && (await claims.claim(state));
    // The claim may close the budget while this process's own pacer still sees units left (they are
    // withheld for sends still running, and the RECHECK that gives them back comes after a window
    // that ended with "reset: 0"): the budget must still reopen when the window is over.
    // The reset is told in whole seconds: one more, as this process's own pacer waits.
    if (state && claimed === 0) void refill.for(Math.max(1, state.reset + 1) * 1000);
    observe(response, claimed);
    return response;
  }

  update(settings: SharedBudgetSettings): void {
    if (this.#link?.down) return;
    const next: { -readonly [K in keyof Bottleneck.ConstructorOptions]: Bottleneck.ConstructorOptions[K] } = {};
    if (settings.minTime !== undefined) next.minTime = settings.minTime;
    if (settings.maxConcurrent !== undefined) next.maxConcurrent = settings.maxConcurrent === Infinity ? null : settings.maxConcurrent;
    if (settings.reservoir !== undefined) next.reservoir = settings.reservoir;
    this.#ready
      .then(async ({ limiter, link, refill }) => {
        if (this.#closed() || link.down) return;
        await limiter.updateSettings(next);
        // Remember until when an exhausted budget stays closed, for a process that starts after the others stopped.
        if (settings.reservoir === 0 && settings.refillAt !== undefined) await refill.until(settings.refillAt);
      })
      .catch(this.#report);
  }

  reopen(): void {
    void this.#ready.then(({ refill }) => refill.check());
  }

  /** Ms left of a RATELIMIT cooldown any process set; 0 when none or when Redis cannot tell. */
  async cooldownLeft(key: string): Promise<number> {
    const { link } = await this.#ready;
    return link.msLeft(`${this.prefix}cooldown:${key}`);
  }

  setCooldown(key: string, ms: number): void {
    this.#ready
      .then(async ({ link }) => (await link.usable()) && link.guard(link.conn.client.set(`${this.prefix}cooldown:${key}`, '1', 'PX', Math.max(1, Math.ceil(ms)))))
      .catch(this.#report);
  }

  async lock(key: string, signal: AbortSignal | undefined): Promise<() => void> {
    const { link } = await this.#ready;
    return lockIn(link, `${this.prefix}lock:${key}`, this.#expiration, signal, this.#closed);
  }

  async close(): Promise<void> {
    const error = closedError();
    for (const waiting of [...this.#waiting]) waiting.close(error);
    const ready = await this.#ready.catch(() => undefined);
    if (!ready) return;
    ready.refill.stop();
    ready.ranks.stop();
    // Drops waiting jobs and their timers; sends under way get one Redis step to finish. Then what
    // their ends write (Bottleneck frees each job in Redis) goes out before the connection may close:
    // a command after the app quits its own client is an EPIPE there (a PING answered after it).
    const stopped = ready.limiter.stop({ dropWaitingJobs: true, dropErrorMessage: error.message });
    await within(stopped, REDIS_STEP_MS, () => error).catch(() => undefined);
    await ready.limiter.disconnect(false);
    await new Promise((resolve) => setImmediate(resolve));
    if (!ready.link.down) await ready.link.guard(ready.link.conn.client.ping());
  }
}
