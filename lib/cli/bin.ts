// Entry point of the `snoopath` command (the build adds the #! line); kept apart from main.ts so importing that has no effects.
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (status) => void (process.exitCode = status),
  (error: unknown) => {
    process.stderr.write(`snoopath: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
