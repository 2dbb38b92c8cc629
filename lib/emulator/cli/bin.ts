// Entry point of the `snoopath-emulator` command (the build adds the #! line); kept apart from cli.ts so importing that has no effects.
import { main } from './cli.js';

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`snoopath-emulator: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
