import { performance } from 'node:perf_hooks';
import { ioredisClass } from '../../redis/ioredis.js';
import { SCRIPTS, type ScriptDef } from './scripts.js';

type Command = (...args: any[]) => Promise<any>;

/** The part of an ioredis client (4, 5 or 6) the fleet uses; only its shape is named, so ioredis stays optional. */
export interface Conn {
  status: string;
  on(event: string, listener: (...args: any[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
  duplicate(overrides?: Record<string, unknown>): Conn;
  defineCommand(name: string, definition: ScriptDef): void;
  disconnect(reconnect?: boolean): void;
  quit(): Promise<unknown>;
  get: Command;
  hset: Command;
  hgetall: Command;
  xreadgroup: Command;
  xack: Command;
  xgroup: Command;
  xinfo: Command;
  xpending: Command;
  client: Command;
  xtrim: Command;
  pipeline(): Pipeline;
  fleetLease: Command;
  fleetRelease: Command;
  fleetPublish: Command;
  fleetSaveCursor: Command;
  fleetTouch: Command;
  fleetHandBack: Command;
  fleetClaim: Command;
  fleetForget: Command;
}

/** A pipeline of commands sent together; `exec()` answers `[error, reply]` per command. */
export interface Pipeline {
  xpending(...args: any[]): Pipeline;
  xinfo(...args: any[]): Pipeline;
  get(...args: any[]): Pipeline;
  exec(): Promise<Array<[Error | null, unknown]> | null>;
}

/**
 * Every connection of a fleet waits for Redis rather than failing: a command sent while Redis is
 * away is queued and runs once it is back (the fleet's steps are fenced or idempotent, so a late one
 * is harmless), and reconnecting never gives up.
 */
const WAIT_FOR_REDIS = {
  maxRetriesPerRequest: null,
  enableOfflineQueue: true,
  autoResendUnfulfilledCommands: true,
  lazyConnect: false,
  retryStrategy: (times: number) => Math.min(times * 100, 2000),
};

export interface LinkEvents {
  down(error: Error | undefined): void;
  up(downMs: number): void;
}

/**
 * The fleet's connections to Redis: one for commands, one per reader for its blocking reads (a
 * blocked XREADGROUP holds its connection). They are the fleet's own (duplicates of the client given,
 * or opened from the options), so closing the fleet closes them and leaves the application's client
 * alone. Tells when Redis becomes unreachable and when it is back.
 */
export class Link {
  readonly command: Conn;
  readonly #make: () => Conn;
  readonly #state = new Map<Conn, 'starting' | 'up' | 'down'>();
  readonly #events: LinkEvents;
  #downSince: number | null = null;
  #upAt: number | null = null;
  #lastError: Error | undefined;
  #closing = false;
  readonly #closed = new AbortController();
  /** Aborts when the fleet closes its connections: commands still waiting for Redis will never settle. */
  readonly closed = this.#closed.signal;

  constructor(make: () => Conn, events: LinkEvents) {
    this.#make = make;
    this.#events = events;
    this.command = this.#open();
  }

  /** A connection for one reader's blocking reads; `release()` it when the reader ends. */
  blocking(): Conn {
    return this.#open();
  }

  release(conn: Conn): void {
    if (!this.#state.delete(conn)) return;
    conn.disconnect();
    conn.removeAllListeners();
    // Errors of a socket being torn down are no news.
    conn.on('error', () => {});
    this.#settle();
  }

  /** Whether Redis is unreachable now. */
  get down(): boolean {
    return this.#downSince !== null;
  }

  /** Ms since Redis came back after an outage; `null` if no outage was seen. */
  sinceUp(): number | null {
    return this.#upAt === null ? null : performance.now() - this.#upAt;
  }

  /** Close every connection: politely if Redis is there (within `graceMs`), at once otherwise. */
  async close(graceMs = 1000): Promise<void> {
    this.#closing = true;
    const conns = [...this.#state.keys()];
    this.#state.clear();
    await Promise.all(
      conns.map(async (conn) => {
        conn.on('error', () => {});
        if (conn.status !== 'ready') return void conn.disconnect();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([conn.quit().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
        clearTimeout(timer);
        conn.disconnect();
      }),
    );
    this.#closed.abort();
  }

  #open(): Conn {
    const conn = this.#make();
    for (const [name, def] of Object.entries(SCRIPTS)) conn.defineCommand(name, def);
    this.#state.set(conn, conn.status === 'ready' ? 'up' : 'starting');
    conn.on('ready', () => this.#mark(conn, 'up'));
    conn.on('error', (error: Error) => {
      this.#lastError = error;
      this.#mark(conn, 'down');
    });
    conn.on('close', () => this.#mark(conn, 'down'));
    return conn;
  }

  #mark(conn: Conn, state: 'up' | 'down'): void {
    if (this.#closing || !this.#state.has(conn)) return;
    this.#state.set(conn, state);
    this.#settle();
  }

  #settle(): void {
    if (this.#closing) return;
    const anyDown = [...this.#state.values()].includes('down');
    if (anyDown && this.#downSince === null) {
      this.#downSince = performance.now();
      this.#events.down(this.#lastError);
    } else if (!anyDown && this.#downSince !== null) {
      this.#upAt = performance.now();
      const downMs = this.#upAt - this.#downSince;
      this.#downSince = null;
      this.#lastError = undefined;
      this.#events.up(Math.round(downMs));
    }
  }
}

/** ioredis options such as `{ host, port }`, or a client to duplicate. */
export type RedisSource = { duplicate(...args: any[]): unknown; status: string } | Record<string, unknown>;

/**
 * How to open a connection: duplicate the client given (ioredis is then already loaded), or open one
 * from options with the ioredis class given or installed (lib/redis/ioredis.ts).
 */
export async function connector(redis: RedisSource, Redis: (new (...args: any[]) => unknown) | undefined): Promise<() => Conn> {
  if (typeof (redis as { duplicate?: unknown }).duplicate === 'function') {
    const given = redis as { duplicate(overrides: object): unknown };
    return () => given.duplicate(WAIT_FOR_REDIS) as Conn;
  }
  const Open = await ioredisClass(Redis, 'fleet()');
  return () => new Open({ ...redis, ...WAIT_FOR_REDIS }) as Conn;
}
