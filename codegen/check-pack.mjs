#!/usr/bin/env node
// Checks the package as a user gets it: packs it (`npm pack`, after `npm run build`), unpacks it
// into a temporary project's node_modules (with its commands linked in node_modules/.bin, as npm
// does), links the dependencies from this project's node_modules (so no network is needed), then:
//   - the tarball: its size (printed; over PACK_BUDGET fails) and no source maps in it;
//   - publint (strict) and @arethetypeswrong/cli on it, both offline;
//   - __tests__/pack/consumer.ts (ESM) and consumer-cjs.cts (CommonJS) compiled with this project's
//     tsc under moduleResolution NodeNext;
//   - __tests__/pack/require.cjs (require('snoopath') and its other entries through Node's
//     require(esm)) and bin.mjs (the `snoopath` and `snoopath-emulator` commands), run with the
//     Node that runs this script:
//     `.ci/run` runs the test command on Node 22 and on Node 24, so both are covered.
// Usage: node codegen/check-pack.mjs [--keep]   (--keep leaves the temporary project for inspection)
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/**
 * The packed size (gzip) that fails the check. 176 KB before streams, trees, media, logging and the
 * hardening; about 330 KB with them (each is in the Node build, the ES chunks and the IIFE); 404 KB
 * with snoopath/testing (12 KB: cassettes carry their own copy of the Node transport to record through);
 * 429 KB with snoopath/fleet, reddit.info, the media fallback and the transport's hardening (each Node
 * entry still carries its own copy of what it shares with the others); 448 KB with the limiter's
 * priorities, maxWait, bursts, waits that speak and the shared budget's bounded Redis steps, order
 * and maxWait across processes (snoopath/shared-limit alone grew by 15 KB unpacked); 469 KB with
 * every endpoint PRAW calls typed and every answer and thing typed from recordings (dist/index.d.ts
 * 153 -> 234 KB, 20 KB of the tarball; the runtime code is unchanged in size).
 */
const PACK_BUDGET = 475 * 1000;
if (!existsSync(join(root, 'dist/index.d.ts')) || !existsSync(join(root, 'dist/cli.js'))) {
  console.error('dist/ is incomplete: run `npm run build` first');
  process.exit(2);
}

const failures = [];
/** Runs one check; its output is shown only when it fails (or always, with `loud`). */
function check(name, command, args, options = {}, loud = false) {
  const run = spawnSync(command, args, { encoding: 'utf8', ...options });
  const ok = run.status === 0;
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  if (!ok || loud) console.log(output);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${run.error ? ` (${run.error.message})` : ''}`);
  if (!ok) failures.push(name);
}
const bin = (name) => join(root, 'node_modules/.bin', name);
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

const dir = mkdtempSync(join(tmpdir(), 'snoopath-pack-'));
try {
  // --ignore-scripts: packing must not rebuild or run anything; we check what is already built.
  const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }));
  const tarball = join(dir, info.filename);
  console.log(`packed ${info.filename}: ${kB(info.size)} (unpacked ${kB(info.unpackedSize)}, ${info.files.length} files)`);
  const maps = info.files.filter((f) => f.path.endsWith('.map')).map((f) => f.path);
  if (maps.length) failures.push(`source maps in the package (${maps.join(', ')}): they point at sources it does not ship`);
  if (info.size > PACK_BUDGET) failures.push(`tarball ${kB(info.size)} is over its budget of ${kB(PACK_BUDGET)}`);
  for (const required of ['LICENSE', 'README.md', 'package.json']) {
    if (!info.files.some((f) => f.path === required)) failures.push(`${required} is missing from the package`);
  }

  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  execFileSync('tar', ['-xzf', tarball, '-C', modules]);
  const installed = join(modules, pkg.name);
  renameSync(join(modules, 'package'), installed);
  // The commands, linked as npm links them.
  mkdirSync(join(modules, '.bin'));
  for (const [name, target] of Object.entries(pkg.bin ?? {})) {
    chmodSync(join(installed, target), 0o755);
    symlinkSync(join('..', pkg.name, target), join(modules, '.bin', name));
  }

  // The consumers need the package's dependencies, plus what the consumer files themselves import.
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
    files: ['consumer.ts', 'consumer-cjs.cts'],
  }, null, 2));
  for (const file of ['consumer.ts', 'consumer-cjs.cts', 'require.cjs', 'bin.mjs']) copyFileSync(join(root, '__tests__/pack', file), join(dir, file));

  check('packed typings compile (ESM and CommonJS consumers, NodeNext)', bin('tsc'), ['-p', dir]);
  check('publint --strict', bin('publint'), ['run', installed, '--strict', '--pack', 'false']);
  // node16 profile: TypeScript 6 deprecates node10 resolution, which cannot read `exports`. A
  // require() resolving to ES modules is what Node 22+ does (require(esm)), not a problem.
  check('attw (node16 profile, require(esm) allowed)', bin('attw'), [tarball, '--profile', 'node16', '--ignore-rules', 'cjs-resolves-to-esm', '--no-definitely-typed', '--no-color']);
  const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
  check(`require('snoopath') on Node ${process.versions.node}`, process.execPath, ['require.cjs'], { cwd: dir, env }, true);
  check(`the snoopath and snoopath-emulator commands on Node ${process.versions.node}`, process.execPath, ['bin.mjs'], { cwd: dir, env }, true);

  if (failures.length) {
    console.error(`pack check failed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('pack check: OK');
  }
} finally {
  if (process.argv.includes('--keep')) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
