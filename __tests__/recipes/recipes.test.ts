// The testing recipes of docs/emulator.md and docs/testing.md are tiny user projects: each is
// assembled from its page's `recipe=NAME file=PATH` blocks, gets the packed package (`npm pack` of
// the build, unpacked into its node_modules, as `npm install` would) and its test runner from this
// project's node_modules (linked, so no network is needed), and runs its own `npm test`, whose
// summary must say every test passed, as many as the page says.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { blocksOf, flag } from '../../scripts/docs/index.mjs';

const root = new URL('../../', import.meta.url).pathname;
const PAGES = ['docs/emulator.md', 'docs/testing.md'];
const texts = Object.fromEntries(PAGES.map((page) => [page, readFileSync(join(root, page), 'utf8')]));
const blocks = PAGES.flatMap((page) => blocksOf(page, texts[page]!)).filter((b) => flag(b, 'recipe'));
const recipes = [...new Set(blocks.map((b) => flag(b, 'recipe')!))];
// Each recipe lists its own files (the vitest recipe reuses the jest recipe's bot only in prose).
const runner = (name: string) => (name.includes('vitest') ? 'vitest' : 'jest');

/** The summary line `npm test` prints when all passed, with the count the page announces after the recipe's last block. */
function expected(name: string): RegExp {
  const last = blocks.filter((b) => flag(b, 'recipe') === name).at(-1)!;
  const after = texts[last.file]!.split('\n').slice(last.line).join('\n');
  const count = (runner(name) === 'jest' ? /`Tests: (\d+) passed, \1 total`/ : /`Tests {2}(\d+) passed \(\1\)`/).exec(after)?.[1];
  if (!count) throw new Error(`${last.file}: the recipe ${name} does not say what npm test prints after its last block`);
  return runner(name) === 'jest' ? new RegExp(`Tests:\\s+${count} passed, ${count} total`) : new RegExp(`Tests\\s+${count} passed \\(${count}\\)`);
}

let work: string;
let unpacked: string;
beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: npm test builds before jest; run `npm run build` first.');
  work = mkdtempSync(join(tmpdir(), 'snoopath-recipes-'));
  // --ignore-scripts: pack what is built, run nothing.
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  execFileSync('tar', ['-xzf', join(work, JSON.parse(out)[0].filename), '-C', work]);
  unpacked = join(work, 'package');
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A user project: the recipe's files, the unpacked package, everything else linked from our node_modules. */
function project(name: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const b of blocks.filter((x) => flag(x, 'recipe') === name)) {
    const file = join(dir, flag(b, 'file')!);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${b.code}\n`);
  }
  execFileSync('cp', ['-R', unpacked, join(dir, 'node_modules/snoopath')]);
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== 'snoopath' && entry !== '.vite' && entry !== '.cache') symlinkSync(join(root, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return dir;
}

describe('the testing recipes of docs/emulator.md and docs/testing.md work as written', () => {
  it('the pages have their jest and vitest recipes, each a whole project', () => {
    expect([...recipes].sort()).toEqual(['jest', 'testing-jest', 'testing-vitest', 'vitest']);
    for (const r of recipes) expect(blocks.filter((b) => flag(b, 'recipe') === r).map((b) => flag(b, 'file'))).toContain('package.json');
  });

  it.each(recipes)('%s: npm test passes in a fresh project', (name) => {
    const dir = project(name);
    // The project's own runner must not inherit this jest's worker state.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('JEST_') && k !== 'NODE_OPTIONS' && k !== 'VITEST'));
    const r = spawnSync('npm', ['test', '--silent'], { cwd: dir, env: { ...env, CI: 'true', NO_COLOR: '1' }, encoding: 'utf8', timeout: 150_000 });
    const output = `${r.stdout}${r.stderr}`;
    expect({ status: r.status, output }).toEqual({ status: 0, output: expect.stringMatching(expected(name)) });
  }, 180_000);
});
