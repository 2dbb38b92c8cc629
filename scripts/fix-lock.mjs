// npm leaves out of package-lock.json the optional platform binaries (rollup's, for instance) that
// the registry mirror of this workplace does not serve, and `npm ci` then refuses the lock as out of
// sync. This adds an entry for each one it names (optional, so never installed on this platform).
// Run after `npm install` changes the lock: `node scripts/fix-lock.mjs`.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const lockPath = join(root, 'package-lock.json');

function missingEntries() {
  const dir = mkdtempSync(join(tmpdir(), 'fix-lock-'));
  try {
    copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
    copyFileSync(lockPath, join(dir, 'package-lock.json'));
    execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
    return [];
  } catch (error) {
    const out = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    return [...out.matchAll(/Missing: (.+?)@\S* from lock file/g)].map((m) => m[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const missing = [...new Set(missingEntries())];
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
let added = 0;
for (const name of missing) {
  const declarer = Object.values(lock.packages).find((entry) => entry.optionalDependencies?.[name]);
  if (!declarer) throw new Error(`fix-lock: ${name} is missing from the lock and no package declares it as optional: run npm install`);
  lock.packages[`node_modules/${name}`] = { version: declarer.optionalDependencies[name].replace(/^[\^~=]/, ''), ...(declarer.dev ? { dev: true } : {}), optional: true };
  added++;
}
const order = ([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0);
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(order));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lock: ${added} optional entr${added === 1 ? 'y' : 'ies'} added`);
