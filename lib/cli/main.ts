import { Snoopath } from '../index.js';
import { apiMain } from './api.js';
import { parseAuthArgs, USAGE as AUTH_USAGE } from './args.js';
import { checkScript, codeFlow, type AuthIo } from './auth.js';
import { openInBrowser } from './open.js';
import { ask } from './prompt.js';

export const USAGE = `Usage: snoopath <command> [options]

Commands:
  auth      get a refresh token (code flow), or check a script app's credentials (--script)
  api       call any path of the API and print the answer as JSON

snoopath auth --help and snoopath api --help show their options. The platform emulator is the snoopath-emulator command.`;

export interface MainIo extends Partial<AuthIo> {
  env?: Record<string, string | undefined>;
}

function defaults(io: MainIo): AuthIo & { env: Record<string, string | undefined> } {
  return {
    out: io.out ?? ((text) => process.stdout.write(`${text}\n`)),
    err: io.err ?? ((text) => process.stderr.write(`${text}\n`)),
    open: io.open ?? openInBrowser,
    ask: io.ask ?? ((question, hidden) => ask(question, hidden, { input: process.stdin, output: process.stderr })),
    env: io.env ?? process.env,
  };
}

/** Runs `snoopath <argv>`; resolves to the exit status (0 done, 1 failed, 2 bad usage). */
export async function main(argv: readonly string[], io: MainIo = {}): Promise<number> {
  const { env, ...auth } = defaults(io);
  const [command, ...rest] = argv;
  if (command === undefined) {
    auth.err(USAGE);
    return 2;
  }
  if (command === '-h' || command === '--help') {
    auth.out(USAGE);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    auth.out(Snoopath.version);
    return 0;
  }
  if (command === 'api') return apiMain(rest, { ...(io.out && { out: io.out }), ...(io.err && { err: io.err }), env });
  if (command !== 'auth') {
    auth.err(`snoopath: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  let parsed;
  try {
    parsed = parseAuthArgs(rest, env);
  } catch (error) {
    auth.err(`snoopath auth: ${error instanceof Error ? error.message : String(error)}\n\n${AUTH_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    auth.out(AUTH_USAGE);
    return 0;
  }
  const { command: c } = parsed;
  for (const flag of c.secretFlags) auth.err(`Note: ${flag} stays in your shell history; the environment variable (see --help) does not.`);
  try {
    await (c.flow === 'script' ? checkScript(c, auth) : codeFlow(c, auth));
    return 0;
  } catch (error) {
    // The library's errors name the problem and never carry a secret; ours neither.
    auth.err(`snoopath auth: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
