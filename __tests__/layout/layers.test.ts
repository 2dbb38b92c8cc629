/**
 * The architecture, checked: the folders of lib/ are layers, imports run one way, lazy parts are
 * declared in one module, and the emulator stays apart (docs/design.md, "Where things are").
 * Pure: it reads lib/ as text. A new folder must be placed in LAYERS before its first import.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Top to bottom: a folder (or entry) may import only from the ranks below its own. */
const LAYERS: string[][] = [
  ['cli'],
  ['node'],
  ['commonjs'],
  ['index', 'shared-limit', 'fleet', 'testing'],
  ['client'],
  ['core'],
  ['stream', 'tree', 'media', 'info'],
  ['auth'],
  ['transport'],
  ['limiter'],
  ['log', 'listing'],
  ['options'],
  ['events'],
  ['types'],
  ['endpoints', 'request', 'redis'],
  ['generated'],
  ['errors'],
  ['decode', 'redact', 'runtime', 'wait'],
];
/** The package entries: the only files at the top of lib/. */
const ENTRIES = ['index.ts', 'node.ts', 'commonjs.ts', 'shared-limit.ts', 'fleet.ts', 'testing.ts'];
/** Where `import()` may load a module, and why. */
const LAZY = new Map([
  ['lib/core/chunks.ts', 'the one list of lazily loaded parts'],
  ['lib/redis/ioredis.ts', 'ioredis, an optional peer dependency, when the caller passes options instead of a client'],
  ['lib/cli/bin.ts', "the command's code, loaded once Node's compile cache is on (it covers only what is loaded after)"],
]);

function walk(dir: string): string[] {
  return readdirSync(`${root}${dir}`).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(`${root}${path}`).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
  });
}
const files = walk('lib');
const text = new Map(files.map((f) => [f, readFileSync(`${root}${f}`, 'utf8')]));

interface Edge { from: string; to: string; dynamic: boolean }
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
const edges: Edge[] = files.flatMap((from) =>
  [...text.get(from)!.matchAll(IMPORT)].map((m) => {
    const before = text.get(from)!.slice(Math.max(0, m.index - 8), m.index);
    const to = posix.normalize(posix.join(posix.dirname(from), m[2]!)).replace(/\.js$/, '.ts');
    return { from, to, dynamic: m[0].includes('(') && !/typeof\s*$/.test(before) };
  }),
);
/** The code of a file without its comments (which may name an import() they explain). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
/** typings/ holds the generated declarations (typings/*.d.ts): the generated layer, outside lib/. */
const folderOf = (file: string) => (file.startsWith('typings/') ? 'generated' : file.split('/')[1]!.replace(/\.ts$/, ''));
const rank = (folder: string) => LAYERS.findIndex((layer) => layer.includes(folder));

describe('the layout of lib/', () => {
  it('its top holds only package entries (at most 6)', () => {
    const loose = readdirSync(`${root}lib`).filter((name) => statSync(`${root}lib/${name}`).isFile());
    expect(loose.filter((name) => !ENTRIES.includes(name))).toEqual([]);
    expect(loose.length).toBeLessThanOrEqual(6);
  });

  it('no folder holds more than 12 loose files', () => {
    const counts = new Map<string, number>();
    for (const f of files) counts.set(posix.dirname(f), (counts.get(posix.dirname(f)) ?? 0) + 1);
    expect([...counts].filter(([dir, n]) => dir !== 'lib' && n > 12)).toEqual([]);
  });

  it('every folder has its place among the layers', () => {
    expect([...new Set(files.map(folderOf))].filter((folder) => folder !== 'emulator' && rank(folder) < 0)).toEqual([]);
  });

  it('imports run down the layers, never up or across', () => {
    const wrong = edges
      .filter((e) => !e.from.startsWith('lib/emulator/') && folderOf(e.from) !== folderOf(e.to))
      .filter((e) => rank(folderOf(e.from)) >= rank(folderOf(e.to)))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(wrong).toEqual([]);
  });

  it('no two files import each other in a circle', () => {
    const next = new Map<string, string[]>();
    for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') return void circles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      state.set(file, 'open');
      for (const to of next.get(file) ?? []) visit(to, [...path, file]);
      state.set(file, 'done');
    };
    for (const f of files) visit(f, []);
    expect(circles).toEqual([]);
  });

  it('nothing outside the emulator imports it', () => {
    expect(edges.filter((e) => e.to.startsWith('lib/emulator/') && !e.from.startsWith('lib/emulator/')).map((e) => e.from)).toEqual([]);
  });

  it('lazy parts are loaded in one module, which only the core and what stands above it import', () => {
    const dynamic = files.filter((f) => /(?<!typeof\s*)\bimport\s*\(\s*['"]/.test(withoutComments(text.get(f)!)));
    expect(dynamic.filter((f) => !LAZY.has(f) && !f.startsWith('lib/emulator/'))).toEqual([]);
    const users = edges.filter((e) => e.to === 'lib/core/chunks.ts').map((e) => folderOf(e.from));
    expect([...new Set(users)].filter((folder) => rank(folder) > rank('core'))).toEqual([]);
  });
});
