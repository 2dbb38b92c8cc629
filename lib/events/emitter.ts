import type { ResponseError } from '../errors/classes.js';
import type { StreamFailure, StreamGap } from '../types/stream.js';
import type { TreeBound } from '../types/tree.js';

/** Rate-limit state as the platform reported it on the last response. */
export interface RateLimitState {
  /** Requests used in the current window. */
  used: number;
  /** Requests left in the current window (the platform may send a fraction). */
  remaining: number;
  /** Seconds until the window ends. */
  reset: number;
}

/** Payloads of the events an instance emits. */
export interface SnoopathEvents {
  /** Every non-2xx response (retried or not). */
  response_error: ResponseError;
  /** The user token ran out and cannot be renewed (implicit, explicit temporary). */
  access_token_expired: undefined;
  /** A new access token was obtained; the only place a token is handed out. */
  access_token_refreshed: string;
  /** Every response carrying X-Ratelimit-* headers. */
  rate_limit: RateLimitState;
  /** The budget of the window is spent; requests wait for the reset. */
  rate_limit_reached: RateLimitState;
  /** A request is about to be sent again. */
  retry: { attempt: number; delay: number; error: Error };
  /**
   * The `tokenStore` failed: a `get()` that rejected or did not settle within `requestTimeout` (the
   * call rejects with `error`, the next call reads the store again), or a `set()` that did (the call
   * goes on with its token; the next new token is written again).
   */
  token_store_error: { operation: 'get' | 'set'; error: Error };
  /** A send will wait more than a second: for the budget, after a 429, for a RATELIMIT cooldown or for the morechildren lock. */
  wait: { ms: number; reason: 'budget' | 'rate_limit' | 'ratelimit_action' | 'morechildren' };
  /** The Redis shared budget (`sharedLimit()`) became unreachable, so this instance's sends are paced by its process alone (`available: false`, with the reason), or reachable again. */
  shared_limit: { available: boolean; error?: Error | undefined };
  /** A stream read back as far as the listing goes without reaching items it handled: some may be lost. */
  stream_gap: StreamGap;
  /** A stream outlived a failure (an outage longer than the retries, a failing cursor store) and tries again. */
  stream_error: StreamFailure;
  /** A `tree()` expansion reached its request bound (the server kept listing more work than the tree holds); the call rejects with `TreeBoundError`. */
  tree_bound: TreeBound;
}

export type EventName = keyof SnoopathEvents;
export type Listener<E extends EventName> = (payload: SnoopathEvents[E]) => void;

/** Cleans a payload before anyone sees it (the instance's redaction of secrets). */
export type PayloadFilter = <E extends EventName>(name: E, payload: SnoopathEvents[E]) => SnoopathEvents[E];

/** once() wrappers → the listener the caller gave, so that off(name, listener) finds them. */
const onceOriginals = new WeakMap<Listener<any>, Listener<any>>();

/** A minimal emitter that runs in browsers too. A throwing listener never breaks a call. */
export class Emitter {
  #listeners: Map<EventName, Set<Listener<any>>> | undefined;
  readonly #filter: PayloadFilter | undefined;

  /** `filter` sees every payload before the listeners do (the instance's redaction of secrets). */
  constructor(filter?: PayloadFilter) {
    this.#filter = filter;
  }

  on<E extends EventName>(name: E, listener: Listener<E>): this {
    this.#listeners ??= new Map();
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener);
    return this;
  }

  once<E extends EventName>(name: E, listener: Listener<E>): this {
    const wrapped: Listener<E> = (payload) => {
      this.off(name, wrapped);
      listener(payload);
    };
    onceOriginals.set(wrapped, listener);
    return this.on(name, wrapped);
  }

  /** Remove a listener; one added with once() is removed by the function given to once(). */
  off<E extends EventName>(name: E, listener: Listener<E>): this {
    const set = this.#listeners?.get(name);
    if (set && !set.delete(listener)) {
      for (const l of set) {
        if (onceOriginals.get(l) === listener) {
          set.delete(l);
          break;
        }
      }
    }
    return this;
  }

  /** Whether anyone listens: lets callers skip building a payload nobody reads. */
  has(name: EventName): boolean {
    return (this.#listeners?.get(name)?.size ?? 0) > 0;
  }

  emit<E extends EventName>(name: E, payload: SnoopathEvents[E]): void {
    const set = this.#listeners?.get(name);
    if (!set || set.size === 0) return;
    if (this.#filter) payload = this.#filter(name, payload);
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch (error) {
        // A listener's bug must not fail the request that emitted the event; surface it asynchronously.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
