// Browser bundle sizes: minified files as built, gzip level 9.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

export function bundleSizes(root, benchDir) {
  const out = [];
  const entry = join(root, 'dist/browser/index.js');
  if (existsSync(entry)) {
    out.push({ name: 'snoopath browser entry chunk (dist/browser/index.js)', bytes: gz(entry) });
    for (const f of readdirSync(join(root, 'dist/browser')).filter((f) => f.endsWith('.js') && f !== 'index.js').sort()) {
      out.push({ name: `snoopath lazy chunk ${f.replace(/-[\w-]{8}\.js$/, '')} (loaded on first use)`, bytes: gz(join(root, 'dist/browser', f)) });
    }
  } else {
    out.push({ name: 'snoopath browser entry chunk (dist/browser/index.js)', bytes: null, note: 'not built' });
  }
  const iife = join(root, 'dist/snoopath.iife.js');
  out.push(existsSync(iife)
    ? { name: 'snoopath IIFE, everything inlined (dist/snoopath.iife.js)', bytes: gz(iife) }
    : { name: 'snoopath IIFE (dist/snoopath.iife.js)', bytes: null, note: 'not built' });
  // snoowrap's browser build (snoowrap-v*.min.js) was a GitHub release asset; look for one in the package anyway.
  const swDist = join(benchDir, 'node_modules/snoowrap/dist');
  const swBundle = existsSync(swDist) && readdirSync(swDist).find((f) => /\.min\.js$|browser/i.test(f));
  out.push(swBundle
    ? { name: `snoowrap browser build (${swBundle})`, bytes: gz(join(swDist, swBundle)) }
    : { name: 'snoowrap browser build', bytes: null, note: 'not shipped in the npm package (its dist/ is CommonJS for Node; the browser bundle was a GitHub release asset)' });
  return out;
}
