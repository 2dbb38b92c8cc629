// The goals of issue 26 on every supported Node version, each against plain fetch on the same Node:
// time per call (sequential GETs), throughput with 32 in flight, the listing walk on pages shaped as
// the platform's (bench/lib/platform-server.mjs), and a fresh process's first call (import, token
// request, one GET) counted from the process's own start, with default options and with throttle: 0.
//   node bench/versions.mjs [--quick] [--baseline=DIR]
// DIR: another build's dist/ (with node_modules reachable from it), measured in the same run, block
// by block beside this one: the "before" of a change. Runs alone (after `npm run build`) or as a part
// of `npm run bench`; prints a table and writes its section of docs/performance.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { plainFetchFirstCall, snoopathFirstCall } from './lib/imports.mjs';
import { spawn } from './lib/ipc.mjs';
import { missingHint, nodes } from './lib/nodes.mjs';
import { median, range } from './lib/stats.mjs';
import { versionsSection } from './lib/versions-doc.mjs';
import { writeSection } from './lib/sections.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const USER_AGENT = 'node:snoopath-bench:1.0.0 (by /u/demo_user)';

/** The timed tasks of a round: blocks of each alternate between the clients, in an order rotated block by block. */
const TASKS = (P) => [
  { id: 'sequential', cmd: 'sequential', blocks: 8, fields: { n: P.sequential / 8 }, server: 'api' },
  { id: 'inflight32', cmd: 'concurrent', blocks: 4, fields: { n: P.concurrent / 4, inflight: 32 }, server: 'api', throughput: true },
  { id: 'listing', cmd: 'walk', blocks: P.listingWalks, fields: { subreddit: 'bench' }, server: 'platform' },
];

/** Fresh processes, one at a time, variants interleaved: each prints `performance.now()` and its CPU ms when done. */
function firstCalls(node, variants, runs) {
  const once = ({ code, env }) => {
    const r = spawnSync(node.path, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', env: env && { ...process.env, ...env } });
    if (r.status !== 0) throw new Error(`first-call run failed on ${node.version}: ${r.stderr}`);
    const [ms, cpu] = r.stdout.trim().split(' ').map(Number);
    return { ms, cpu };
  };
  for (const v of variants) once(v); // the file system cache
  const out = Object.fromEntries(variants.map((v) => [v.key, []]));
  for (let i = 0; i < runs; i++) for (const v of i % 2 ? [...variants].reverse() : variants) out[v.key].push(once(v));
  return out;
}

export async function benchVersions({ quick = false, baseline, write = true } = {}) {
  const P = { rounds: quick ? 3 : 7, sequential: 2000, concurrent: 2000, listingItems: 10_000, listingWalks: 2, firstRuns: quick ? 5 : 15 };
  const log = (...a) => console.error('[bench versions]', ...a);
  const found = nodes();
  if (found.length < 3) log(`measuring ${found.map((n) => n.version).join(', ')} only; for the others: ${missingHint(found)}`);
  const before = baseline ? pathToFileURL(join(resolve(baseline), 'index.js')).href : undefined;
  if (baseline && !existsSync(fileURLToPath(before))) throw new Error(`--baseline: no index.js in ${baseline}`);
  const clients = ['fetch', 'undici', 'snoopath', ...(before ? ['before'] : [])];
  const children = [];
  const cleanup = [];
  try {
    const emulator = await spawn(join(BENCH, 'emulator-server.mjs'));
    children.push(emulator);
    const servers = {
      api: await emulator.call('start', { name: 'api', options: { rateLimit: false, subreddits: { bench: 100 } } }),
      // The first call meets the platform's budget headers, as a fresh process does.
      first: await emulator.call('start', { name: 'first', options: { subreddits: { bench: 100 } } }),
      platform: await emulator.call('startPlatform', { options: { subreddits: { bench: P.listingItems, warm: 1000 } } }),
    };
    const ctxOf = (server) => ({ url: servers[server].url, creds: servers.api.apps.script, userAgent: USER_AGENT });
    const results = { params: P, nodes: found, baseline: baseline ?? null, page: { bytes: servers.platform.pageBytes, gzip: servers.platform.gzipBytes }, perNode: {} };
    const workers = {};
    for (const node of found) {
      workers[node.major] = {};
      for (const client of clients) {
        const w = await spawn(join(BENCH, 'worker.mjs'), { args: [client === 'before' ? 'snoopath' : client], execPath: node.path, env: client === 'before' ? { SNOOPATH_DIST: before } : {} });
        children.push(w);
        workers[node.major][client] = w;
        for (const task of TASKS(P)) {
          const fields = task.cmd === 'walk' ? { subreddit: 'warm' } : { ...task.fields, n: 200 };
          await w.call(task.cmd, { ctx: ctxOf(task.server), opts: { pacing: 'off' }, ...fields });
        }
      }
      results.perNode[node.major] = { version: node.version, times: {} };
    }
    for (let round = 0; round < P.rounds; round++) {
      log(`round ${round + 1}/${P.rounds}`);
      for (const node of found) {
        const times = results.perNode[node.major].times;
        for (const task of TASKS(P)) {
          const total = {};
          for (let block = 0; block < task.blocks; block++) {
            const shift = round + block;
            for (const client of clients.map((_, i) => clients[(i + shift) % clients.length])) {
              const res = await workers[node.major][client].call(task.cmd, { ctx: ctxOf(task.server), opts: { pacing: 'off' }, ...task.fields });
              total[client] = (total[client] ?? 0) + res.ms;
            }
          }
          for (const [client, ms] of Object.entries(total)) ((times[task.id] ??= {})[client] ??= []).push(ms);
        }
      }
    }
    for (const w of Object.values(workers).flatMap((byClient) => Object.values(byClient))) w.kill();

    const { url, apps: { script: c } } = servers.first;
    const caDir = mkdtempSync(join(tmpdir(), 'snoopath-bench-ca-'));
    cleanup.push(() => rmSync(caDir, { recursive: true, force: true }));
    const hosts = {};
    for (const [label, delay] of [['https', 0], ['https 50 ms', 25]]) {
      const h = await emulator.call('startHosts', { name: label, delay, options: {} });
      const ca = join(caDir, `${delay}.pem`);
      writeFileSync(ca, h.ca);
      hosts[label] = { ...h, env: { NODE_EXTRA_CA_CERTS: ca } };
    }
    const end = `const cu = process.cpuUsage(); console.log(performance.now() + ' ' + (cu.user + cu.system) / 1000);`;
    const fetchCode = `${plainFetchFirstCall(url, c, USER_AGENT)}
      ${end}`;
    const snoopathCode = (from, options) => `${snoopathFirstCall(url, c, USER_AGENT, from, options)}
      ${end}`;
    const variants = [
      { key: 'fetch', code: fetchCode },
      { key: 'snoopath', code: snoopathCode('snoopath', '') },
      { key: 'snoopath, throttle: 0', code: snoopathCode('snoopath', ', throttle: 0') },
      ...(before ? [{ key: 'before', code: snoopathCode(before, '') }, { key: 'before, throttle: 0', code: snoopathCode(before, ', throttle: 0') }] : []),
      // Over https with the token host and the API host apart, as the platform's: on loopback, and
      // through relays holding each chunk 25 ms each way (50 ms round trips).
      ...Object.entries(hosts).flatMap(([label, h]) => [
        { key: `fetch, ${label}`, env: h.env, code: `${plainFetchFirstCall(h.apiUrl, c, USER_AGENT, h.authUrl)}\n      ${end}` },
        { key: `snoopath, ${label}`, env: h.env, code: `${snoopathFirstCall(h.apiUrl, c, USER_AGENT, 'snoopath', '', h.authUrl)}\n      ${end}` },
        ...(before ? [{ key: `before, ${label}`, env: h.env, code: `${snoopathFirstCall(h.apiUrl, c, USER_AGENT, before, '', h.authUrl)}\n      ${end}` }] : []),
      ]),
      { key: 'node', code: end },
      { key: 'import', code: `await import('snoopath'); ${end}` },
      ...(before ? [{ key: 'before import', code: `await import(${JSON.stringify(before)}); ${end}` }] : []),
    ];
    for (const node of found) {
      log(`first calls of fresh processes on ${node.version}`);
      results.perNode[node.major].first = firstCalls(node, variants, P.firstRuns);
    }
    await emulator.call('close').catch(() => {});

    const section = versionsSection(results, { median, range });
    console.log(section.text);
    if (write) writeSection(join(ROOT, 'docs/performance.md'), 'node-versions', 'bench/versions.mjs', section.markdown);
    return results;
  } finally {
    for (const c of children) c.kill();
    for (const undo of cleanup) undo();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice(11);
  await benchVersions({ quick: process.argv.includes('--quick'), baseline, write: !process.argv.includes('--no-write') });
  process.exit(0);
}
