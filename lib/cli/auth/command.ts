import { parseAuthArgs, USAGE } from './args.js';
import { checkScript, codeFlow } from './flow.js';
import { CliError, type Command } from '../io.js';

/** `snoopath auth`: a refresh token by the code flow, or a check of a script app's credentials. */
export const authCommand: Command = {
  summary: "get a refresh token (code flow), or check a script app's credentials (--script)",
  async run(argv, io) {
    let parsed;
    try {
      parsed = parseAuthArgs(argv, io.env);
    } catch (error) {
      io.err(`snoopath auth: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
      return 2;
    }
    if (parsed.help) {
      io.out(USAGE);
      return 0;
    }
    const { command: c } = parsed;
    for (const flag of c.secretFlags) io.err(`Note: ${flag} stays in your shell history; the environment variable (see --help) does not.`);
    try {
      await (c.flow === 'script' ? checkScript(c, io) : codeFlow(c, io));
      return 0;
    } catch (error) {
      // Failures are worded for the terminal by the flows (CliError); anything else is a bug's message, never a secret.
      io.err(`snoopath auth: ${error instanceof CliError || error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  },
};
