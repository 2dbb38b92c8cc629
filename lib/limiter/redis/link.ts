import type Bottleneck from 'bottleneck';

/** Bottleneck's ioredis connection, with the two clients it holds. */
export type Connection = Bottleneck.IORedisConnection & {
  client: any;
  subscriber: any;
  on(event: 'error', fn: (e: Error) => void): void;
  /** Bottleneck's (undocumented) builder of a script call: its last argument is the callback. */
  __scriptArgs__(name: string, id: string, args: unknown[], cb: (error: Error | null, replies: unknown) => void): unknown[];
};

/** How long a Redis step of a send may take before the send goes on without it (paced by this process alone). */
export const REDIS_STEP_MS = 2000;
/** How long a first send waits for a Redis that has never been reachable before pacing alone. */
const FIRST_CONNECT_MS = 2000;

const NOT_READY = new Error('Redis is not reachable: the shared budget falls back to this process\'s own pacing until it is back.');

/**
 * Whether Redis can be used right now, for every budget on one connection. Sends never wait for a
 * Redis that is gone: they are paced by their process alone (the `shared_limit` event tells) until
 * both clients are ready again; a Redis that restarted empty is set up again by the first sends.
 */
export class RedisLink {
  readonly conn: Connection;
  /** Set while Redis cannot be used: why. */
  down: Error | undefined = NOT_READY;
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
    // Redis 7 prefixes the error of a script with "ERR ", and Bottleneck 2.19 then no longer recognizes
    // the two errors after which it sets itself up again (a Redis restarted empty, a client forgotten).
    const scriptArgs = conn.__scriptArgs__.bind(conn);
    conn.__scriptArgs__ = (name: string, id: string, args: unknown[], cb: (error: Error | null, replies: unknown) => void) =>
      scriptArgs(name, id, args, (error: Error | null, replies: unknown) => {
        if (error && /^ERR (SETTINGS_KEY_NOT_FOUND|UNKNOWN_CLIENT)$/.test(error.message)) error.message = error.message.slice(4);
        cb(error, replies);
      });
    const check = (error?: Error) => {
      const ready = conn.client.status === 'ready' && conn.subscriber.status === 'ready';
      if (ready && this.down) {
        this.down = undefined;
        this.#everReady = true;
        this.#wake();
      } else if (!ready && !this.down) {
        this.down = error ?? new Error(`The connection to Redis was lost (${conn.client.status}): the shared budget falls back to this process's own pacing until it is back.`);
        this.#ready = new Promise((resolve) => (this.#wake = resolve));
        report(this.down);
      } else return;
      for (const listener of this.#listeners) listener();
    };
    for (const client of [conn.client, conn.subscriber]) {
      for (const event of ['ready', 'close', 'end', 'reconnecting']) client.on(event, () => check());
      client.on('error', (error: Error) => check(error));
    }
    check();
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
    return this.guard(this.#ready.then(() => true), grace, signal).then((ok) => ok === true);
  }

  /**
   * A Redis step of a send: its result, or undefined when Redis is lost meanwhile, when it takes
   * longer than `ms`, or when it fails (the failure goes to onError). Never rejects, except on abort.
   */
  guard<T>(step: Promise<T>, ms = REDIS_STEP_MS, signal?: AbortSignal): Promise<T | undefined> {
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
      const timer = setTimeout(() => done(undefined), ms);
      this.#listeners.add(lost);
      signal?.addEventListener('abort', abort, { once: true });
      step.then(done, (error: Error) => {
        this.#report(error);
        done(undefined);
      });
    });
  }
}
