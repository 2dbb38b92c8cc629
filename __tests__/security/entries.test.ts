/**
 * One copy of the error classes across the BUILT entry points (issue 12, item 15): an error thrown by
 * `snoopath/shared-limit` is `instanceof` the `SnoopathError` / `ConfigError` that `snoopath`
 * exports, whether the entries are imported by file, by package name, or required (CommonJS). The
 * check runs in a Node process of its own (entries-child.mjs) against dist/, which `npm test` builds
 * before jest, so it sees the package as users load it, not the sources.
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');
const child = fileURLToPath(new URL('./entries-child.mjs', import.meta.url));

describe('the built entry points share one copy of the error classes', () => {
  if (!existsSync(join(dist, 'shared-limit.js'))) throw new Error('dist/ is missing: npm test builds before jest; run `npm run build` first.');

  it('errors of snoopath/shared-limit are instanceof the classes snoopath exports: by file, by package name, through require', () => {
    const run = spawnSync(process.execPath, [child, dist], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    // The child's own assertion says which entry and which error, should one fail.
    if (run.status !== 0) throw new Error(`entries-child.mjs failed (${run.status ?? run.signal}):\n${run.stderr}${run.stdout}`);
    const report = JSON.parse(run.stdout) as { ok: boolean; checked: string[] };
    expect(report.ok).toBe(true);
    expect(report.checked).toHaveLength(9);
  }, 40_000);

  it('the classes are defined in one file of the Node build, which every other entry imports', () => {
    const files = [...readdirSync(dist).map((f) => join(dist, f)), ...readdirSync(join(dist, 'chunks')).map((f) => join(dist, 'chunks', f))].filter((f) => f.endsWith('.js'));
    const defining = files.filter((f) => /\bclass (SnoopathError|ConfigError)\b/.test(readFileSync(f, 'utf8')) && !f.endsWith('.iife.js'));
    expect(defining.map((f) => f.slice(root.length))).toEqual(['dist/index.js']);
  });
});
