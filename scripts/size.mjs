// Checks the gzip size of the browser files and fails (exit 1) when a budgeted figure is over.
// `npm test` runs it quietly (one line); `npm run size` prints the table of every file.
// Budgets: the first file a page loads in each build (the ES module entry chunk; the script-tag
// build's dist/snoopath.iife.js, its core), and what a page loads in all for a script app's token,
// a listing and a vote, in each build: the entry, the part every call needs (lib/core/first-call.ts),
// and the grants (openid-client), with whatever those import (__tests__/browser/iife.test.ts checks
// that these are the parts such a page fetches). Parts loaded later (streams, trees, media, logging) are listed, not budgeted.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('../dist/', import.meta.url);
const KB = 1024;
// page: 48 KB before every endpoint PRAW calls joined the catalog (issue 27: the lookup part a write loads grew by about 1.5 KB).
// Lowered to what is met (issue 26's goals: an entry of 16 KB, a page's token, listing and vote of 45 KB).
const BUDGETS = { esmEntry: 16 * KB, iifeEntry: 17 * KB, esmPage: 45 * KB, iifePage: 45 * KB };
/** The lazy parts a script app's token, a listing and a vote load (by chunk name, lib/core/chunks.ts). */
const PAGE_PARTS = ['first-call', 'openid'];

for (const file of ['browser/index.js', 'snoopath.iife.js']) {
  if (!existsSync(new URL(file, root))) {
    console.error(`size: dist/${file} is missing; run \`npm run build\` first.`);
    process.exit(1);
  }
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const read = (file) => readFileSync(new URL(file, root));
const gzipped = new Map();
/** gzip level 9 of a file, each file compressed once (the entry counts in its build's page too). */
const gzip = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(read(file), { level: 9 }).length);
  return gzipped.get(file);
};

/** One build: its entry, the folder of its parts, and how a part names the parts it needs before it runs. */
const BUILDS = [
  {
    name: 'ES module build',
    id: 'es',
    entry: 'browser/index.js',
    dir: 'browser/',
    statics: (code) => [...code.matchAll(/\b(?:import|export)\s*(?:[^"'()]*?\bfrom\s*)?["'](\.\/[^"']+)["']/g)].map((m) => `browser/${m[1].slice(2)}`),
    budget: 'esmEntry',
    pageBudget: 'esmPage',
  },
  {
    name: 'script-tag build',
    id: 'script-tag',
    entry: 'snoopath.iife.js',
    dir: 'iife/',
    // A named AMD module lists what it needs: ("iife/x-1a2b", ["exports", "./y-3c4d", "../snoopath.iife"], ...).
    statics: (code) => {
      const deps = /\(\s*"iife\/[^"]+"\s*,\s*\[([^\]]*)\]/.exec(code)?.[1] ?? '';
      return [...deps.matchAll(/"\.\/([^"]+)"/g)].map((m) => `iife/${m[1]}.js`);
    },
    budget: 'iifeEntry',
    pageBudget: 'iifePage',
  },
];

/** A file and every part it needs before it runs. */
function closure(build, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of build.statics(read(file).toString('utf8'))) closure(build, dep, seen);
  return seen;
}

const rows = [];
const failures = [];
for (const build of BUILDS) {
  const parts = readdirSync(new URL(build.dir, root)).filter((f) => f.endsWith('.js') && `${build.dir}${f}` !== build.entry).sort();
  const entryFiles = [...closure(build, build.entry)];
  const entryGzip = entryFiles.reduce((sum, f) => sum + gzip(f), 0);
  const row = { build: build.id, files: 1 };
  rows.push({ ...row, kind: 'entry', file: `dist/${build.entry}`, note: `${build.name}: entry${entryFiles.length > 1 ? ` (+${entryFiles.length - 1} it imports)` : ''}`, gzip: entryGzip, budget: BUDGETS[build.budget] });
  for (const f of parts) rows.push({ ...row, kind: 'part', file: `dist/${build.dir}${f}`, note: 'lazy part', gzip: gzip(`${build.dir}${f}`) });
  const page = new Set(entryFiles);
  for (const name of PAGE_PARTS) {
    const file = parts.find((f) => f.startsWith(`${name}-`));
    if (!file) failures.push(`no ${name}-*.js part in dist/${build.dir}: scripts/size.mjs names the parts a page loads`);
    else closure(build, `${build.dir}${file}`, page);
  }
  rows.push({ ...row, kind: 'page', files: page.size, file: `(${page.size} files)`, note: `${build.name}: script auth, a listing and a vote`, gzip: [...page].reduce((sum, f) => sum + gzip(f), 0), budget: BUDGETS[build.pageBudget] });
}

for (const r of rows) {
  r.ok = r.budget === undefined || r.gzip <= r.budget;
  if (!r.ok) failures.push(`${r.file} (${r.note}): ${kb(r.gzip)} gzip is over its budget of ${kb(r.budget)}`);
}
if (process.argv.includes('--json')) {
  // For bench/lib/sizes.mjs (docs/performance.md): the rows as measured.
  console.log(JSON.stringify(rows.map(({ build, kind, files, file, note, gzip, budget, ok }) => ({ build, kind, files, file, note, gzip, budget: budget ?? null, ok }))));
  process.exit(failures.length ? 1 : 0);
}
const table = rows.map((r) => ({ file: r.file, note: r.note, gzip: kb(r.gzip), budget: r.budget ? kb(r.budget) : '', flag: r.ok ? '' : 'OVER BUDGET' }));
const cols = ['file', 'note', 'gzip', 'budget'];
const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...table.map((r) => r[c].length))]));
const line = (r) => cols.map((c) => (c === 'file' || c === 'note' ? r[c].padEnd(width[c]) : r[c].padStart(width[c]))).join('  ') + (r.flag ? `  ${r.flag}` : '');
if (!process.argv.includes('--quiet') || failures.length) {
  console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
  for (const r of table) console.log(line(r));
} else {
  const of = (kind, sep) => rows.filter((r) => r.kind === kind).map((r) => kb(r.gzip)).join(sep);
  console.log(`size: ${rows.length} rows within budget (entries ${of('entry', ', ')}; a page's token, listing and vote ${of('page', ' and ')})`);
}

if (failures.length) {
  for (const f of failures) console.error(`size: ${f}`);
  process.exit(1);
}
