import { Emitter, type EventName, type PayloadFilter, type SnoopathEvents } from '../events.js';

/**
 * Where snoopath's log lines go (the `log` option), Octokit's convention: pass `console`, a pino or
 * winston logger, or an object with only the levels you want to change. A level left out keeps its
 * default: `warn` and `error` go to the console; `debug` and `info` are dropped unless the
 * environment has `NODE_DEBUG=snoopath` or `DEBUG=snoopath`. Lines never contain a secret.
 *
 * @example
 * new Snoopath({ ...options, log: console });                  // every line, debug included
 * new Snoopath({ ...options, log: { warn: () => {} } });       // no retry warnings on the console
 */
export interface Logger {
  /** Token renewals after a 401, waits for the morechildren lock. */
  debug(message: string, details?: LogDetails): unknown;
  /** Token requests, a spent budget, waits of more than a second for it. */
  info(message: string, details?: LogDetails): unknown;
  /** Retries (why, which attempt, how long until the next send), 429s, RATELIMIT cooldowns, an expired token. */
  warn(message: string, details?: LogDetails): unknown;
  /** Unused today: failures reject the call instead. */
  error(message: string, details?: LogDetails): unknown;
}

/** The structured side of a line, for loggers that keep fields (`event` names what happened). */
export type LogDetails = Record<string, string | number | boolean | undefined>;

/** What a line can be about: the instance's events, and token and revoke requests (lib/auth/grants.ts). */
export type LineSource =
  | { [E in EventName]: [E, SnoopathEvents[E]] }[EventName]
  | ['token_request', { grant: string; origin: string }]
  | ['revoke_request', { hint: string; origin: string }];

const LOGGED = new Set<string>(['retry', 'rate_limit_reached', 'access_token_refreshed', 'access_token_expired', 'wait']);

/** The wording and the sinks are a chunk of their own in browser bundles: most instances never log a line. */
let writer: Promise<typeof import('./write.js')> | undefined;

/**
 * The instance's emitter, which also turns the events worth telling into log lines. Extending the
 * emitter (instead of subscribing) costs an instance one field, not a listener set per event.
 */
export class LoggingEmitter extends Emitter {
  readonly #log: Partial<Logger> | undefined;
  readonly #filter: PayloadFilter | undefined;

  /** `filter` cleans payloads (the instance's redaction of secrets) for listeners and lines alike. */
  constructor(log?: Partial<Logger>, filter?: PayloadFilter) {
    super(filter);
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
    void (writer ??= import('./write.js')).then((m) => m.write(log, source)).catch((error: unknown) => {
      // A throwing logger is treated like a throwing listener: surfaced, never failing the call.
      queueMicrotask(() => {
        throw error;
      });
    });
  }
}
