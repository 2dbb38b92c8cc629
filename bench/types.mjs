// What importing snoopath adds to a user's `tsc` run: files, types, instantiations and compile CPU
// time (`strict`, `skipLibCheck: false`), each project compiled against a project that imports
// nothing. Part of `npm run bench` (bench/run.mjs); alone:
//   node bench/types.mjs [--runs N] [--write]   (--write updates the section in docs/performance.md)
//   node bench/types.mjs --against DIR           also compiles the projects against the package in DIR
//                                                (another build's package.json and dist/), interleaved: before/after
//   node bench/types.mjs --instructions [--against DIR]
//                                                counts the instructions of one compile of each project under
//                                                valgrind (cachegrind): the same on every run, so a loaded machine
//                                                still shows a before/after difference of a few per cent
// Needs `npm run build` (the projects import the built package, as users do, through its `exports`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { markdownTable, textTable } from './lib/format.mjs';
import { countInstructions } from './lib/instructions.mjs';
import { median } from './lib/stats.mjs';
import { ROOT, project } from './lib/type-projects.mjs';

const FIGURES = ['Files', 'Types', 'Instantiations', 'CPU time'];

/**
 * Runs in a child process of its own (`--measure`): compiles each project `runs` times, interleaved,
 * after one warm-up round, and prints the figures as JSON. CPU time of createProgram and every
 * diagnostic (parse, bind, check), taken in-process after a full GC: on this shared machine the wall
 * time of two identical \`tsc\` runs differs by seconds, their CPU time far less.
 */
async function measureChild(dir, names, runs) {
  const { default: ts } = await import(pathToFileURL(join(ROOT, 'node_modules/typescript/lib/typescript.js')).href);
  const once = (name) => {
    const config = ts.getParsedCommandLineOfConfigFile(join(dir, name, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    globalThis.gc();
    const start = process.cpuUsage();
    const program = ts.createProgram(config.fileNames, config.options);
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const cpu = process.cpuUsage(start);
    if (diagnostics.length) throw new Error(`types bench: ${name} does not compile: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, ' ')}`);
    const checker = program.getTypeChecker();
    return { Files: program.getSourceFiles().length, Types: checker.getTypeCount(), Instantiations: checker.getInstantiationCount(), 'CPU time': (cpu.user + cpu.system) / 1000 };
  };
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i <= runs; i++) for (const n of names) { const r = once(n); if (i > 0) samples[n].push(r); }
  process.stdout.write(JSON.stringify(samples));
}

/**
 * Median figures per project over `runs` interleaved runs; `added` is each project minus the baseline.
 * `against`: another build of the package, whose projects (`-against`) are compiled in the same rounds.
 */
export function measureTypes({ runs = 5, against = undefined } = {}) {
  if (!existsSync(join(ROOT, 'dist/index.d.ts'))) throw new Error('types bench: dist/index.d.ts is missing; run `npm run build` first.');
  if (against && !existsSync(join(against, 'dist/index.d.ts'))) throw new Error(`types bench: ${against}/dist/index.d.ts is missing.`);
  const names = ['baseline', 'construct', 'typical', ...(against ? ['construct-against', 'typical-against'] : [])];
  const tmp = mkdtempSync(join(tmpdir(), 'snoopath-types-'));
  try {
    for (const name of names) project(join(tmp, name), name, name.endsWith('-against') ? against : ROOT);
    const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--measure', tmp, names.join(','), String(runs)], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`types bench: the measuring process failed:\n${child.stderr}`);
    const samples = JSON.parse(child.stdout);
    const base = Object.fromEntries(FIGURES.map((f) => [f, median(samples.baseline.map((s) => s[f]))]));
    // Each run's project against the baseline compiled just before it: a burst of load moves both.
    const added = (name, f) => median(samples[name].map((s, i) => s[f] - samples.baseline[i][f]));
    const projects = names.slice(1).map((name) => ({ name, added: Object.fromEntries(FIGURES.map((f) => [f, added(name, f)])) }));
    return { runs, baseline: base, projects, typescript: JSON.parse(readFileSync(join(ROOT, 'node_modules/typescript/package.json'), 'utf8')).version };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const LABELS = {
  construct: 'snoopath: import and construct',
  typical: 'snoopath: typical bot (typed calls, a listing, an event)',
  'construct-against': 'the other build: import and construct',
  'typical-against': 'the other build: typical bot',
};
const n = (v) => Math.round(v).toLocaleString('en');
const rows = (t) => t.projects.map((p) => [LABELS[p.name], n(p.added.Files), n(p.added.Types), n(p.added.Instantiations), `${n(p.added['CPU time'])} ms`]);
const HEAD = ['Project', 'Files', 'Types', 'Instantiations', 'Compile CPU time'];

/** The docs/performance.md section. */
export function typesSection(t) {
  return `## Types cost

What importing snoopath adds to a user's TypeScript compilation (\`bench/types.mjs\`; TypeScript
${t.typescript}, \`strict\`, \`skipLibCheck: false\`, \`module: NodeNext\`, the built package through its
\`exports\`): each project's figures minus those of a project that imports nothing (${n(t.baseline.Files)} files,
${n(t.baseline.Types)} types, ${n(t.baseline.Instantiations)} instantiations: the standard library alone), compiled just before it. The
CPU time is that of parsing, binding and checking everything, in one process after a full garbage
collection, median over ${t.runs} such pairs; the counts do not vary.

${markdownTable(HEAD, rows(t))}

Before the public options were written out by hand (\`lib/types/options.ts\`), their type was
derived from the zod schema and pulled zod's declarations into every user's compilation. The typical
bot compiled against the build of commit 9527415 and against this change, alternately, 10 times
each in one process on this machine, added:

| Build | Files | Types | Instantiations | Compile CPU time |
| --- | --- | --- | --- | --- |
| before (options type derived from zod) | 93 | 23,183 | 50,906 | 2,213 ms |
| after (written out by hand) | 1 | 2,811 | 1,191 | 253 ms |

That is 88 % fewer types, 98 % fewer instantiations and 89 % less CPU time. The endpoint typings
are unchanged and complete (\`npm run codegen:check\`); the typed calls cost what the table above shows.
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--measure') {
  await measureChild(process.argv[3], process.argv[4].split(','), Number(process.argv[5]));
} else if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--instructions')) {
  const a = process.argv.indexOf('--against');
  const added = countInstructions({ against: a > 0 ? process.argv[a + 1] : undefined });
  const line = (name) => [LABELS[name], `${n(added[name])} M`, added[`${name}-against`] === undefined ? '' : `${(100 * (added[name] / added[`${name}-against`] - 1)).toFixed(1)} %`];
  console.log(textTable(['Project', 'Instructions added', 'Against the other build'], ['construct', 'typical'].map(line)));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--runs');
  const a = process.argv.indexOf('--against');
  const t = measureTypes({ runs: i > 0 ? Number(process.argv[i + 1]) : 5, against: a > 0 ? process.argv[a + 1] : undefined });
  console.log(textTable(HEAD, rows(t)));
  if (process.argv.includes('--write')) {
    const file = join(ROOT, 'docs/performance.md');
    const doc = readFileSync(file, 'utf8');
    const section = typesSection(t);
    const start = doc.indexOf('## Types cost');
    const next = start < 0 ? doc.indexOf('## Rate-limit runs in detail') : doc.indexOf('\n## ', start + 1) + 1;
    writeFileSync(file, start < 0 ? `${doc.slice(0, next)}${section}\n${doc.slice(next)}` : `${doc.slice(0, start)}${section}\n${doc.slice(next)}`);
    console.error('wrote the "Types cost" section of docs/performance.md');
  }
}
