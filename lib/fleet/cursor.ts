import { performance } from 'node:perf_hooks';
import type { CursorStore, StreamCursor } from '../types/stream.js';
import type { Conn } from './redis/link.js';
import type { StreamKeys } from './rules/keys.js';
import { cursorWriteIn } from './rules/trim.js';
import { within } from './wait.js';

/**
 * The poller's cursor store: the stream's cursor in Redis, written only while this worker holds the
 * lease (the write is fenced by it) and at most once per `saveMs` (rules/trim.ts says why that is
 * safe). `set()` never waits for Redis: the stream goes on while the write is on its way.
 */
export class FencedCursor implements CursorStore {
  readonly #conn: Conn;
  readonly #keys: StreamKeys;
  readonly #token: string;
  readonly #saveMs: number;
  readonly #onFailure: (error: Error) => void;
  #latest: StreamCursor | undefined;
  #lastWrite: number | null = null;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | undefined;

  constructor(conn: Conn, keys: StreamKeys, token: string, saveMs: number, onFailure: (error: Error) => void) {
    this.#conn = conn;
    this.#keys = keys;
    this.#token = token;
    this.#saveMs = saveMs;
    this.#onFailure = onFailure;
  }

  async get(): Promise<string | null> {
    return this.#conn.get(this.#keys.cursor);
  }

  set(cursor: StreamCursor): void {
    this.#latest = cursor;
    this.#schedule();
  }

  /** Write the latest cursor now (waiting at most `graceMs`), and stop the timer. */
  async flush(graceMs: number): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await within(
      (async () => {
        await this.#writing;
        if (this.#latest) await this.#write();
      })(),
      graceMs,
      undefined,
    );
  }

  #schedule(): void {
    if (this.#timer || this.#writing || !this.#latest) return;
    const wait = cursorWriteIn(this.#lastWrite === null ? null : performance.now() - this.#lastWrite, this.#saveMs);
    if (wait === 0) {
      void this.#write();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#schedule();
    }, wait);
    this.#timer.unref?.();
  }

  #write(): Promise<void> {
    const cursor = this.#latest!;
    this.#latest = undefined;
    this.#lastWrite = performance.now();
    this.#writing = (async () => {
      try {
        // 0: the lease is another's now; that poller has its own cursor, this one is dropped.
        await this.#conn.fleetSaveCursor(this.#keys.lease, this.#keys.cursor, this.#token, JSON.stringify(cursor));
      } catch (error) {
        // Kept for the next write, unless a newer cursor came meanwhile.
        this.#latest ??= cursor;
        this.#onFailure(error as Error);
      } finally {
        this.#writing = undefined;
      }
    })();
    return this.#writing.then(() => this.#schedule());
  }
}
