#!/usr/bin/env node
// Checks the typings as a user gets them: packs the package (`npm pack`, after `npm run build`),
// unpacks it into a temporary project's node_modules, links the dependencies from this project's
// node_modules (so no network is needed), and compiles __tests__/pack/consumer.ts there with this
// project's tsc under moduleResolution NodeNext. Exit status is tsc's.
// Usage: node codegen/check-pack.mjs [--keep]   (--keep leaves the temporary project for inspection)
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (!existsSync(join(root, 'dist/index.d.ts'))) {
  console.error('dist/index.d.ts is missing: run `npm run build` first');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'snoopath-pack-'));
try {
  // --ignore-scripts: packing must not rebuild or run anything; we check what is already built.
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: root, encoding: 'utf8' });
  const tarball = join(dir, JSON.parse(out)[0].filename);
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  execFileSync('tar', ['-xzf', tarball, '-C', modules]);
  renameSync(join(modules, 'package'), join(modules, pkg.name));

  // The consumer needs the package's dependencies, plus what the consumer file itself imports.
  const links = [...Object.keys(pkg.dependencies ?? {}), 'expect-type', '@types/node'];
  for (const name of links) {
    const target = join(root, 'node_modules', name);
    if (!existsSync(target)) throw new Error(`node_modules/${name} is missing: run npm install`);
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(target, join(modules, name), 'dir');
  }

  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true,
      noEmit: true, skipLibCheck: false, types: ['node'], lib: ['ES2022', 'DOM'],
    },
    files: ['consumer.ts'],
  }, null, 2));
  copyFileSync(join(root, '__tests__/pack/consumer.ts'), join(dir, 'consumer.ts'));

  const tsc = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', dir], { stdio: 'inherit' });
  if (tsc.status === 0) console.log('packed typings: OK');
  process.exitCode = tsc.status ?? 1;
} finally {
  if (process.argv.includes('--keep')) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
