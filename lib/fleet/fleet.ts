import { ArgumentError } from '../errors/classes.js';
import { fillPath, splitPath, type Args } from '../request/path.js';
import type { StreamOptions } from '../types/stream.js';
import { FleetEmitter } from './events.js';
import { Housekeeper } from './housekeeping.js';
import { Poller } from './poller.js';
import { read } from './reader.js';
import { connector, Link, type RedisSource } from './redis/link.js';
import { registryKey, streamId, streamKeys } from './rules/keys.js';
import { fleetStats } from './stats.js';
import type { Fleet, FleetEventName, FleetEvents, FleetLocalStats, FleetStats, FleetStream, FleetStreamRef, Streamable } from './types.js';

export interface FleetSettings {
  redis: RedisSource;
  Redis: (new (...args: any[]) => unknown) | undefined;
  name: string;
  worker: string;
  leaseMs: number;
  claimAfterMs: number;
  cursorSaveMs: number;
}

/** One stream as this worker runs it: its poller (one, however many loops) and its loops. */
interface Running {
  ref: FleetStreamRef;
  poller: Poller;
  housekeeper: Housekeeper;
  loops: number;
  counts: FleetLocalStats;
}

const OWN_OPTIONS = ['cursor', 'cursorStore'] as const;

/** The listing a stream polls, for people: `/r/aww/comments` (the template when the arguments do not fill it). */
function pathOf(call: Streamable & { path?: unknown }, args: Args): string {
  const template = String(call.path);
  try {
    return fillPath(splitPath(template).pathname, args);
  } catch {
    return template;
  }
}

/** The fleet behind `fleet()`: see lib/fleet.ts and docs/fleet.md. */
export class FleetImpl implements Fleet {
  readonly name: string;
  readonly worker: string;
  readonly #s: FleetSettings;
  readonly #events = new FleetEmitter();
  readonly #closing = new AbortController();
  readonly #running = new Map<string, Running>();
  readonly #consumers = new Set<string>();
  #link: Promise<Link> | undefined;
  #loops = 0;
  #serial = 0;
  #closed: Promise<void> | undefined;

  constructor(settings: FleetSettings) {
    this.#s = settings;
    this.name = settings.name;
    this.worker = settings.worker;
  }

  on<E extends FleetEventName>(event: E, listener: (payload: FleetEvents[E]) => void): this {
    this.#events.on(event, listener);
    return this;
  }

  off<E extends FleetEventName>(event: E, listener: (payload: FleetEvents[E]) => void): this {
    this.#events.off(event, listener);
    return this;
  }

  stream(call: Streamable, args?: Args, options?: StreamOptions): FleetStream<any> {
    const valid = call !== null && typeof call === 'object' && typeof call.stream === 'function' && typeof (call as { path?: unknown }).path === 'string';
    const id = valid ? streamId((call as unknown as { path: string }).path, args ?? {}) : '';
    const loop = (async function* (fleet: FleetImpl) {
      if (!valid) throw new ArgumentError('fleet.stream(call, args, options): call must be a call object, such as reddit(\'/r/$subreddit/comments\').');
      for (const key of OWN_OPTIONS) {
        if (options?.[key] != null) throw new ArgumentError(`fleet.stream(): the ${key} option is the fleet's own (the cursor lives in Redis, shared by the workers); leave it out.`);
      }
      yield* fleet.#loop(call, args ?? {}, options ?? {}, id);
    })(this);
    return Object.defineProperty(loop, 'id', { value: id, enumerable: true }) as unknown as FleetStream<any>;
  }

  async stats(): Promise<FleetStats> {
    const link = await this.#connect();
    const streams = await fleetStats(link.command, this.name, (id) => {
      const r = this.#running.get(id);
      return r && { ...r.counts, polling: r.poller.polling };
    });
    return { name: this.name, worker: this.worker, streams };
  }

  close(): Promise<void> {
    return (this.#closed ??= (async () => {
      this.#closing.abort();
      await Promise.all([...this.#running.values()].map((r) => r.poller.stop()));
      // The connections close when the last loop has ended (it acknowledges its item in hand first),
      // or after claimAfterMs for a loop that is never resumed (its item then goes to another worker);
      // at once if Redis is away, as nothing could be acknowledged anyway.
      const link = await this.#link?.catch(() => undefined);
      if (this.#loops === 0 || link?.down) return this.#shutdown();
      setTimeout(() => void this.#shutdown(), this.#s.claimAfterMs).unref();
    })());
  }

  #connect(): Promise<Link> {
    if (this.#closing.signal.aborted && !this.#link) return Promise.reject(new ArgumentError('this fleet is closed: make a new one with fleet().'));
    return (this.#link ??= connector(this.#s.redis, this.#s.Redis).then(
      (make) => new Link(make, { down: (error) => this.#events.emit('redis_down', { error }), up: (downMs) => this.#events.emit('redis_up', { downMs }) }),
    ));
  }

  async #shutdown(): Promise<void> {
    const link = await this.#link?.catch(() => undefined);
    await link?.close();
  }

  async *#loop(call: Streamable, args: Args, options: StreamOptions, id: string): AsyncGenerator<unknown, void, undefined> {
    if (this.#closing.signal.aborted) return;
    const link = await this.#connect();
    const running = this.#run(link, call, args, options, id);
    const consumer = `${this.worker}/${++this.#serial}`;
    this.#consumers.add(consumer);
    running.loops++;
    this.#loops++;
    const stop = options.signal ? AbortSignal.any([this.#closing.signal, options.signal]) : this.#closing.signal;
    try {
      yield* read({ link, keys: streamKeys(this.name, id), ref: running.ref, consumer, claimAfterMs: this.#s.claimAfterMs, poller: running.poller, housekeeper: running.housekeeper, counts: running.counts, emit: this.#events.emit, stop });
    } finally {
      this.#consumers.delete(consumer);
      this.#loops--;
      if (--running.loops === 0 && !this.#closing.signal.aborted) {
        this.#running.delete(id);
        await running.poller.stop();
      }
      if (this.#loops === 0 && this.#closing.signal.aborted) {
        await this.#closed;
        await this.#shutdown();
      }
    }
  }

  /** The stream's poller and housekeeper on this worker, started by its first loop. */
  #run(link: Link, call: Streamable, args: Args, options: StreamOptions, id: string): Running {
    let running = this.#running.get(id);
    if (running) return running;
    const keys = streamKeys(this.name, id);
    const ref = { id, path: pathOf(call, args) };
    const { signal: _signal, ...pollOptions } = options;
    const emit = this.#events.emit;
    const poller = new Poller({ conn: link.command, keys, ref, token: this.worker, leaseMs: this.#s.leaseMs, cursorSaveMs: this.#s.cursorSaveMs, call, args, closed: link.closed, down: () => link.down, options: pollOptions, emit });
    const housekeeper = new Housekeeper(link.command, keys, ref, this.#s.claimAfterMs, this.#consumers, emit);
    running = { ref, poller, housekeeper, loops: 0, counts: { polling: false, published: 0, skipped: 0, handled: 0, claimed: 0 } };
    Object.defineProperties(running.counts, {
      published: { get: () => poller.counts.published, enumerable: true },
      skipped: { get: () => poller.counts.skipped, enumerable: true },
    });
    this.#running.set(id, running);
    // Registered for stats() on any worker; JSON keeps the arguments readable with redis-cli.
    link.command.hset(registryKey(this.name), id, JSON.stringify({ path: ref.path, template: String((call as { path?: unknown }).path), args })).catch(() => {});
    poller.start();
    return running;
  }
}
