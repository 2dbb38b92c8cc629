/**
 * lib/ transpiled (types stripped) into node_modules/.cache, for child processes that must run the
 * library's current source without a build: bare imports (ky, zod, ...) resolve from there.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Transpile lib/ into its own directory under node_modules/.cache; returns that lib directory. */
export function transpiledLib(name: string): string {
  const lib = join(root, 'node_modules', '.cache', name, 'lib');
  rmSync(lib, { recursive: true, force: true });
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
  for (const file of walk(join(root, 'lib'))) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      fileName: file,
    });
    const out = join(lib, relative(join(root, 'lib'), file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
  return lib;
}
