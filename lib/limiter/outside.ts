import { Gate } from './gate/gate.js';
import { Refusals } from './headers.js';
import type { Told } from './tell.js';

/**
 * An app's sends that its API budget does not count: token and revoke requests (the platform counts
 * API requests per client id; the token endpoint is another host) and uploads to the media host.
 * They never wait for the API budget, its probe or its pause, and spend none of it: a user who logs
 * in while the app's bots have spent their window (up to 600 s, longer than an authorization code
 * lives) and a logout's revoke go at once. Each instance still spaces its own by its throttle (its
 * lane of this gate), and a 429 from their host pauses them, and only them, for as long as it asks
 * (else 1, 2, 4 ... 60 s in a row), as the transport's retry of a 429 expects of the pacer.
 */
export class OutsideBudget {
  /** No budget and no concurrency cap: only the lanes' gaps and a 429's pause. */
  readonly gate: Gate;
  /** Which pause has had its line (a wait is told once per pause, whichever instance tells first). */
  readonly told: Told = { wait: -1, reached: -1 };
  /** Counts the pauses. */
  pauses = 0;
  /** 429s in a row from their host. */
  readonly #refusals = new Refusals();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.gate = new Gate({}, now);
  }

  /** Whether a 429 holds these sends now. */
  get paused(): boolean {
    const { reopenAt } = this.gate.settings;
    return reopenAt !== undefined && reopenAt > this.#now();
  }

  /** Steer by an answer: a 429 pauses these sends; a success ends the back-off's growth. */
  observe(response: Response): void {
    if (response.status !== 429) return this.#refusals.answered(response);
    const now = this.#now();
    const ms = this.#refusals.pauseMs(response.headers, now);
    this.pauses++;
    // The gate reopens by itself once the pause is over (its default reopening: no reservoir).
    this.gate.update({ reservoir: 0, reopenAt: now + ms });
  }
}
