import type { Conn, Link } from './redis/link.js';
import { pause, unless } from './wait.js';

/** How often a blocked read is asked to end (CLIENT UNBLOCK) until it answers. */
const WAKE_EVERY_MS = 50;

/**
 * The connection one reader blocks on (XREADGROUP ... BLOCK), and the two ways a blocked read ends
 * early. Stopping cuts it: the connection closes at once, and an entry Redis may have delivered to
 * the read meanwhile stays pending for the consumer (another worker claims it after claimAfterMs).
 * Polling that is over for good wakes it instead: CLIENT UNBLOCK until the read answers, so what
 * Redis delivered to it is read, never left behind by a run that ends (cutting raced there: Redis
 * could serve the read after the reader had looked at its own backlog on its other connection).
 * Where CLIENT is refused, the read ends by its own BLOCK timeout.
 */
export class Blocker {
  readonly conn: Conn;
  readonly #link: Link;
  readonly #cut = new AbortController();
  readonly #id: Promise<unknown>;
  #inFlight: Promise<unknown> | undefined;

  constructor(link: Link) {
    this.#link = link;
    this.conn = link.blocking();
    // Asked first on the connection, so it is known before any read blocks.
    this.#id = this.conn.client('ID').catch(() => undefined);
  }

  /** A blocked read's reply; rejects at once when cut, or when the fleet's connections close. */
  read<T>(command: Promise<T>): Promise<T> {
    this.#inFlight = command;
    const settled = () => {
      if (this.#inFlight === command) this.#inFlight = undefined;
    };
    command.then(settled, settled);
    return unless(command, AbortSignal.any([this.#cut.signal, this.#link.closed]));
  }

  /** Stop now: the read in flight is abandoned and the connection closed. */
  cut(): void {
    this.#cut.abort();
    this.#link.release(this.conn);
  }

  /** End the read in flight early, through `other` (a connection that is not blocked), and let it answer; then close. */
  async wake(other: Conn): Promise<void> {
    const id = await this.#id;
    while (this.#inFlight && !this.#cut.signal.aborted && !this.#link.closed.aborted) {
      if (id !== undefined) await unless(other.client('UNBLOCK', id), this.#link.closed).catch(() => {});
      await pause(WAKE_EVERY_MS, this.#cut.signal);
    }
    this.#link.release(this.conn);
  }
}
