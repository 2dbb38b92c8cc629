import type { RateLimitState } from '../../events/emitter.js';
import { MAX_SERVER_WAIT_MS } from '../headers.js';
import { DEFAULT_RESERVE, spending } from '../policy.js';
import type { RedisLink } from './link.js';
import { CLAIM, RECHECK } from './scripts.js';

/** A budget's keys in Redis: Bottleneck's settings hash, the window's numbers, and the channel its limiters listen on. */
export interface ClaimKeys {
  settings: string;
  window: string;
  channel: string;
}

/**
 * The shared claims of one budget: what an answer leaves for every process (CLAIM), and what a
 * finished send gives back (RECHECK). Each is one bounded round trip.
 */
export class Claims {
  readonly #link: RedisLink;
  readonly #keys: ClaimKeys;
  /** The longest window seen (ms): how much of it is left decides where a burst stops. */
  #window = 0;

  constructor(link: RedisLink, keys: ClaimKeys) {
    this.#link = link;
    this.#keys = keys;
  }

  /**
   * While the send still counts as running: the reservoir left for every process; null for an
   * answer of a window already over (it says nothing of this one); undefined when Redis could not tell.
   */
  async claim(state: RateLimitState): Promise<number | null | undefined> {
    const link = this.#link;
    if (link.down) return undefined;
    this.#window = Math.min(MAX_SERVER_WAIT_MS, Math.max(this.#window, (state.reset + 1) * 1000));
    // Every process bursts down to the same floor as a process alone would (with the default reserve).
    const { floor } = spending({ state, available: state.remaining, window: this.#window, reserve: DEFAULT_RESERVE });
    const { settings, window, channel } = this.#keys;
    const result = await link.guard<unknown>(link.conn.client.eval(CLAIM, 2, settings, window, state.used, Math.floor(state.remaining), state.reset, Date.now(), channel, floor ?? ''));
    return typeof result === 'number' ? (result >= 0 ? result : result === -2 ? null : undefined) : undefined;
  }

  /** Once a send is done: give back what its claim (or another's) withheld for it. */
  recheck(): void {
    const { settings, window, channel } = this.#keys;
    if (!this.#link.down) void this.#link.guard(this.#link.conn.client.eval(RECHECK, 2, settings, window, Date.now(), channel));
  }
}
