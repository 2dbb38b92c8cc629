import { Snoopath } from '../index.js';
import { apiCommand } from './api/command.js';
import { authCommand } from './auth/command.js';
import { withDefaults, type Command, type Io } from './io.js';

/** The commands, by name: a new one is a line here (its module parses its own arguments). */
const COMMANDS: Record<string, Command> = {
  auth: authCommand,
  api: apiCommand,
};

export const USAGE = `Usage: snoopath <command> [options]

Commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`).join('\n')}

snoopath <command> --help shows its options (snoopath ${Object.keys(COMMANDS)[0]} --help). The platform emulator is the
snoopath-emulator command.`;

export type MainIo = Partial<Io>;

/** Runs `snoopath <argv>`; resolves to the exit status (0 done, 1 failed, 2 bad usage). */
export async function main(argv: readonly string[], given: MainIo = {}): Promise<number> {
  const io = withDefaults(given);
  const [name, ...rest] = argv;
  if (name === '-h' || name === '--help') {
    io.out(USAGE);
    return 0;
  }
  if (name === '--version' || name === '-v') {
    io.out(Snoopath.version);
    return 0;
  }
  const command = name === undefined ? undefined : Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(name === undefined ? USAGE : `snoopath: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  return command.run(rest, io);
}
