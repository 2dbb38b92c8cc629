// One budget per app (issue 11): N instances (N = 1, 10, 100) of one app against the emulator's
// budget per client id: share of the budget used and 429s; the time per call through N instances
// against one, without a budget; heap per instance with the default limiter.
// `node bench/app-budget.mjs [--quick]` alone (after `npm run build`), or as a part of `npm run bench`.
// Prints a table and writes its section of docs/performance.md.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printAppBudget, writeAppBudget } from './lib/app-budget-doc.mjs';
import { spawn } from './lib/ipc.mjs';
import { median } from './lib/stats.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const SECRET = 'app-budget-secret';
const USER_AGENT = 'node:snoopath-bench:1.0.0 (by /u/demo_user)';

const params = (quick) => ({
  ns: [1, 10, 100],
  budget: 100,
  window: 10,
  windows: quick ? 2 : 3,
  callers: 4,
  rounds: quick ? 3 : 5,
  blocks: 8,
  calls: { sequential: 250, inflight8: 500 },
  heapInstances: quick ? 500 : 2000,
});

const accounts = (n) => Array.from({ length: n }, (_, i) => ({ name: `bench_user${i}`, password: `bench_password${i}` }));
const logins = (n) => accounts(n).map(({ name, password }) => ({ username: name, password }));

export async function benchAppBudget({ quick = false, write = true } = {}) {
  const P = params(quick);
  const log = (...a) => console.error('[bench app-budget]', ...a);
  const children = [];
  const start = async (module, options) => {
    const child = await spawn(join(BENCH, module), options);
    children.push(child);
    return child;
  };
  try {
    const emulator = await start('emulator-server.mjs');
    const most = Math.max(...P.ns);
    const apps = [...P.ns.map((n) => `app-budget-${n}`), 'app-budget-free', 'app-budget-heap'].map((id) => ({ type: 'script', id, secret: SECRET }));
    const limited = await emulator.call('start', { name: 'limited', options: { rateLimit: { budget: P.budget, window: P.window }, accounts: accounts(most), apps } });
    const free = await emulator.call('start', { name: 'free', options: { rateLimit: false, accounts: accounts(most), apps } });
    const loads = await budgetUse({ P, start, emulator, url: limited.url, log });
    const overhead = await overheadRatios({ P, start, url: free.url, log });
    log(`heap: ${P.heapInstances} instances of one app`);
    const memory = await start('memory.mjs', { args: ['snoopath'], execArgv: ['--expose-gc'] });
    const creds = { key: 'app-budget-heap', secret: SECRET, ...logins(1)[0] };
    const heap = await memory.call('measure', { ctx: { url: free.url, creds, userAgent: USER_AGENT }, opts: { pacing: 'off' }, n: P.heapInstances, inflight: 32 });
    await emulator.call('close').catch(() => {});
    const report = { P, loads, overhead, heap, quick, date: new Date().toISOString().slice(0, 10) };
    printAppBudget(report);
    if (write) writeAppBudget(join(ROOT, 'docs/performance.md'), report);
    return report;
  } finally {
    for (const c of children) c.kill();
  }
}

/** Every N at once, each its own app and process, over the same whole windows; the emulator counts per app. */
async function budgetUse({ P, start, emulator, url, log }) {
  const windowMs = P.window * 1000;
  const workers = await Promise.all(P.ns.map(async (n) => {
    const w = await start('lib/app-budget-worker.mjs');
    await w.call('setup', { set: 'load', url, key: `app-budget-${n}`, secret: SECRET, accounts: logins(n) });
    return w;
  }));
  const from = Math.ceil((Date.now() + 1500) / windowMs) * windowMs;
  const end = from + P.windows * windowMs;
  log(`budget: N = ${P.ns.join(', ')} at once, ${P.callers} callers per instance, ${P.budget} per ${P.window} s, ${P.windows} windows from ${((from - Date.now()) / 1000).toFixed(1)} s on`);
  const seen = await Promise.all(workers.map((w) => w.call('load', { set: 'load', callers: P.callers, start: from, end })));
  for (const w of workers) w.kill();
  // The server drains its log into counters every 250 ms.
  await new Promise((r) => setTimeout(r, 500));
  const counts = (a, b) => emulator.call('counts', { name: 'limited', from: a, to: b }).then((c) => c.counts);
  const total = await counts(from, end);
  const windows = await Promise.all(Array.from({ length: P.windows }, (_, i) => counts(from + i * windowMs, from + (i + 1) * windowMs)));
  const accepted = (c, id) => Object.entries(c[id] ?? {}).filter(([s]) => s !== '429').reduce((sum, [, v]) => sum + v, 0);
  return Object.fromEntries(P.ns.map((n, i) => {
    const id = `app-budget-${n}`;
    const share = accepted(total, id) / (P.budget * P.windows);
    const loaded = { share, accepted: accepted(total, id), refused: total[id]?.['429'] ?? 0, perWindow: windows.map((c) => accepted(c, id)), seen: seen[i] };
    log(`  N = ${n}: ${loaded.accepted} accepted (${loaded.perWindow.join(' + ')}), ${loaded.refused} × 429, ${(share * 100).toFixed(1)} %`);
    return [n, loaded];
  }));
}

/**
 * Time with N instances / time with one, per block: the three sets' blocks run back to back, so a
 * burst of load from elsewhere on the machine falls on all of them alike; the median over every
 * block of every round, with the middle half of the blocks' ratios.
 */
async function overheadRatios({ P, start, url, log }) {
  const w = await start('lib/app-budget-worker.mjs');
  const key = 'app-budget-free';
  for (const n of P.ns) await w.call('setup', { set: `n${n}`, url, key, secret: SECRET, accounts: logins(n), options: { throttle: 0 } });
  const tasks = { sequential: { inflight: 1, calls: P.calls.sequential }, inflight8: { inflight: 8, calls: P.calls.inflight8 } };
  log('overhead: warming up');
  for (const task of Object.values(tasks)) for (const n of P.ns) await w.call('timed', { set: `n${n}`, calls: Math.max(200, 2 * n), inflight: task.inflight });
  const ratios = Object.fromEntries(Object.keys(tasks).map((t) => [t, Object.fromEntries(P.ns.map((n) => [n, []]))]));
  for (let round = 0; round < P.rounds; round++) {
    const sums = {};
    for (const [id, task] of Object.entries(tasks)) {
      sums[id] = Object.fromEntries(P.ns.map((n) => [n, 0]));
      for (let block = 0; block < P.blocks; block++) {
        const shift = round + block;
        const ms = {};
        for (const n of P.ns.map((_, i) => P.ns[(i + shift) % P.ns.length])) ms[n] = (await w.call('timed', { set: `n${n}`, ...task })).ms;
        for (const n of P.ns) {
          ratios[id][n].push(ms[n] / ms[1]);
          sums[id][n] += ms[n];
        }
      }
    }
    log(`  round ${round + 1}/${P.rounds}: ${Object.entries(sums).map(([id, t]) => `${id} ${P.ns.map((n) => Math.round(t[n])).join('/')} ms`).join(', ')}`);
  }
  w.kill();
  const quartile = (v, q) => [...v].sort((a, b) => a - b)[Math.round(q * (v.length - 1))];
  return Object.fromEntries(Object.entries(ratios).map(([id, r]) => [id, Object.fromEntries(P.ns.map((n) => [n, { value: median(r[n]), range: [quartile(r[n], 0.25), quartile(r[n], 0.75)] }]))]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchAppBudget({ quick: process.argv.includes('--quick') });
  process.exit(0);
}
