// What importing snoopath adds to a user's `tsc` run: files, types, instantiations and check time
// (`tsc --extendedDiagnostics`, `skipLibCheck: false`, strict), each project compiled against a
// project that imports nothing. Part of `npm run bench` (bench/run.mjs); alone:
//   node bench/types.mjs [--runs N] [--write]   (--write updates the section in docs/performance.md)
// Needs `npm run build` (the projects import the built package, as users do, through its `exports`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, textTable } from './lib/format.mjs';
import { median } from './lib/stats.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);

/** The user files: a script that only constructs an instance, and one that uses the typed calls. */
const SOURCES = {
  baseline: 'export const nothing = 1;\n',
  construct: `import Snoopath from 'snoopath';
export const reddit = new Snoopath({ userAgent: 'node:bot:1.0 (by /u/me)', oauth: { type: 'script', key: 'k', secret: 's', username: 'me', password: 'p' } });
`,
  typical: `import Snoopath from 'snoopath';
const reddit = new Snoopath({
  userAgent: 'node:bot:1.0 (by /u/me)',
  oauth: { type: 'script', key: 'k', secret: 's', username: 'me', password: 'p', scope: ['identity', 'read', 'vote'] },
});
reddit.on('retry', ({ attempt }) => console.log(attempt));
export async function main(): Promise<void> {
  const me = await reddit('/api/v1/me').get();
  const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 25 });
  for await (const post of hot) console.log(post.data.title, me.name);
  await reddit('/api/vote').post({ id: 't3_abc123', dir: 1 });
  await reddit('/comments/$article').listing({ $article: 'abc' }, { listingIndex: 1 });
  const loose = await reddit('/some/$where').get<{ ok: boolean }>({ $where: 'x' });
  console.log(loose.ok);
}
`,
};
const FIGURES = ['Files', 'Types', 'Instantiations', 'Check time', 'Total time'];

/** One tsc run: the figures of --extendedDiagnostics (times in ms). */
function compile(dir) {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', dir, '--extendedDiagnostics'], { encoding: 'utf8' });
  const figures = {};
  for (const name of FIGURES) {
    const m = new RegExp(`^${name}:\\s+([\\d.]+)(s?)$`, 'm').exec(r.stdout);
    if (m) figures[name] = Number(m[1]) * (m[2] === 's' ? 1000 : 1);
  }
  if (r.status !== 0 || Object.keys(figures).length !== FIGURES.length) {
    throw new Error(`types bench: tsc failed in ${dir}:\n${r.stdout}${r.stderr}`);
  }
  return figures;
}

/** A user project in `dir` whose node_modules holds this package. (snoowrap's typings are not compared: they
 * do not compile without @types/node and @types/request, which its users add themselves.) */
function project(dir, name) {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `types-${name}`, private: true, type: 'module' }));
  writeFileSync(join(dir, 'main.ts'), SOURCES[name]);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true, types: [] },
    files: ['main.ts'],
  }));
  symlinkSync(ROOT, join(dir, 'node_modules/snoopath'), 'dir');
}

/** Median figures per project over `runs` interleaved runs; `added` is each project minus the baseline. */
export function measureTypes({ runs = 5 } = {}) {
  if (!existsSync(join(ROOT, 'dist/index.d.ts'))) throw new Error('types bench: dist/index.d.ts is missing; run `npm run build` first.');
  const names = ['baseline', 'construct', 'typical'];
  const tmp = mkdtempSync(join(tmpdir(), 'snoopath-types-'));
  try {
    for (const name of names) project(join(tmp, name), name);
    const samples = Object.fromEntries(names.map((n) => [n, []]));
    for (let i = 0; i < runs; i++) for (const n of names) samples[n].push(compile(join(tmp, n)));
    const med = (n) => Object.fromEntries(FIGURES.map((f) => [f, median(samples[n].map((s) => s[f]))]));
    const base = med('baseline');
    const projects = names.slice(1).map((name) => {
      const m = med(name);
      return { name, added: Object.fromEntries(FIGURES.map((f) => [f, m[f] - base[f]])) };
    });
    return { runs, baseline: base, projects, typescript: JSON.parse(readFileSync(join(ROOT, 'node_modules/typescript/package.json'), 'utf8')).version };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const LABELS = {
  construct: 'snoopath: import and construct',
  typical: 'snoopath: typical bot (typed calls, a listing, an event)',
};
const n = (v) => Math.round(v).toLocaleString('en');
const rows = (t) => t.projects.map((p) => [LABELS[p.name], n(p.added.Files), n(p.added.Types), n(p.added.Instantiations), `${n(p.added['Check time'])} ms`, `${n(p.added['Total time'])} ms`]);
const HEAD = ['Project', 'Files', 'Types', 'Instantiations', 'Check time', 'Total time'];

/** The docs/performance.md section. */
export function typesSection(t) {
  return `## Types cost

What importing snoopath adds to a user's \`tsc\` run (\`bench/types.mjs\`; TypeScript ${t.typescript},
\`strict\`, \`skipLibCheck: false\`, \`module: NodeNext\`, the built package through its \`exports\`):
each project's \`--extendedDiagnostics\` figures minus those of a project that imports nothing
(${n(t.baseline.Files)} files, ${n(t.baseline.Types)} types, ${n(t.baseline.Instantiations)} instantiations, the standard library alone). Times are
medians of ${t.runs} interleaved runs and move with the machine's load; the counts do not.

${markdownTable(HEAD, rows(t))}

Before the public options were written out by hand (\`lib/types/options.ts\`), their type was
derived from the zod schema and pulled zod's declarations into every user's compilation: 93 files,
23,183 types and 50,906 instantiations for the typical bot, about 1 s of check time on a quiet machine.
The endpoint typings are unchanged and complete; the typed calls cost what the table shows.
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--runs');
  const t = measureTypes({ runs: i > 0 ? Number(process.argv[i + 1]) : 5 });
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
