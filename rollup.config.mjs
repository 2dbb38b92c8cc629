// Builds the published files: the Node ES module entries, one bundled .d.ts per entry, and the
// browser bundles (an ES module build with lazy chunks, and an IIFE exposing a global `Snoopath`).
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { iifeBuild } from './scripts/iife/plugin.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// ioredis is an optional peer: only snoopath/shared-limit and snoopath/fleet import it (lazily, when not given a client).
const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {}), 'ioredis'];
// Dependencies stay imports in the Node build (npm installs them); node: built-ins too.
const external = (id) => id.startsWith('node:') || deps.some((d) => id === d || id.startsWith(`${d}/`));
// Except zod, which every import of snoopath loads: inlined, it costs one file to read instead of
// about a hundred (cold import, docs/performance.md). It stays a dependency for the types of
// dist/index.d.ts. ky and openid-client, devDependencies now, are inlined the same way (openid-client
// with what it imports, oauth4webapi and jose's JWE decryption: loaded as packages, their forty-odd
// files cost a cold process's first token request about 15 ms, docs/performance.md).
const inlined = ['zod'];
const nodeExternal = (id) => external(id) && !inlined.some((d) => id === d || id.startsWith(`${d}/`));

/**
 * Source maps are written for local tools (bench/profile.mjs reads them) but not referenced from the
 * code and not published (`files` leaves them out): they point at lib/ sources the package does not
 * ship, and the browser ones carry every dependency's source, three quarters of the tarball.
 */
const MAPS = 'hidden';

const node = (input, file, extra = {}, plugins = []) => ({
  input,
  output: { file, format: 'es', sourcemap: MAPS, inlineDynamicImports: true, ...extra },
  external: nodeExternal,
  plugins: [
    ...plugins,
    nodeResolve({ exportConditions: ['node', 'import', 'default'] }),
    typescript({ tsconfig: './tsconfig.build.json', outDir: 'dist', noEmitOnError: true }),
  ],
});

/**
 * One copy of the error classes across the Node entries: snoopath/shared-limit and snoopath/fleet import them from
 * the main entry (./index.js) instead of bundling its own, so its errors are instanceof the
 * SnoopathError that `snoopath` exports.
 */
const errorsFile = fileURLToPath(new URL('./lib/errors/classes.ts', import.meta.url));
const mainEntryErrors = {
  name: 'main-entry-errors',
  async resolveId(source, importer, options) {
    if (!importer || !source.endsWith('/classes.js')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === errorsFile ? { id: './index.js', external: 'relative' } : null;
  },
};

/**
 * The package's main entry keeps what a call loads on first use (the transport with ky, undici,
 * listings, flows) in chunks of their own under dist/chunks: importing snoopath reads one file, and
 * neither ky's start-up code (it builds a Request, which loads Node's whole fetch) nor undici's runs.
 */
const nodeMain = (input, name) => {
  const build = node(input, undefined);
  // Shared modules stay in the entry (lazy chunks import from it): one file at import time.
  build.preserveEntrySignatures = 'allow-extension';
  build.output = { dir: 'dist', format: 'es', sourcemap: MAPS, entryFileNames: `${name}.js`, chunkFileNames: 'chunks/[name]-[hash].js', manualChunks: firstCallChunk };
  build.plugins = [cleanDir('dist/chunks'), ...build.plugins];
  return build;
};

/**
 * rollup's manualChunks: lib/core/first-call.ts, what every call needs, is one chunk with every
 * module it reaches that the entry does not (rollup would otherwise split out those that other
 * lazy parts share, such as the transport that token requests use too). The entry's own modules
 * are named as the entry chunk, so that the first-call chunk never takes them along.
 */
const FIRST_CALL = fileURLToPath(new URL('./lib/core/first-call.ts', import.meta.url));
const closures = new WeakMap();
function firstCallChunk(id, { getModuleInfo, getModuleIds }) {
  let sets = closures.get(getModuleInfo);
  if (!sets) {
    const reach = (from) => {
      const seen = new Set();
      for (let todo = [...from]; todo.length; ) {
        const next = todo.pop();
        if (seen.has(next)) continue;
        seen.add(next);
        todo.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
      return seen;
    };
    const entry = reach([...getModuleIds()].filter((m) => getModuleInfo(m)?.isEntry));
    sets = { entry, firstCall: reach([FIRST_CALL]) };
    closures.set(getModuleInfo, sets);
  }
  // The empty stand-in for Node-only modules (below) stays in the entry too: no file of its own to fetch.
  if (sets.entry.has(id) || id === NODE_ONLY) return 'entry';
  if (sets.firstCall.has(id)) return 'first-call';
  // The Node transport over undici (its fetch, agents, the way it requires undici): one file, read when the first instance is made.
  if (/[\\/]lib[\\/]transport[\\/]undici[\\/]/.test(id)) return 'undici';
  return undefined;
}

/** Fails the browser builds when anything reachable imports a Node built-in. */
const noNodeBuiltins = {
  name: 'no-node-builtins',
  resolveId(id, importer) {
    const bare = id.startsWith('node:') ? id.slice(5) : id;
    if (id.startsWith('node:') || builtinModules.includes(bare.split('/')[0])) {
      this.error(`browser build: ${importer ?? 'entry'} imports the Node built-in "${id}"`);
    }
    return null;
  },
};

/**
 * Browser bundles take the runtime's fetch (lib/transport/default-fetch.browser.ts): undici is
 * Node's. The loaders of the undici modules and of the media posts' Node-only parts (files on disk,
 * undici's WebSocket) in lib/core/chunks.ts then point at an empty module, which nothing calls there.
 */
const NODE_ONLY = '\0node-only';
const browserTransport = {
  name: 'browser-transport',
  resolveId(source, importer) {
    if (!importer) return null;
    if (source.endsWith('/default-fetch.js')) return join(dirname(importer), source.replace(/\.js$/, '.browser.ts'));
    return /[\\/]transport[\\/]undici[\\/](fetch|agent|warm)\.js$|[\\/]media[\\/]node[\\/]index\.js$/.test(source) ? NODE_ONLY : null;
  },
  load: (id) => (id === NODE_ONLY ? 'export {};' : null),
};

/** Browser bundles: every dependency inlined, resolved with the browser export conditions. */
const browserPlugins = (outDir) => [
  browserTransport,
  noNodeBuiltins,
  nodeResolve({ browser: true, exportConditions: ['browser', 'import', 'default'], preferBuiltins: false }),
  commonjs(),
  typescript({ tsconfig: './tsconfig.build.json', outDir, noEmitOnError: true }),
  terser({ format: { comments: false } }),
];

/** Chunk names carry a content hash: clear the old ones so dist/browser holds only this build. */
const cleanDir = (dir) => ({ name: 'clean-dir', buildStart: () => rmSync(dir, { recursive: true, force: true }) });

/**
 * The script-tag build: dist/snoopath.iife.js (the core, which defines the global `Snoopath` the class,
 * with the other exports on it) loads its parts from dist/iife/ on first use (scripts/iife/).
 */
const iife = iifeBuild({ key: `snoopath.iife@${pkg.version}`, global: 'Snoopath', entryId: 'snoopath.iife' });

const browser = [
  {
    input: 'lib/index.ts',
    // Shared modules stay in the entry chunk (lazy chunks import from it): a page loads one file up front.
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist/browser',
      format: 'es',
      sourcemap: MAPS,
      entryFileNames: 'index.js',
      chunkFileNames: '[name]-[hash].js',
      manualChunks: firstCallChunk,
    },
    plugins: [cleanDir('dist/browser'), ...browserPlugins('dist/browser')],
  },
  {
    input: 'lib/index.ts',
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist',
      // Named AMD modules: the entry (the core) and the same lazy chunks as the ES build, under dist/iife/.
      format: 'amd',
      amd: { autoId: true, define: iife.define },
      banner: iife.banner,
      footer: iife.footer,
      exports: 'named',
      esModule: false,
      minifyInternalExports: true,
      sourcemap: MAPS,
      entryFileNames: 'snoopath.iife.js',
      chunkFileNames: 'iife/[name]-[hash].js',
      manualChunks: firstCallChunk,
    },
    plugins: [cleanDir('dist/iife'), iife.plugin, ...browserPlugins('dist')],
  },
];

/** The `snoopath` command (lib/cli) imports the package's own entry, dist/index.js, instead of carrying a copy. */
const LIB_ENTRY = fileURLToPath(new URL('./lib/index.js', import.meta.url));
// Two files: dist/cli.js turns on Node's compile cache (lib/cli/bin.ts), then imports dist/cli-main.js, the
// command itself, whose code (and snoopath's, which it imports) the cache then covers.
const cli = node('lib/cli/bin.ts', undefined);
cli.output = { dir: 'dist', format: 'es', sourcemap: MAPS, entryFileNames: 'cli.js', chunkFileNames: 'cli-[name].js', paths: { [LIB_ENTRY]: './index.js' }, banner: (chunk) => (chunk.isEntry ? '#!/usr/bin/env node' : '') };
cli.external = (id, importer) => external(id) || id === LIB_ENTRY || (/^\.\.?\//.test(id) && /[\\/]lib[\\/]cli[\\/]/.test(importer ?? '') && resolve(dirname(importer), id) === LIB_ENTRY);

/** The `snoopath-emulator` command imports the emulator's entry, dist/emulator.js, instead of carrying a copy. */
const EMULATOR_ENTRY = fileURLToPath(new URL('./lib/emulator/index.js', import.meta.url));
const emulatorCli = node('lib/emulator/cli/bin.ts', 'dist/emulator-cli.js', { banner: '#!/usr/bin/env node', paths: { [EMULATOR_ENTRY]: './emulator.js' } });
emulatorCli.external = (id, importer) =>
  nodeExternal(id) || id === EMULATOR_ENTRY || (/^\.\.?\//.test(id) && /[\\/]lib[\\/]emulator[\\/]cli[\\/]/.test(importer ?? '') && resolve(dirname(importer), id) === EMULATOR_ENTRY);

/** `npm run demo` builds only what the demo imports (the package entry and the emulator): seconds instead of the whole build. */
const demo = process.env.SNOOPATH_BUILD === 'demo';

// lib/node.ts adds the 'module.exports' export (what require('snoopath') returns) to lib/index.ts's.
const packageAndEmulator = [nodeMain('lib/node.ts', 'index'), node('lib/emulator/index.ts', 'dist/emulator.js')];

export default demo ? packageAndEmulator : [
  ...packageAndEmulator,
  emulatorCli,
  cli,
  // Node only, and never reachable from lib/index.ts: bottleneck stays out of the browser bundles.
  node('lib/shared-limit.ts', 'dist/shared-limit.js', {}, [mainEntryErrors]),
  // Node only: record and replay (cassettes). Its CassetteError extends the main entry's SnoopathError.
  node('lib/testing.ts', 'dist/testing.js', {}, [mainEntryErrors]),
  // Node only: one poller per stream, delivery through Redis.
  node('lib/fleet.ts', 'dist/fleet.js', {}, [mainEntryErrors]),
  ...browser,
  { input: 'lib/node.ts', output: { file: 'dist/index.d.ts', format: 'es' }, external, plugins: [dts({ tsconfig: './tsconfig.build.json' })] },
  { input: 'lib/emulator/index.ts', output: { file: 'dist/emulator.d.ts', format: 'es' }, external, plugins: [dts({ tsconfig: './tsconfig.build.json' })] },
  { input: 'lib/shared-limit.ts', output: { file: 'dist/shared-limit.d.ts', format: 'es' }, external, plugins: [dts({ tsconfig: './tsconfig.build.json' })] },
  { input: 'lib/testing.ts', output: { file: 'dist/testing.d.ts', format: 'es' }, external, plugins: [dts({ tsconfig: './tsconfig.build.json' })] },
  { input: 'lib/fleet.ts', output: { file: 'dist/fleet.d.ts', format: 'es' }, external, plugins: [dts({ tsconfig: './tsconfig.build.json' })] },
];
