// The archiver of docs/comment-trees.md is documentation that runs: against the built package and the emulator.
import { expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;

it('examples/trees/archive.mjs writes every comment once, parents first', async () => {
  if (!existsSync(`${root}dist/index.js`)) throw new Error('dist/ is missing: npm test builds before jest; run `npm run build` first.');
  const { stdout } = await run(process.execPath, ['examples/trees/archive.mjs'], { cwd: root, timeout: 60_000 });
  const [, count, file] = /archive: (\d+) comments of ".*" in \d+ requests, 0 orphans -> (\S+)/.exec(stdout) ?? [];
  expect(count).toBe('2000');
  const lines = readFileSync(file!, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; parent: string; depth: number });
  const seen = new Map<string, number>();
  for (const c of lines) {
    expect(seen.has(c.id)).toBe(false);
    expect(c.depth).toBe(c.parent.startsWith('t3_') ? 0 : seen.get(c.parent.slice(3))! + 1);
    seen.set(c.id, c.depth);
  }
  expect(seen.size).toBe(2000);
}, 70_000);
