import { AuthError } from '../errors/classes.js';

/** The modhash lives this long; after that it is read again before the next write. */
export const MODHASH_TTL_MS = 10 * 60_000;

/**
 * Cookie mode: the browser's session authenticates, and writes need the session's modhash as
 * `X-Modhash`. Read from `GET /api/me.json` before the first write and again once it is stale.
 */
export class ModhashKeeper {
  #value: string | undefined;
  #readAt = 0;
  #pending: Promise<string> | undefined;

  constructor(
    private readonly readMe: () => Promise<unknown>,
    private readonly now: () => number = Date.now,
    /** Told the modhash as it arrives, so that errors and events never show it. */
    private readonly secrets?: { add(value: string): void },
  ) {}

  get(): Promise<string> {
    if (this.#value !== undefined && this.now() - this.#readAt < MODHASH_TTL_MS) return Promise.resolve(this.#value);
    return (this.#pending ??= this.#read().finally(() => (this.#pending = undefined)));
  }

  async #read(): Promise<string> {
    const me = (await this.readMe()) as { data?: { modhash?: unknown } } | null;
    const modhash = me?.data?.modhash;
    if (typeof modhash !== 'string' || !modhash) {
      throw new AuthError('Cookie mode found no logged-in session (GET /api/me.json has no modhash): log in to the platform in this browser first.', { code: 'no_session' });
    }
    this.secrets?.add(modhash);
    this.#value = modhash;
    this.#readAt = this.now();
    return modhash;
  }
}
