/** How long a Redis step of a send may take before the send goes on without it (paced by this process alone). */
export const REDIS_STEP_MS = 2000;
/** While Redis is hung, how often a PING asks whether it answers again. */
const PROBE_MS = 1000;

/**
 * A Redis that is connected but does not answer (paused, swapping, a long blocking command) looks
 * ready to ioredis while every command waits. This times the round trips: one that takes longer than
 * {@link REDIS_STEP_MS} marks Redis hung, so sends stop waiting for it and pace by their process
 * alone, until a PING is answered within that time again. Its timers never keep a process alive.
 */
export class StallWatch {
  /** Set while Redis is hung: why. */
  hung: Error | undefined;
  readonly #ping: () => Promise<unknown>;
  readonly #changed: () => void;
  readonly #report: (error: Error) => void;
  /** Whether the connection is still worth probing (not closed). */
  readonly #open: () => boolean;

  constructor(ping: () => Promise<unknown>, changed: () => void, report: (error: Error) => void, open: () => boolean) {
    this.#ping = ping;
    this.#changed = changed;
    this.#report = report;
    this.#open = open;
  }

  /** Time one round trip: call the function returned when it has answered (or failed). */
  time(): () => void {
    const timer = setTimeout(() => this.stalled(), REDIS_STEP_MS);
    timer.unref?.();
    return () => clearTimeout(timer);
  }

  /** A round trip took longer than a step may. */
  stalled(): void {
    if (this.hung || !this.#open()) return;
    this.hung = new Error(`Redis did not answer within ${REDIS_STEP_MS} ms (a hung or overloaded server): the shared budget falls back to this process's own pacing until it answers again.`);
    this.#report(this.hung);
    this.#changed();
    this.#probe();
  }

  /** A connection that came back (or a fresh one): nothing hangs now. */
  clear(): void {
    this.hung = undefined;
  }

  /** Every second while hung: a PING answered within a step ends it; one that is not is left behind. */
  #probe(): void {
    const timer = setTimeout(() => {
      if (!this.hung || !this.#open()) return;
      const sent = Date.now();
      let left = false;
      const slow = setTimeout(() => ((left = true), this.#probe()), REDIS_STEP_MS);
      slow.unref?.();
      const answered = (ok: boolean) => {
        if (left) return;
        clearTimeout(slow);
        if (!ok || Date.now() - sent > REDIS_STEP_MS) return this.#probe();
        if (!this.hung) return;
        this.hung = undefined;
        this.#changed();
      };
      this.#ping().then(() => answered(true), () => answered(false));
    }, PROBE_MS);
    timer.unref?.();
  }
}
