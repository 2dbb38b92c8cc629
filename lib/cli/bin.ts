// Entry point of the `snoopath` command (the build adds the #! line); kept apart from main.ts so importing that has no effects.
// The default import: Node 20 has no enableCompileCache, and a named import of it would fail there.
import nodeModule from 'node:module';

// A command runs in a fresh process each time: Node's compile cache (22.1 and later; NODE_COMPILE_CACHE
// names its folder, NODE_DISABLE_COMPILE_CACHE turns it off) keeps the compiled code of what it loads
// (the command, snoopath, ky, undici) for the next run. It covers only what is loaded after this
// call, so the rest comes in by import() below. A program that imports snoopath decides for itself.
nodeModule.enableCompileCache?.();

const { main } = await import('./main.js');
main(process.argv.slice(2)).then(
  (status) => void (process.exitCode = status),
  (error: unknown) => {
    process.stderr.write(`snoopath: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
