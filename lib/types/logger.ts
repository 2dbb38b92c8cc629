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
  /** Token requests, a spent budget, waits of 1 to 5 s for it. */
  info(message: string, details?: LogDetails): unknown;
  /** Retries (why, which attempt, how long until the next send), 429s, RATELIMIT cooldowns, waits of more than 5 s (naming the account and the client id), an expired token. */
  warn(message: string, details?: LogDetails): unknown;
  /** Unused today: failures reject the call instead. */
  error(message: string, details?: LogDetails): unknown;
}

/** The structured side of a line, for loggers that keep fields (`event` names what happened). */
export type LogDetails = Record<string, string | number | boolean | undefined>;
