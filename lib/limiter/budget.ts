import type { RateLimitState } from '../events/emitter.js';
import { Closures, type Closure } from './closure.js';
import { Gate, type GateSettings } from './gate/gate.js';
import { OutsideBudget } from './outside.js';
import { readRateLimit, Refusals } from './headers.js';
import { DEFAULT_RESERVE, PROBE, spending } from './policy.js';
import type { Told } from './tell.js';
import { WindowClock, type Spent } from './window.js';
import type { SharedBudget } from '../types/shared-limiter.js';

const UNPACED = { maxConcurrent: Infinity, reservoir: null, minTime: 0 };

/**
 * One app's request budget, as the platform counts it: per client id, whoever sends. Every instance
 * of the app in this process (lib/limiter/registry.ts) sends through the one gate: one budget, one
 * window, one probe until the budget is known, one 429 back-off. Each instance keeps only its own
 * throttle gap (a lane of the gate, lib/limiter/pacer.ts). How a window is spent (bursts, then an
 * even pace, a reserve for what is not low priority) is lib/limiter/policy.ts.
 */
export class AppBudget {
  readonly gate: Gate;
  /** The app's sends this budget does not count (token, revoke and upload requests): a gate of their own. */
  readonly outside: OutsideBudget;
  readonly shared: SharedBudget | undefined;
  /** Whether an answer has told the budget (until then each instance keeps the default 1 s throttle). */
  known = false;
  /** Share of a window's budget that low-priority sends leave alone: the largest any of its instances asked for. */
  reserve = DEFAULT_RESERVE;
  #reserveAsked = false;
  /** State of the call-level limits (RATELIMIT cooldowns, the morechildren lock), made when first needed. */
  actions: unknown;
  /** One send at a time until an answer tells the budget, or a successful one says there is none. */
  #probing = true;
  readonly #window = new WindowClock();
  /** 429s in a row: the wait after one without Retry-After grows (1 s, 2 s, ... 60 s). */
  readonly #refusals = new Refusals();
  readonly #closures = new Closures();
  /** Which wait episode and spent window have had their line: once per budget, for whichever instance tells first. */
  readonly told: Told = { wait: -1, reached: -1 };
  readonly #now: () => number;

  constructor(shared?: SharedBudget, now: () => number = Date.now) {
    this.shared = shared;
    this.#now = now;
    this.gate = new Gate({ maxConcurrent: 1 }, now, () => this.#reopen());
    this.outside = new OutsideBudget(now);
  }

  /** An instance's `reserve` (left out: the default). Instances of one app that differ get the largest. */
  askReserve(share: number | undefined): void {
    const asked = share ?? DEFAULT_RESERVE;
    this.reserve = this.#reserveAsked ? Math.max(this.reserve, asked) : asked;
    this.#reserveAsked = true;
  }

  /** Ms until the gate's numbers end (the window's end, or a pause's); Infinity when none is known. */
  windowLeft(): number {
    const at = this.gate.settings.reopenAt;
    return at === undefined ? Infinity : at - this.#now();
  }

  /** Set while the budget is closed. */
  get closed(): Closure | undefined {
    return this.#closures.closed;
  }

  /** Counts the budget's wait episodes (a closure, a window, a reopening): a wait is logged once per episode. */
  get episode(): number {
    return this.#closures.episode;
  }

  /** The last window the platform said is spent. */
  get spent(): Spent | undefined {
    return this.#window.spent;
  }

  /** The current window's number (see {@link Spent}). */
  get window(): number {
    return this.#window.count;
  }

  /**
   * Steer the budget by an API answer. `running`: sends started and not answered yet, this one
   * included; `claimed`: what the shared (Redis) budget says is left, null when the shared budget
   * took nothing from this answer (one of a window already over), undefined without a shared budget
   * (or while it is unreachable). Returns the rate-limit headers read.
   */
  observe(response: Response, running: number, claimed?: number | null): RateLimitState | undefined {
    const state = readRateLimit(response.headers);
    if (claimed === null) return state;
    const now = this.#now();
    if (response.status === 429) {
      this.#refused(response.headers, state, now);
      return state;
    }
    this.#refusals.answered(response);
    if (!state) {
      if (this.#probing && response.ok) {
        // A host that tells no budget (not the platform): nothing to pace by, for every process.
        this.#set(UNPACED, false);
        this.shared?.update(UNPACED);
      }
      return state;
    }
    const place = this.#window.place(state, now);
    if (place === 'stale') return state;
    if (place === 'new') this.#closures.opened();
    const end = this.#window.end;
    if (Math.floor(state.remaining) <= 0) {
      this.#window.spend(state);
      this.#close(end, state, 'budget');
      return state;
    }
    // An answer to a send made before a 429 does not end the pause the 429 asked for.
    if (this.#closures.paused(now)) return state;
    // Other sends already started may not be counted in this answer yet: keep room for them. (With
    // Redis, this process's sends may be waiting inside Bottleneck: the claim counts them.)
    const available = Math.max(0, Math.floor(state.remaining) - (claimed === undefined ? running - 1 : 0));
    if (available === 0 && (claimed ?? 0) === 0) {
      this.known = true;
      this.#close(end, state, 'budget');
      return state;
    }
    const settings = spending({ state, available, window: this.#window.length, reserve: this.reserve });
    if (claimed === undefined) return this.#set({ ...settings, left: null, reopenAt: end }, true), state;
    // With Redis the claim has set the reservoir and the spacing of every process in one atomic
    // step (lib/limiter/redis/scripts.ts): Bottleneck spaces and counts the sends; this process's
    // gate probes, closes, and keeps low-priority sends out of the reserve.
    this.#set({ ...settings, ...UNPACED, floor: null, left: claimed, reopenAt: end }, true);
    return state;
  }

  /**
   * A 429: every send of the app pauses until the later of Retry-After (or the growing back-off) and
   * the end of the window the answer says is spent. The platform refused: the window is spent.
   */
  #refused(headers: Headers, state: RateLimitState | undefined, now: number): void {
    const ms = this.#refusals.pauseMs(headers, now);
    this.#closures.pause(now + ms);
    if (state && this.#window.place(state, now) === 'new') this.#closures.opened();
    this.#window.pause(now + ms, now);
    // Without headers the pause is all that is known of the window.
    const closing = state ?? { used: 0, remaining: 0, reset: Math.ceil(ms / 1000) };
    this.#window.spend(closing);
    this.#close(now + ms, closing, 'rate_limit');
  }

  #close(reopenAt: number, state: RateLimitState, reason: Closure['reason']): void {
    const at = this.#closures.close(reopenAt, state, reason, this.#now());
    if (at === undefined) return;
    this.gate.update({ reservoir: 0, reopenAt: at });
    this.shared?.update({ reservoir: 0, refillAt: at });
  }

  /** The window is over (or the pause after a 429): the old numbers mean nothing, probe again. */
  #reopen(): Partial<GateSettings> {
    this.#closures.opened();
    this.known = false;
    this.#probing = true;
    // The shared budget reopens only if no other process has done so already (it may be well into the new window).
    if (this.shared) this.shared.reopen ? this.shared.reopen() : this.shared.update({ reservoir: null, maxConcurrent: 1, minTime: 0 });
    return PROBE;
  }

  /** An answer's own numbers never go to the shared budget: only claims set its reservoir. */
  #set(settings: Partial<GateSettings>, known: boolean): void {
    this.#closures.closed = undefined;
    this.known = known;
    this.#probing = false;
    this.gate.update(settings);
  }
}
