// Cold import time: a fresh node process that imports the package and exits, minus a fresh node
// process that does nothing. Runs of the variants are interleaved; medians are compared.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { median } from './stats.mjs';

function once({ code, cwd, module }) {
  const args = module ? ['--input-type=module', '-e', code] : ['-e', code];
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`import timing failed (${code}): ${r.stderr}`);
  return ms;
}

/** variants: {name, code, cwd, module}; the first must be the empty baseline. */
export function importTimes(variants, runs) {
  const times = variants.map(() => []);
  for (const v of variants) once(v); // warm the file system cache
  for (let i = 0; i < runs; i++) variants.forEach((v, k) => times[k].push(once(v)));
  const base = median(times[0]);
  return variants.slice(1).map((v, k) => ({ name: v.name, ms: median(times[k + 1]) - base, baseMs: base }));
}
