/** What the gate enforces; each may change at any time (the budget adjusts them from rate-limit headers). */
export interface GateSettings {
  /** Minimum ms between two starts, whoever sends them. */
  minTime: number;
  /** How many may run at once (1 while probing, Infinity otherwise). */
  maxConcurrent: number;
  /** Starts left before the gate closes; null means unlimited. */
  reservoir: number | null;
  /** With an empty reservoir: when the gate reopens by itself (then `reopen()` gives the settings). */
  reopenAt?: number | undefined;
}

/** One sender (an instance) behind a shared gate: its own minimum gap between starts. */
export interface Lane {
  /** The lane's minimum ms between two of its starts. */
  gap(): number;
  last: number;
  /** A waiter of this lane will wait `ms` as things stand; true once it has been told (it is then not told again). */
  waits?(ms: number): boolean;
}

interface Waiter {
  lane: Lane;
  start: () => void;
  told?: boolean;
}

const FREE_LANE: Lane = { gap: () => 0, last: -Infinity };

/**
 * A FIFO admission gate: minimum gap between starts, a concurrency cap, a reservoir of starts, and a
 * gap per lane (the instances that share it). Bottleneck does the same, but its local store yields
 * to the event loop with setTimeout(0) several times per job (measured: 7 ms per call against 1 ms
 * for a bare fetch on loopback) and it cannot drop a queued job when its caller aborts. Here a free
 * gate admits synchronously, and a timer exists only while a waiter needs one: an idle gate, even a
 * closed one, holds nothing that could keep a process (or its instances) alive.
 */
export class Gate {
  readonly settings: GateSettings = { minTime: 0, maxConcurrent: Infinity, reservoir: null };
  #running = 0;
  #last = -Infinity;
  #queue: Waiter[] = [];
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
    return this.#queue.length;
  }

  /** Ms until a start of `lane` could happen as things stand; Infinity when only a release or an update can help. */
  wait(lane: Lane = FREE_LANE): number {
    return Math.max(this.#free(), lane.last + lane.gap() - this.#now());
  }

  /** Wait for a start. Resolves at once (no timer, no extra tick) when the gate and the lane are free. */
  acquire(signal?: AbortSignal, lane: Lane = FREE_LANE): Promise<void> {
    if (this.#queue.length === 0 && this.wait(lane) <= 0) {
      this.#start(lane);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        lane,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      // An aborted call leaves the queue at once, takes nothing from the budget, and leaves no timer behind.
      const onAbort = () => {
        const index = this.#queue.indexOf(waiter);
        if (index >= 0) this.#queue.splice(index, 1);
        reject(signal!.reason);
        // With nobody left waiting, the pump leaves no timer behind to keep the process alive.
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
    // Refilled: a reopening time of the closed window means nothing now.
    if (settings.reservoir !== undefined && settings.reservoir !== 0) this.settings.reopenAt = undefined;
    this.#pump();
  }

  /** 0 when the gate allows a start now; the ms to wait for its gap or its reopening; Infinity when only a release or an update can help. */
  #free(): number {
    const s = this.settings;
    if (s.reservoir !== null && s.reservoir <= 0) {
      if (s.reopenAt === undefined) return Infinity;
      const left = s.reopenAt - this.#now();
      if (left > 0) return left;
      // Reopened lazily, when someone asks: no timer runs for a closed gate nobody waits at.
      Object.assign(s, { reopenAt: undefined }, this.#reopen());
    }
    if (this.#running >= s.maxConcurrent) return Infinity;
    return Math.max(0, this.#last + s.minTime - this.#now());
  }

  #start(lane: Lane): void {
    this.#running++;
    this.#last = this.#now();
    if (lane !== FREE_LANE) lane.last = this.#last;
    if (this.settings.reservoir !== null) this.settings.reservoir--;
  }

  #pump(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#queue.length > 0) {
      const gate = this.#free();
      if (gate === Infinity) return;
      // The first waiter whose lane allows it goes; lanes still in their gap do not hold up the others.
      const now = this.#now();
      let soonest = Infinity;
      let index = -1;
      for (let i = 0; i < this.#queue.length && index < 0; i++) {
        const waiter = this.#queue[i]!;
        const wait = Math.max(gate, waiter.lane.last + waiter.lane.gap() - now);
        if (wait <= 0) index = i;
        else soonest = Math.min(soonest, wait);
        if (wait > 0 && !waiter.told) waiter.told = waiter.lane.waits?.(wait);
      }
      if (index < 0) {
        this.#timer = setTimeout(() => this.#pump(), soonest);
        return;
      }
      const [waiter] = this.#queue.splice(index, 1);
      this.#start(waiter!.lane);
      waiter!.start();
    }
  }
}
