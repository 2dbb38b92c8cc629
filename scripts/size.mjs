// Checks the gzip size of every browser bundle file and fails (exit 1) when a budgeted one is over.
// `npm test` runs it quietly (one line); `npm run size` prints the table of every file.
// Budgets: the ES module entry chunk (what a page loads first) and the IIFE bundle (everything). The
// IIFE cannot load chunks, so every workflow (streams, trees, media, logging, the hardening's lazy
// parts) is in it: its budget grew from 45 to 60 KB with them, and to 63 KB with streams over
// subreddit lists, cron runs, skipOwn, bounded cursor stores and the tree's bound (about 4 KB), to
// 66 KB with media posts that find their post without websockets, and to 67 KB with the limiter's
// priorities, bursts, maxWait (RateLimitError) and waits that name the account (1.9 KB, 65.0 ->
// 66.9 KB); pages that care load the ES build, where those are lazy chunks.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('../dist/', import.meta.url);
const KB = 1024;
const budgets = { 'browser/index.js': 25 * KB, 'snoopath.iife.js': 67 * KB };

if (!existsSync(new URL('browser/index.js', root)) || !existsSync(new URL('snoopath.iife.js', root))) {
  console.error('size: dist/browser/index.js or dist/snoopath.iife.js is missing; run `npm run build` first.');
  process.exit(1);
}

const files = [
  'browser/index.js',
  ...readdirSync(new URL('browser/', root)).filter((f) => f.endsWith('.js') && f !== 'index.js').sort().map((f) => `browser/${f}`),
  'snoopath.iife.js',
];
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
/** A page loads the entry and every chunk it imports statically before any code runs: count them together. */
const staticClosure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(new URL(file, root), 'utf8');
  for (const [, spec] of code.matchAll(/\b(?:import|export)\s*(?:[^"'()]*?\bfrom\s*)?["'](\.\/[^"']+)["']/g)) {
    staticClosure(`browser/${spec.slice(2)}`, seen);
  }
  return seen;
};
const rows = files.map((file) => {
  const parts = file === 'browser/index.js' ? [...staticClosure(file)] : [file];
  const code = Buffer.concat(parts.map((part) => readFileSync(new URL(part, root))));
  const gzip = parts.reduce((sum, part) => sum + gzipSync(readFileSync(new URL(part, root)), { level: 9 }).length, 0);
  const budget = budgets[file];
  const note = file === 'browser/index.js' ? 'ESM entry chunk' : file === 'snoopath.iife.js' ? 'IIFE, everything' : 'lazy chunk';
  return { file: `dist/${file}`, note, min: kb(code.length), gzip: kb(gzip), budget: budget ? kb(budget) : '', ok: budget === undefined || gzip <= budget };
});

const cols = ['file', 'note', 'min', 'gzip', 'budget'];
const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => r[c].length))]));
const line = (r) => cols.map((c) => (c === 'file' || c === 'note' ? r[c].padEnd(width[c]) : r[c].padStart(width[c]))).join('  ');
const over = rows.filter((r) => !r.ok);
if (!process.argv.includes('--quiet') || over.length) {
  console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
  for (const r of rows) console.log(line(r) + (r.ok ? '' : '  OVER BUDGET'));
} else {
  console.log(`size: ${rows.length} browser files, each budgeted one within its budget`);
}

if (over.length) {
  console.error(`size: ${over.map((r) => r.file).join(', ')} over budget (gzip -9).`);
  process.exit(1);
}
