// `npm run bench`: snoopath against the raw clients (plain fetch, undici.request), ky alone and its
// peers (snoocore, snoowrap), in one run: every client in its own process, against emulators in
// another process. Writes a table to stdout and docs/performance.md + docs/performance.svg.
//   --quick          fewer rounds, a 20 s rate-limit run, fewer instances and import runs
//   --only=a,b       only these parts: rounds, rate, memory, imports, types, versions, trees, app-budget, fleet,
//                    subreddits (for iterating; the main report is not written, the parts after it write their
//                    sections, fleet writes its section of docs/fleet.md)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from './lib/ipc.mjs';
import { machine } from './lib/machine.mjs';
import { bundleSizes } from './lib/sizes.mjs';
import { importTimes, plainFetchFirstCall, snoopathFirstCall } from './lib/imports.mjs';
import { CLIENT_HEAD, clientRows, writeReport } from './lib/report.mjs';
import { textTable } from './lib/format.mjs';
import { runRounds, startWorkers, tasks } from './lib/rounds.mjs';
import { decodeRatios, ratios } from './lib/ratios.mjs';
import { rateApps, rateUse } from './lib/rate.mjs';
import { heapPerInstance } from './lib/heap.mjs';
import { profileClient } from './profile.mjs';
import { measureTypes } from './types.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const QUICK = process.argv.includes('--quick');
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const part = (name) => !ONLY || ONLY.includes(name);
const started = Date.now();

const P = {
  rounds: Number(process.env.BENCH_ROUNDS) || (QUICK ? 3 : 5),
  sequential: 2000,
  concurrent: 2000,
  listingItems: 10_000,
  listingWalks: 2,
  decodeItems: 2_000,
  decodeReps: 6,
  budget: 100,
  window: 10,
  rateSeconds: QUICK ? 20 : 60,
  rateLanes: 8,
  memoryInstances: QUICK ? 500 : 2000,
  importRuns: QUICK ? 7 : 11,
  typeRuns: QUICK ? 3 : 5,
};
const USER_AGENT = 'node:snoopath-bench:1.0.0 (by /u/demo_user)';

for (const f of ['dist/index.js', 'dist/emulator.js']) {
  if (!existsSync(join(ROOT, f))) {
    console.error(`bench: ${f} is missing; run \`npm run build\` first (npm run bench does).`);
    process.exit(1);
  }
}

const log = (...a) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s]`, ...a);
const children = [];
const tmp = mkdtempSync(join(tmpdir(), 'snoopath-bench-'));
const cleanup = () => {
  for (const c of children) c.kill();
  rmSync(tmp, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

// --- emulators, in their own process -------------------------------------------------------------
const emulator = await spawn(join(BENCH, 'emulator-server.mjs'));
children.push(emulator);
const subreddits = { bench: P.listingItems, decode: P.decodeItems };
const servers = {
  http: await emulator.call('start', { name: 'http', options: { rateLimit: false, subreddits } }),
  https: await emulator.call('start', { name: 'https', options: { https: true, rateLimit: false, subreddits } }),
  limited: await emulator.call('start', {
    name: 'limited',
    options: { https: true, rateLimit: { budget: P.budget, window: P.window }, subreddits: { bench: 100 }, apps: rateApps() },
  }),
  // The listing walk's pages, as the platform sends them (bench/lib/platform-server.mjs).
  platform: await emulator.call('startPlatform', { options: { subreddits: { bench: P.listingItems, warm: 1000 } } }),
  platformTls: await emulator.call('startPlatform', { options: { https: true, subreddits: { bench: P.listingItems, warm: 1000 } } }),
};
servers.platform.apps = servers.platformTls.apps = servers.http.apps;
// The self-signed certificates, trusted only by the processes that talk https (NODE_EXTRA_CA_CERTS).
// One file per emulator: both certificates carry the same subject, and a store holding both would
// find only one of them by name.
const caFiles = {};
for (const name of ['https', 'limited']) {
  caFiles[name] = join(tmp, `ca-${name}.pem`);
  // The https clients walk the listing on the platform stand-in, whose certificate has a subject of its own.
  writeFileSync(caFiles[name], name === 'https' ? `${servers.https.ca}\n${servers.platformTls.ca}` : servers[name].ca);
}
const ctxOf = (server, creds = servers[server].apps.script) => ({ url: servers[server].url, creds, userAgent: USER_AGENT });
const envFor = (server) => (server === 'http' || server === 'platform' ? {} : { NODE_EXTRA_CA_CERTS: caFiles[server === 'platformTls' ? 'https' : server] });
log(`emulators: http ${servers.http.url}, https ${servers.https.url}, rate-limited ${servers.limited.url}; platform pages ${servers.platform.url}, ${servers.platformTls.url} (${Math.round(servers.platform.pageBytes / 1000)} kB a page, ${Math.round(servers.platform.gzipBytes / 1000)} kB gzip)`);

const results = { params: P, quick: QUICK, machine: machine(), platformPage: { bytes: servers.platform.pageBytes, gzip: servers.platform.gzipBytes } };

// --- rounds: per call, in flight, listing, decoding -----------------------------------------------
if (part('rounds')) {
  const workers = await startWorkers(BENCH, envFor, children);
  const { times, counts } = await runRounds({ workers, taskList: tasks(P), rounds: P.rounds, ctxOf, log, verbose: process.env.BENCH_VERBOSE });
  for (const w of Object.values(workers)) w.kill();
  results.ratios = ratios(times);
  results.decode = decodeRatios(times);
  results.counts = counts;
}

// --- cold import and the first call of a short-lived process (the http emulator is still up) -----
if (part('imports')) {
  log('cold import and first-call times');
  const { url, apps: { script: c } } = servers.http;
  const fetchFirst = plainFetchFirstCall(url, c, USER_AGENT);
  const snoopathFirst = snoopathFirstCall(url, c, USER_AGENT);
  results.imports = importTimes([
    { name: 'node (nothing imported)', code: '', cwd: ROOT, module: true },
    { name: 'snoopath', code: "await import('snoopath')", cwd: ROOT, module: true },
    { name: 'ky', code: "await import('ky')", cwd: ROOT, module: true },
    { name: 'zod/mini', code: "await import('zod/mini')", cwd: ROOT, module: true },
    { name: 'snoocore', code: "require('snoocore')", cwd: BENCH, module: false },
    { name: 'snoowrap', code: "require('snoowrap')", cwd: BENCH, module: false },
    { name: 'first call: fetch', code: fetchFirst, cwd: ROOT, module: true },
    { name: 'first call: snoopath', code: snoopathFirst, cwd: ROOT, module: true },
  ], P.importRuns);
}

// --- rate-limit use -------------------------------------------------------------------------------
if (part('rate')) results.rate = await rateUse({ bench: BENCH, P, emulator, servers, ctxOf, envFor, children, log });
await emulator.call('close').catch(() => {});

// --- memory per instance --------------------------------------------------------------------------
if (part('memory')) {
  log(`memory: ${P.memoryInstances} instances of each client`);
  const { memory, slope } = await heapPerInstance({ bench: BENCH, tmp, P, userAgent: USER_AGENT, children });
  results.memory = memory;
  results.memorySlope = slope;
}

results.bundles = bundleSizes(ROOT, BENCH);

// --- what importing snoopath costs a user's tsc run (bench/types.mjs) -------------------------------
if (part('types')) {
  log('types cost (tsc --extendedDiagnostics)');
  results.types = measureTypes({ runs: P.typeRuns });
}

// --- where the time goes, when the per-call goals are missed --------------------------------------
const seq = results.ratios?.sequential['snoopath/http'].fetch.value;
const conc = results.ratios?.inflight32['snoopath/http'].fetch.value;
if (!ONLY && (seq > 1 || conc < 1)) {
  log('profiling snoopath and fetch (sequential calls) to explain the per-call figures');
  results.profile = {
    snoopath: await profileClient('snoopath', 'sequential', 20, 2000),
    fetch: await profileClient('fetch', 'sequential', 0, 2000),
  };
}
results.seconds = (Date.now() - started) / 1000;

if (ONLY) {
  if (results.ratios) console.log(textTable(CLIENT_HEAD, clientRows(results)));
  console.log(JSON.stringify({ ...results, ratios: undefined }, null, 2));
  log('--only: no documents written');
} else {
  writeReport(results, { root: ROOT });
}

// --- every supported Node version (bench/versions.mjs: its own emulators and workers; its section of docs/performance.md)
if (part('versions')) {
  log('every supported Node version');
  await (await import('./versions.mjs')).benchVersions({ quick: QUICK });
}

// --- whole comment trees (bench/tree.mjs: its own emulator and workers; its section of docs/performance.md)
if (part('trees')) {
  log('comment trees');
  await (await import('./tree.mjs')).benchTrees({ quick: QUICK });
}

// --- one budget per app (bench/app-budget.mjs: its own emulator and workers; its section of docs/performance.md)
if (part('app-budget')) {
  log('one budget per app');
  await (await import('./app-budget.mjs')).benchAppBudget({ quick: QUICK });
}

// --- many idle subreddits (bench/subreddits.mjs: its own emulators; its section of docs/performance.md)
if (part('subreddits')) {
  log('subreddits: requests a minute of idle subreddits, a stream each against one list stream');
  await (await import('./subreddits.mjs')).benchSubreddits({ quick: QUICK });
}

// --- a fleet on Redis (bench/fleet.mjs: its own emulator, redis-server and workers; its section of docs/fleet.md)
if (part('fleet')) {
  log('fleet: items per second with 1 and 3 workers, Redis commands per item');
  await (await import('./fleet.mjs')).benchFleet({ quick: QUICK });
}
