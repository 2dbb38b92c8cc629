// Browser bundle sizes, as scripts/size.mjs measures and budgets them (gzip level 9 of the minified
// files): each build's first file, its parts, and what a page loads for a script app's token, a
// listing and a vote.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

export function bundleSizes(root, benchDir) {
  const run = spawnSync(process.execPath, [join(root, 'scripts/size.mjs'), '--json'], { cwd: root, encoding: 'utf8' });
  const rows = (() => {
    try {
      return JSON.parse(run.stdout);
    } catch {
      return [];
    }
  })();
  const out = rows.map((r) => ({
    name: r.note === 'lazy part' ? `${r.file.replace(/-[\w-]{8}\.js$/, '')} (loaded on first use)` : `${r.note}${r.file.startsWith('(') ? ` ${r.file}` : ` (${r.file})`}`,
    bytes: r.gzip,
    kind: r.kind,
    build: r.build,
    files: r.files,
  }));
  if (out.length === 0) out.push({ name: 'snoopath browser builds (dist/browser, dist/snoopath.iife.js)', bytes: null, note: 'not built', kind: 'entry', build: 'es' });
  // snoowrap's browser build (snoowrap-v*.min.js) was a GitHub release asset; look for one in the package anyway.
  const swDist = join(benchDir, 'node_modules/snoowrap/dist');
  const swBundle = existsSync(swDist) && readdirSync(swDist).find((f) => /\.min\.js$|browser/i.test(f));
  out.push(swBundle
    ? { name: `snoowrap browser build (${swBundle})`, bytes: gz(join(swDist, swBundle)), kind: 'peer' }
    : { name: 'snoowrap browser build', bytes: null, note: 'not shipped in the npm package (its dist/ is CommonJS for Node; the browser bundle was a GitHub release asset)', kind: 'peer' });
  return out;
}
