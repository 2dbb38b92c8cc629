import { TimeoutError } from '../errors/classes.js';
import type { CursorStore, StreamCursor, StreamFailure } from '../types/stream.js';
import { within } from '../wait/within.js';

type Report = (during: StreamFailure['during'], error: unknown, retryIn: number) => void;
/** Makes the cursor to write when its turn comes: writes coalesce, so most snapshots are never made. */
type Snapshot = () => StreamCursor;

const timedOut = (what: string, ms: number) => () =>
  new TimeoutError(`cursorStore.${what} did not settle within ${ms} ms (the stream option cursorTimeout): check the store (a database or file it waits for).`);

/**
 * The stream's side of a cursor store. A failing store never ends the stream: a read is tried
 * again (with the stream's back-off) until it succeeds, because starting without the cursor would
 * replay or skip items; a failed write is retried with the next item or poll, and each failure is
 * reported. Writes are serialized and coalesced, so a slow store never holds up the consumer and an
 * older cursor never lands after a newer one.
 *
 * A hung store never holds up the stream either: each read and write is waited for at most
 * `timeout` ms (a read also ends when the stream is stopped), and so is the last write when the
 * stream ends. A write that timed out may still land: the next one waits for it in the background.
 */
export class CursorKeeper {
  #writing: Promise<void> | undefined;
  #next: Snapshot | undefined;
  #unsaved: Snapshot | undefined;

  constructor(
    readonly store: CursorStore,
    readonly report: Report,
    readonly timeout: number,
    readonly signal: AbortSignal,
  ) {}

  /**
   * The stored cursor, or `undefined` when the stream was stopped first. `wait(ms)` resolves to
   * false once the stream is stopped; `backoff(n)` is the wait after the n-th failure in a row.
   */
  async read(wait: (ms: number) => Promise<boolean>, backoff: (failures: number) => number): Promise<{ value: unknown } | undefined> {
    for (let failures = 1; ; failures++) {
      try {
        return { value: await within(Promise.resolve().then(() => this.store.get()), this.timeout, timedOut('get()', this.timeout), this.signal) };
      } catch (error) {
        if (this.signal.aborted) return undefined;
        const retryIn = backoff(failures);
        this.report('cursor_get', error, retryIn);
        if (!(await wait(retryIn))) return undefined;
      }
    }
  }

  save(snapshot: Snapshot): void {
    this.#next = snapshot;
    this.#writing ??= this.#drain().finally(() => {
      this.#writing = undefined;
      // A cursor saved between the last write and this callback.
      if (this.#next) this.save(this.#next);
    });
  }

  /** Write again what a failed write left unsaved, unless a newer cursor has been written since. */
  retry(): void {
    const unsaved = this.#unsaved;
    this.#unsaved = undefined;
    if (unsaved && !this.#next) this.save(unsaved);
  }

  /** The last cursor is written (or its write failed twice, or `timeout` ms went by) when this resolves. */
  async flush(): Promise<void> {
    const last = async () => {
      // A write that failed before, or fails now, gets one more try.
      for (let round = 0; round < 2; round++) {
        this.retry();
        await this.#writing;
      }
    };
    await within(last(), this.timeout, timedOut('set() of the last cursor, when the stream ended,', this.timeout)).catch((error: unknown) => this.report('cursor_set', error, 0));
  }

  async #drain(): Promise<void> {
    for (let snapshot = this.#next; snapshot; snapshot = this.#next) {
      this.#next = undefined;
      const write = Promise.resolve().then(() => this.store.set(snapshot()));
      try {
        await within(write, this.timeout, timedOut('set()', this.timeout));
        // Writes land in order: this one supersedes any that failed before it.
        this.#unsaved = undefined;
      } catch (error) {
        this.#unsaved = snapshot;
        this.report('cursor_set', error, 0);
        // A write that did not settle in time may still land: the next waits, so the order holds.
        if (error instanceof TimeoutError) await write.catch(() => undefined);
      }
    }
  }
}
