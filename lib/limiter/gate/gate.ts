import { gateWait, OPEN, type GateSettings } from './admission.js';
import { WaitQueue, type Lane, type Priority, type Waiter } from './queue.js';
// The longest delay a timer holds (a longer one fires at once): waits past it are re-armed.
import { MAX_TIMER_MS } from '../../wait/sleep.js';

export type { GateSettings } from './admission.js';
export type { Lane, Priority } from './queue.js';

const FREE_LANE: Lane = { gap: () => 0, last: -Infinity };

/** How one send waits: its lane (instance), its priority, and the longest it accepts to wait. */
export interface AcquireOptions {
  priority?: Priority | undefined;
  /** Ms this send accepts to wait; a longer wait, known at once or later, rejects with `refuse(wait)`. Default: as long as it takes. */
  maxWait?: number | undefined;
  /** The error of a send that would wait longer than its maxWait. */
  refuse?: ((wait: number) => Error) | undefined;
}

/**
 * A priority admission gate: minimum gap between starts (once a burst is spent), a concurrency cap,
 * a reservoir of starts with a reserve that low-priority sends leave alone, and a gap per lane (the
 * instances that share it). Bottleneck does much the same, but its local store yields to the event
 * loop with setTimeout(0) several times per job (measured: 7 ms per call against 1 ms for a bare
 * fetch on loopback) and it cannot drop a queued job when its caller aborts. Here a free gate admits
 * synchronously, and a timer exists only while a waiter needs one: an idle gate, even a closed one,
 * holds nothing that could keep a process (or its instances) alive.
 */
export class Gate {
  readonly settings: GateSettings = { ...OPEN };
  #running = 0;
  #last = -Infinity;
  readonly #queue = new WaitQueue();
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #now: () => number;
  readonly #reopen: () => Partial<GateSettings>;

  constructor(settings: Partial<GateSettings> = {}, now: () => number = Date.now, reopen: () => Partial<GateSettings> = () => ({ reservoir: null })) {
    Object.assign(this.settings, settings);
    this.#now = now;
    this.#reopen = reopen;
  }

  get running(): number {
    return this.#running;
  }
  get queued(): number {
    return this.#queue.size;
  }

  /** Ms until a new send of `lane` and `priority` could start, behind those already waiting before it; Infinity when only a release or an update can help. */
  wait(lane: Lane = FREE_LANE, priority: Priority = 'normal'): number {
    const now = this.#now();
    this.#expire(now);
    const gate = gateWait(this.settings, { now, last: this.#last, running: this.#running }, priority, this.#queue.ahead(priority));
    return Math.max(gate, lane.last + lane.gap() - now);
  }

  /** Wait for a start. Resolves at once (no timer, no extra tick) when the gate and the lane are free. */
  acquire(signal?: AbortSignal, lane: Lane = FREE_LANE, options: AcquireOptions = {}): Promise<void> {
    const { priority = 'normal', maxWait = Infinity, refuse } = options;
    const wait = this.wait(lane, priority);
    if (wait <= 0) {
      this.#start(lane);
      return Promise.resolve();
    }
    if (wait !== Infinity && wait > maxWait) return Promise.reject(refuse?.(wait));
    return new Promise<void>((resolve, reject) => {
      const leave = () => signal?.removeEventListener('abort', onAbort);
      const waiter: Waiter = {
        lane, priority, deadline: this.#now() + maxWait,
        start: () => (leave(), resolve()),
        refuse: (ms) => (leave(), reject(refuse?.(ms))),
      };
      // An aborted call leaves the queue at once, takes nothing from the budget, and leaves no timer behind.
      const onAbort = () => {
        this.#queue.remove(waiter);
        reject(signal!.reason);
        this.#pump();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  /** A started send has finished. */
  release(): void {
    this.#running--;
    this.#pump();
  }

  /** Change settings; waiting sends are admitted as the new settings allow. */
  update(settings: Partial<GateSettings>): void {
    Object.assign(this.settings, settings);
    this.#pump();
  }

  /** The numbers have run out (window or pause over): reopened lazily, when someone asks, so a closed gate nobody waits at runs no timer. */
  #expire(now: number): void {
    const { reopenAt } = this.settings;
    if (reopenAt !== undefined && now >= reopenAt) Object.assign(this.settings, { reopenAt: undefined }, this.#reopen());
  }

  #start(lane: Lane): void {
    this.#running++;
    this.#last = this.#now();
    if (lane !== FREE_LANE) lane.last = this.#last;
    if (this.settings.reservoir !== null) this.settings.reservoir--;
    if (this.settings.left !== null) this.settings.left--;
  }

  #pump(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const now = this.#now();
    this.#expire(now);
    const state = { now, last: this.#last, running: this.#running };
    let soonest = Infinity;
    let ahead = 0;
    for (const waiter of this.#queue.ordered()) {
      // The first waiters whose lane allows go; lanes still in their gap do not hold up the others.
      const lane = Math.max(0, waiter.lane.last + waiter.lane.gap() - now);
      const free = gateWait(this.settings, state, waiter.priority);
      if (lane === 0 && free <= 0) {
        this.#queue.remove(waiter);
        this.#start(waiter.lane);
        Object.assign(state, { last: this.#last, running: this.#running });
        waiter.start();
        continue;
      }
      // The wait as things stand, behind the waiters that go first: what maxWait and the `wait` event judge.
      const wait = Math.max(lane, gateWait(this.settings, state, waiter.priority, ahead));
      ahead++;
      if (wait !== Infinity && now + wait > waiter.deadline) {
        this.#queue.remove(waiter);
        waiter.refuse(wait);
        continue;
      }
      // Told once, and again when its wait grows by more than a second (a closure after a pacing wait): the wait told is the wait taken.
      if (wait > 0 && (waiter.toldUntil === undefined || now + wait > waiter.toldUntil + 1000) && waiter.lane.waits?.(wait)) waiter.toldUntil = now + wait;
      soonest = Math.min(soonest, Math.max(lane, free));
    }
    if (soonest !== Infinity && this.#queue.size > 0) this.#timer = setTimeout(() => this.#pump(), Math.min(MAX_TIMER_MS, Math.max(1, soonest)));
  }
}
