// `npm run bench`: snoopath against plain fetch and its peers (snoocore, snoowrap), every client in
// its own process, against emulators in another process. Writes a table to stdout and
// docs/performance.md + docs/performance.svg. `--quick`: fewer rounds, a 20 s rate-limit run.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from './lib/ipc.mjs';
import { machine } from './lib/machine.mjs';
import { median, range } from './lib/stats.mjs';
import { bundleSizes } from './lib/sizes.mjs';
import { importTimes } from './lib/imports.mjs';
import { writeReport } from './lib/report.mjs';
import { profileClient } from './profile.mjs';
import { measureTypes } from './types.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const QUICK = process.argv.includes('--quick');
const started = Date.now();

const P = {
  rounds: QUICK ? 3 : 5,
  sequential: 2000,
  concurrent: 2000,
  inflight: 32,
  listingItems: 10_000,
  listingWalks: 2,
  decodeItems: 2_000,
  decodeReps: 6,
  budget: 100,
  window: 10,
  rateSeconds: QUICK ? 20 : 60,
  rateLanes: 8,
  memoryInstances: QUICK ? 500 : 2000,
  importRuns: QUICK ? 5 : 9,
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
const RATE_CLIENTS = ['snoopath', 'snoocore', 'snoowrap'];
const RATE_SETTINGS = ['default', 'off'];
const rateApps = RATE_CLIENTS.flatMap((c) => RATE_SETTINGS.map((s) => ({ type: 'script', id: `rl-${c}-${s}`, secret: 'rl-secret' })));
const servers = {
  http: await emulator.call('start', { name: 'http', options: { rateLimit: false, subreddits } }),
  https: await emulator.call('start', { name: 'https', options: { https: true, rateLimit: false, subreddits } }),
  limited: await emulator.call('start', {
    name: 'limited',
    options: { https: true, rateLimit: { budget: P.budget, window: P.window }, subreddits: { bench: 100 }, apps: rateApps },
  }),
};
// The self-signed certificates, trusted only by the processes that talk https (NODE_EXTRA_CA_CERTS).
// One file per emulator: both certificates carry the same subject, and a store holding both would
// find only one of them by name.
const caFiles = {};
for (const name of ['https', 'limited']) {
  caFiles[name] = join(tmp, `ca-${name}.pem`);
  writeFileSync(caFiles[name], servers[name].ca);
}
const ctxOf = (server, creds = servers[server].apps.script) => ({ url: servers[server].url, creds, userAgent: USER_AGENT });
const envFor = (server) => (server === 'http' ? {} : { NODE_EXTRA_CA_CERTS: caFiles[server] });
log(`emulators: http ${servers.http.url}, https ${servers.https.url}, rate-limited ${servers.limited.url}`);

// --- rounds: per-call, concurrent, listing, decoding ---------------------------------------------
// Each runner: one client on one transport. snoocore and snoowrap speak only https, so fetch and
// snoopath run on both: each ratio is against fetch on the same transport.
const RUNNERS = [
  { key: 'fetch/http', client: 'fetch', server: 'http' },
  { key: 'snoopath/http', client: 'snoopath', server: 'http' },
  { key: 'fetch/https', client: 'fetch', server: 'https' },
  { key: 'snoopath/https', client: 'snoopath', server: 'https' },
  { key: 'snoocore/https', client: 'snoocore', server: 'https' },
  { key: 'snoowrap/https', client: 'snoowrap', server: 'https' },
];
const workers = {};
for (const r of RUNNERS) {
  workers[r.key] = await spawn(join(BENCH, 'worker.mjs'), { args: [r.client], env: envFor(r.server) });
  children.push(workers[r.key]);
}

const OFF = { pacing: 'off' };
// A task's work in a round is cut into blocks, and the blocks of all clients alternate (block 1 of
// every client, then block 2, ...), in an order rotated each round: a burst of load from elsewhere
// on this shared machine then falls on every client alike instead of on whichever ran at the time.
const BLOCKS = 8;
const TASKS = [
  { id: 'sequential', cmd: 'sequential', runners: RUNNERS, blocks: BLOCKS, fields: { n: P.sequential / BLOCKS } },
  { id: 'concurrent', cmd: 'concurrent', runners: RUNNERS, blocks: BLOCKS, fields: { n: P.concurrent / BLOCKS, inflight: P.inflight } },
  { id: 'listing', cmd: 'walk', runners: RUNNERS, blocks: P.listingWalks, fields: { subreddit: 'bench' } },
  // The same client with and without decodeHtmlEntities, alternating walk by walk inside its process
  // (snoowrap always asks for raw_json=1, so it has nothing to decode).
  { id: 'decode', cmd: 'decodePair', runners: RUNNERS.filter((r) => r.key === 'snoopath/http' || r.key === 'snoocore/https'), blocks: 1, fields: { subreddit: 'decode', reps: P.decodeReps } },
];

/** times[taskId][runnerKey] = ms per round (for decode: {off, on} per round) */
const times = {};
const counts = {};
async function runTask(task, runner, fields = task.fields) {
  const res = await workers[runner.key].call(task.cmd, { ctx: ctxOf(runner.server), opts: OFF, ...fields });
  if (res.count !== undefined) counts[`${task.id}:${runner.key}`] = res.count;
  return res.ms;
}

log('warming up (authenticating, JIT, connections)');
for (const task of TASKS) {
  for (const runner of task.runners) {
    const fields = task.cmd === 'walk' ? { subreddit: 'decode' } : task.cmd === 'decodePair' ? { ...task.fields, reps: 2 } : { ...task.fields, n: 200 };
    await runTask(task, runner, fields);
  }
}
const add = (a, b) => (typeof b === 'number' ? (a ?? 0) + b : { off: (a?.off ?? 0) + b.off, on: (a?.on ?? 0) + b.on });
for (let round = 0; round < P.rounds; round++) {
  log(`round ${round + 1}/${P.rounds}`);
  for (const task of TASKS) {
    times[task.id] ??= {};
    const total = {};
    for (let block = 0; block < task.blocks; block++) {
      const shift = round + block;
      const order = task.runners.map((_, i) => task.runners[(i + shift) % task.runners.length]);
      for (const runner of order) total[runner.key] = add(total[runner.key], await runTask(task, runner));
    }
    for (const [key, t] of Object.entries(total)) (times[task.id][key] ??= []).push(t);
    if (process.env.BENCH_VERBOSE) log(`  ${task.id}: ${Object.entries(total).map(([k, t]) => `${k} ${JSON.stringify(typeof t === 'number' ? Math.round(t) : { off: Math.round(t.off), on: Math.round(t.on) })}`).join(', ')} ms`);
  }
}
for (const w of Object.values(workers)) w.kill();

/** Median over rounds of a per-round ratio, so a slow round of the machine moves both sides. */
function ratio(taskA, keyA, taskB, keyB, invert = false) {
  const a = times[taskA][keyA];
  const b = times[taskB][keyB];
  const per = a.map((t, i) => (invert ? b[i] / t : t / b[i]));
  return { value: median(per), range: range(per) };
}
const fetchOf = (key) => (key.endsWith('/http') ? 'fetch/http' : 'fetch/https');
const clientKeys = RUNNERS.filter((r) => r.client !== 'fetch').map((r) => r.key);
const results = { params: P, quick: QUICK, machine: machine(), servers: { http: 'http', https: 'https' } };
results.absolute = {};
for (const id of ['sequential', 'concurrent', 'listing']) {
  results[id] = Object.fromEntries(clientKeys.map((k) => [k, ratio(id, k, id, fetchOf(k), id === 'concurrent')]));
  results.absolute[id] = Object.fromEntries(RUNNERS.map((r) => [r.key, median(times[id][r.key])]));
}
results.decode = Object.fromEntries(['snoopath/http', 'snoocore/https'].map((k) => {
  const per = times.decode[k].map((t) => t.on / t.off);
  return [k, { value: median(per), range: range(per) }];
}));
results.counts = counts;

// --- rate-limit use ------------------------------------------------------------------------------
// Every client and setting has its own app (the budget is per client id), so the six runs share one
// stretch of time; they start together on a window boundary and last a whole number of windows.
{
  const windowMs = P.window * 1000;
  const runs = [];
  for (const client of RATE_CLIENTS) {
    for (const setting of RATE_SETTINGS) {
      const w = await spawn(join(BENCH, 'ratelimit.mjs'), { args: [client], env: envFor('limited') });
      children.push(w);
      runs.push({ client, setting, w, id: `rl-${client}-${setting}` });
    }
  }
  const start = Math.ceil((Date.now() + 3000) / windowMs) * windowMs;
  const end = start + P.rateSeconds * 1000;
  log(`rate-limit use: ${runs.length} runs of ${P.rateSeconds} s, budget ${P.budget} per ${P.window} s, starting in ${((start - Date.now()) / 1000).toFixed(1)} s`);
  const seen = await Promise.all(runs.map((r) => {
    const creds = { ...servers.limited.apps.script, key: r.id, secret: 'rl-secret' };
    return r.w.call('run', { ctx: ctxOf('limited', creds), opts: { pacing: r.setting }, start, end, lanes: P.rateLanes });
  }));
  for (const r of runs) r.w.kill();
  await sleep(500);
  const { counts: byClient, refusedAt } = await emulator.call('counts', { name: 'limited', from: start, to: end });
  const windows = P.rateSeconds / P.window;
  results.rate = runs.map((r, i) => {
    const statuses = byClient[r.id] ?? {};
    const accepted = Object.entries(statuses).filter(([s]) => s !== '429').reduce((n, [, c]) => n + c, 0);
    return {
      client: r.client, setting: r.setting, accepted, refused: statuses['429'] ?? 0,
      share: accepted / (P.budget * windows), seen: seen[i].seen,
      refusedAt: (refusedAt[r.id] ?? []).sort((a, b) => a - b),
    };
  });
}
await emulator.call('close').catch(() => {});

// --- memory per instance -------------------------------------------------------------------------
// Heap bytes do not depend on timing, so the four clients are measured at the same time, each in a
// fresh process with an emulator process of its own.
log(`memory: ${P.memoryInstances} instances of each client`);
results.memory = {};
results.memorySlope = {};
await Promise.all([RUNNERS[0], RUNNERS[1], RUNNERS[4], RUNNERS[5]].map(async (r) => {
  const emu = await spawn(join(BENCH, 'emulator-server.mjs'));
  children.push(emu);
  const server = await emu.call('start', { name: r.server, options: { https: r.server === 'https', rateLimit: false } });
  const caPem = join(tmp, `ca-memory-${r.client}.pem`);
  if (server.ca) writeFileSync(caPem, server.ca);
  const m = await spawn(join(BENCH, 'memory.mjs'), { args: [r.client], execArgv: ['--expose-gc'], env: server.ca ? { NODE_EXTRA_CA_CERTS: caPem } : {} });
  children.push(m);
  const { bytesPerInstance, bytesPerInstanceFromStart } = await m.call('measure', {
    ctx: { url: server.url, creds: server.apps.script, userAgent: USER_AGENT }, opts: { pacing: 'off' }, n: P.memoryInstances, inflight: 32,
  });
  results.memory[r.client] = bytesPerInstanceFromStart;
  results.memorySlope[r.client] = bytesPerInstance;
  m.kill();
  await emu.call('close').catch(() => {});
}));

// --- cold import, bundle sizes -------------------------------------------------------------------
log('cold import times');
results.imports = importTimes([
  { name: 'node (nothing imported)', code: '', cwd: ROOT, module: true },
  { name: 'snoopath', code: "await import('snoopath')", cwd: ROOT, module: true },
  { name: 'ky', code: "await import('ky')", cwd: ROOT, module: true },
  { name: 'zod/mini', code: "await import('zod/mini')", cwd: ROOT, module: true },
  { name: 'snoocore', code: "require('snoocore')", cwd: BENCH, module: false },
  { name: 'snoowrap', code: "require('snoowrap')", cwd: BENCH, module: false },
], P.importRuns);
results.bundles = bundleSizes(ROOT, BENCH);
log('types cost (tsc --extendedDiagnostics)');
results.types = measureTypes({ runs: P.typeRuns });

// --- where the time goes, when the per-call goals are missed --------------------------------------
if (results.sequential['snoopath/http'].value > 1.25 || results.concurrent['snoopath/http'].value < 0.9) {
  log('profiling snoopath and fetch (sequential calls) to explain the per-call figures');
  results.profile = {
    snoopath: await profileClient('snoopath', 'sequential', 20, 2000),
    fetch: await profileClient('fetch', 'sequential', 0, 2000),
  };
}
results.seconds = (Date.now() - started) / 1000;

writeReport(results, { root: ROOT });

// --- whole comment trees (bench/tree.mjs: its own emulator and workers; its section of docs/performance.md)
log('comment trees');
await (await import('./tree.mjs')).benchTrees({ quick: QUICK });
