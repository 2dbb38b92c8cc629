// Instructions a compile executes, counted by valgrind (cachegrind): the same on every run, so a loaded
// machine still shows a before/after difference of a few per cent. Used by bench/types.mjs --instructions;
// runs itself as the process it counts (`--compile-one DIR`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, project } from './type-projects.mjs';

/**
 * Instructions executed by one compile of each project (`--compile-one`), counted by cachegrind, in
 * millions, with the baseline's subtracted. JIT code included (`--smc-check`), one thread, so the
 * counts repeat to within 0.1 %; a run takes a minute or two per project.
 */
export function countInstructions({ against = undefined } = {}) {
  if (spawnSync('valgrind', ['--version']).status !== 0) throw new Error('types bench: --instructions needs valgrind (apt-get install valgrind).');
  const names = ['baseline', 'construct', 'typical', ...(against ? ['construct-against', 'typical-against'] : [])];
  const tmp = mkdtempSync(join(tmpdir(), 'snoopath-types-'));
  try {
    const counts = {};
    for (const name of names) {
      project(join(tmp, name), name, name.endsWith('-against') ? against : ROOT);
      const run = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--smc-check=all-non-file', '--cachegrind-out-file=/dev/null',
        process.execPath, '--single-threaded', fileURLToPath(import.meta.url), '--compile-one', join(tmp, name)], { encoding: 'utf8' });
      const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr)?.[1];
      if (run.status !== 0 || !refs) throw new Error(`types bench: counting ${name} failed:\n${run.stderr.slice(-2000)}`);
      counts[name] = Number(refs.replaceAll(',', '')) / 1e6;
    }
    return Object.fromEntries(names.slice(1).map((n) => [n, counts[n] - counts.baseline]));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** One compile of the project in `dir`, for countInstructions. */
async function compileOne(dir) {
  const { default: ts } = await import(pathToFileURL(join(ROOT, 'node_modules/typescript/lib/typescript.js')).href);
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram(config.fileNames, config.options));
  if (diagnostics.length) throw new Error(`types bench: ${dir} does not compile: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, ' ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--compile-one') await compileOne(process.argv[3]);
