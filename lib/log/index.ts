import { Emitter, type EventName, type PayloadFilter, type SnoopathEvents } from '../events/emitter.js';
import type { LineSource, Logger } from './types.js';

// Declared in types.ts, which the lazily loaded writer imports without this file; named here for
// lib/index.ts, lib/options/schema.ts and the rest of lib.
export type { LineSource, LogDetails, Logger } from './types.js';

// The limiter's waits and spent windows are worded by the limiter's own lines (lib/limiter/tell.ts):
// once per wait episode of a budget, not once per instance that waits.
const LOGGED = new Set<string>(['retry', 'access_token_refreshed', 'access_token_expired']);

/**
 * Lines that are never warnings: each instance's token requests and new tokens. Without a logger for
 * their level they go out only when NODE_DEBUG or DEBUG asks (lib/log/write.ts), so where neither
 * can (a page, a process without them) the writer is not loaded for them: a page's first call then
 * fetches one part fewer. Their levels are those of lib/log/lines.ts (__tests__/log checks).
 */
export const QUIET_LINES: Readonly<Record<string, 'debug' | 'info'>> = { access_token_refreshed: 'debug', token_request: 'info', revoke_request: 'info' };

/** Whether NODE_DEBUG or DEBUG may ask for debug lines here: set in a process's environment, or in Deno (whose env is read with care, lib/log/env.ts). */
function mayDebug(host = globalThis as { Deno?: unknown; process?: { env?: Record<string, string | undefined> } }): boolean {
  if (host.Deno) return true;
  const env = host.process?.env;
  return !!env && !!(env.NODE_DEBUG || env.DEBUG);
}

/** Loads the wording and the sinks (lib/log/write.ts): a chunk of its own, most instances never log a line (lib/core/chunks.ts). */
export type LoadWriter = () => Promise<Pick<typeof import('./write.js'), 'write'>>;

/**
 * The instance's emitter, which also turns the events worth telling into log lines. Extending the
 * emitter (instead of subscribing) costs an instance one field, not a listener set per event.
 */
export class LoggingEmitter extends Emitter {
  readonly #log: Partial<Logger> | undefined;
  readonly #filter: PayloadFilter | undefined;
  readonly #loadWriter: LoadWriter;

  /** `filter` cleans payloads (the instance's redaction of secrets) for listeners and lines alike. */
  constructor(loadWriter: LoadWriter, log?: Partial<Logger>, filter?: PayloadFilter) {
    super(filter);
    this.#loadWriter = loadWriter;
    this.#log = log;
    this.#filter = filter;
  }

  /** Events that become lines are always wanted: their payloads must be built even with no listener. */
  override has(name: EventName): boolean {
    return LOGGED.has(name) || super.has(name);
  }

  override emit<E extends EventName>(name: E, payload: SnoopathEvents[E]): void {
    super.emit(name, payload);
    if (LOGGED.has(name)) this.line(...([name, this.#filter ? this.#filter(name, payload) : payload] as LineSource));
  }

  /** Log a line about something that is not an event (token requests). Lines keep their order. */
  line(...source: LineSource): void {
    const log = this.#log;
    const quiet = QUIET_LINES[source[0]];
    if (quiet && typeof log?.[quiet] !== 'function' && !mayDebug()) return;
    void this.#loadWriter().then((m) => m.write(log, source)).catch((error: unknown) => {
      // A throwing logger is treated like a throwing listener: surfaced, never failing the call.
      queueMicrotask(() => {
        throw error;
      });
    });
  }
}
