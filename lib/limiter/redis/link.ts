import type Bottleneck from 'bottleneck';

/** Bottleneck's ioredis connection, with the two clients it holds. */
export type Connection = Bottleneck.IORedisConnection & {
  client: any;
  subscriber: any;
  on(event: 'error', fn: (e: Error) => void): void;
  /** Bottleneck's (undocumented) builder of a script call: its last argument is the callback. */
  __scriptArgs__(name: string, id: string, args: unknown[], cb: (error: Error | null, replies: unknown) => void): unknown[];
};

import { REDIS_STEP_MS, StallWatch } from './stall.js';

export { REDIS_STEP_MS } from './stall.js';
/** How long a first send waits for a Redis that has never been reachable before pacing alone. */
const FIRST_CONNECT_MS = 2000;

const NOT_READY = new Error('Redis is not reachable: the shared budget falls back to this process\'s own pacing until it is back.');

/**
 * Whether Redis can be used right now, for every budget on one connection. Sends never wait for a
 * Redis that is gone or hung: they are paced by their process alone (the `shared_limit` event
 * tells) until both clients are ready again and Redis answers in time; every round trip is bounded
 * (lib/limiter/redis/stall.ts). A Redis that restarted empty is set up again by the first sends.
 */
export class RedisLink {
  readonly conn: Connection;
  /** Set while the connection is not ready: why. */
  #lost: Error | undefined = NOT_READY;
  readonly #stall: StallWatch;
  #everReady = false;
  readonly #made = Date.now();
  readonly #report: (error: Error) => void;
  #ready: Promise<void>;
  #wake!: () => void;
  readonly #listeners = new Set<() => void>();

  constructor(conn: Connection, report: (error: Error) => void) {
    this.conn = conn;
    this.#report = report;
    this.#ready = new Promise((resolve) => (this.#wake = resolve));
    const changed = () => {
      for (const listener of this.#listeners) listener();
    };
    this.#stall = new StallWatch(() => conn.client.ping(), changed, report, () => conn.client.status !== 'end');
    // Every script of Bottleneck's (submit, register, done, heartbeat...) is a timed round trip.
    // Redis 7 prefixes the error of a script with "ERR ", and Bottleneck 2.19 then no longer recognizes
    // the two errors after which it sets itself up again (a Redis restarted empty, a client forgotten).
    const scriptArgs = conn.__scriptArgs__.bind(conn);
    conn.__scriptArgs__ = (name: string, id: string, args: unknown[], cb: (error: Error | null, replies: unknown) => void) => {
      const answered = this.#stall.time();
      return scriptArgs(name, id, args, (error: Error | null, replies: unknown) => {
        answered();
        if (error && /^ERR (SETTINGS_KEY_NOT_FOUND|UNKNOWN_CLIENT)$/.test(error.message)) error.message = error.message.slice(4);
        cb(error, replies);
      });
    };
    // Bottleneck unsubscribes a limiter's channels without looking at the result (IORedisConnection's
    // __removeLimiter__): when the connection closes before Redis answers (a Redis gone or hung at
    // close()), ioredis rejects them with "Connection is closed" and nothing would handle it.
    const unsubscribe = conn.subscriber.unsubscribe.bind(conn.subscriber);
    conn.subscriber.unsubscribe = (...channels: string[]) => unsubscribe(...channels).catch(() => undefined);
    const check = (error?: Error) => {
      const ready = conn.client.status === 'ready' && conn.subscriber.status === 'ready';
      if (ready && this.#lost) {
        this.#lost = undefined;
        this.#stall.clear();
        this.#everReady = true;
        this.#wake();
      } else if (!ready && !this.#lost) {
        this.#lost = error ?? new Error(`The connection to Redis was lost (${conn.client.status}): the shared budget falls back to this process's own pacing until it is back.`);
        this.#ready = new Promise((resolve) => (this.#wake = resolve));
        report(this.#lost);
      } else return;
      changed();
    };
    for (const client of [conn.client, conn.subscriber]) {
      for (const event of ['ready', 'close', 'end', 'reconnecting']) client.on(event, () => check());
      client.on('error', (error: Error) => check(error));
    }
    check();
  }

  /** Set while Redis cannot be used (the connection is not ready, or Redis does not answer in time): why. */
  get down(): Error | undefined {
    return this.#lost ?? this.#stall.hung;
  }

  /** Called on every change between reachable and not. */
  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  /**
   * Resolves true when Redis can be used. Sends wait for a first connection, up to a couple of
   * seconds after the link was made, never for a lost one.
   */
  async usable(signal?: AbortSignal): Promise<boolean> {
    if (!this.down) return true;
    const grace = this.#made + FIRST_CONNECT_MS - Date.now();
    if (this.#everReady || grace <= 0) return false;
    return this.guard(this.#ready.then(() => true), grace, signal, false).then((ok) => ok === true);
  }

  /**
   * Ms until `key` expires: 0 when it does not exist or has no expiry, or when Redis cannot tell.
   * Like a send, it waits for a fresh process's first connection: a cooldown another process set
   * must hold back this process's first write too.
   */
  async msLeft(key: string): Promise<number> {
    if (!(await this.usable())) return 0;
    const ms = await this.guard<unknown>(this.conn.client.pttl(key));
    return typeof ms === 'number' && ms > 0 ? ms : 0;
  }

  /**
   * A Redis step of a send: its result, or undefined when Redis is lost meanwhile, when it takes
   * longer than `ms` (a round trip that long marks Redis hung), or when it fails (the failure goes
   * to onError). Never rejects, except on abort.
   */
  guard<T>(step: Promise<T>, ms = REDIS_STEP_MS, signal?: AbortSignal, roundTrip = true): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve, reject) => {
      const end = () => {
        clearTimeout(timer);
        this.#listeners.delete(lost);
        signal?.removeEventListener('abort', abort);
      };
      const done = (value: T | undefined) => {
        end();
        resolve(value);
      };
      const lost = () => {
        if (this.down) done(undefined);
      };
      const abort = () => {
        end();
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        done(undefined);
        if (roundTrip) this.#stall.stalled();
      }, ms);
      this.#listeners.add(lost);
      signal?.addEventListener('abort', abort, { once: true });
      step.then(done, (error: Error) => {
        this.#report(error);
        done(undefined);
      });
    });
  }
}
