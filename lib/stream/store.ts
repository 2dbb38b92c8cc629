import type { CursorStore, StreamCursor, StreamFailure } from '../types/stream.js';

type Report = (during: StreamFailure['during'], error: unknown, retryIn: number) => void;
/** Makes the cursor to write when its turn comes: writes coalesce, so most snapshots are never made. */
type Snapshot = () => StreamCursor;

/**
 * The stream's side of a cursor store. A failing store never ends the stream: a read is tried
 * again (with the stream's back-off) until it succeeds, because starting without the cursor would
 * replay or skip items; a failed write is retried with the next item or poll, and each failure is
 * reported. Writes are serialized and coalesced, so a slow store never holds up the consumer and an
 * older cursor never lands after a newer one.
 */
export class CursorKeeper {
  #writing: Promise<void> | undefined;
  #next: Snapshot | undefined;
  #unsaved: Snapshot | undefined;

  constructor(
    readonly store: CursorStore,
    readonly report: Report,
  ) {}

  /**
   * The stored cursor, or `undefined` when the stream was stopped first. `wait(ms)` resolves to
   * false once the stream is stopped; `backoff(n)` is the wait after the n-th failure in a row.
   */
  async read(wait: (ms: number) => Promise<boolean>, backoff: (failures: number) => number): Promise<{ value: unknown } | undefined> {
    for (let failures = 1; ; failures++) {
      try {
        return { value: await this.store.get() };
      } catch (error) {
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

  /** The last cursor is written (or its write failed) when this resolves. */
  async flush(): Promise<void> {
    this.retry();
    await this.#writing;
  }

  async #drain(): Promise<void> {
    for (let snapshot = this.#next; snapshot; snapshot = this.#next) {
      this.#next = undefined;
      try {
        await this.store.set(snapshot());
        // Writes land in order: this one supersedes any that failed before it.
        this.#unsaved = undefined;
      } catch (error) {
        this.#unsaved = snapshot;
        this.report('cursor_set', error, 0);
      }
    }
  }
}
