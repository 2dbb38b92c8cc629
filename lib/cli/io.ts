import { openInBrowser } from './open.js';
import { ask } from './prompt.js';

/** How a command talks to the person running it; tests pass their own. */
export interface Io {
  /** The result (a token, a username, the JSON), alone on stdout so a script can capture it. */
  out(text: string): void;
  /** Instructions, progress and errors, on stderr. */
  err(text: string): void;
  /** Opens the URL in a browser (for --open); resolves to false when it could not. */
  open(url: string): Promise<boolean>;
  /** Asks on the terminal; resolves to undefined when nobody can answer. */
  ask(question: string, hidden: boolean): Promise<string | undefined>;
  /** The environment the credentials are read from. */
  env: Record<string, string | undefined>;
}

/**
 * Lines on stdout. A reader that stops early (`snoopath api ... | head`) closes the pipe: the command
 * has done its work, so it ends quietly with status 0 instead of an EPIPE error.
 */
export function stdoutLines(): (text: string) => void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  return (text) => void process.stdout.write(`${text}\n`);
}

export const stderrLines = (): ((text: string) => void) => (text) => void process.stderr.write(`${text}\n`);

/** The process's terminal and environment, for what a test did not pass. */
export function withDefaults(io: Partial<Io>): Io {
  return {
    out: io.out ?? stdoutLines(),
    err: io.err ?? stderrLines(),
    open: io.open ?? openInBrowser,
    ask: io.ask ?? ((question, hidden) => ask(question, hidden, { input: process.stdin, output: process.stderr })),
    env: io.env ?? process.env,
  };
}

/** A command of `snoopath`: `run` gets the arguments after its name and resolves to the exit status (0 done, 1 failed, 2 bad usage). */
export interface Command {
  /** One line for `snoopath --help`. */
  summary: string;
  run(argv: readonly string[], io: Io): Promise<number>;
}

/** An error already worded for the person at the terminal (flags and environment variables, not library options). */
export class CliError extends Error {
  override name = 'CliError';
}
