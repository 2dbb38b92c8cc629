// The fleet (issue 24): items handled per second by 1 and 3 worker processes sharing one stream
// through Redis, and Redis commands per item (INFO commandstats, every command of the poller and
// the workers: publish, read, acknowledge, trim, lease). The handler does `handleMs` of pretend I/O,
// as a bot's handler waits on an API or a database; the poller keeps ahead (comments arrive faster
// than they are handled), so the figure is the fleet's own pace.
// `node bench/fleet.mjs [--quick]` alone (after `npm run build`), or as a part of `npm run bench`.
// Needs redis-server on the PATH. Prints a table and writes its section of docs/fleet.md.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startEmulator } from '../dist/emulator.js';
import { textTable } from './lib/format.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const log = (...a) => console.error('[bench fleet]', ...a);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const params = (quick) => ({ workers: [1, 3], items: quick ? 600 : 1500, burst: 100, handleMs: 10 });

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Counts the commands Redis runs while `counting` is on, from MONITOR: requests the workers send
 * (a script call is one), and every command executed (a script's own commands each count).
 */
async function commandCounter(port) {
  const client = new Redis({ host: '127.0.0.1', port });
  const monitor = await client.monitor();
  const counts = { on: false, requests: 0, executed: 0, byCommand: {} };
  monitor.on('monitor', (_time, args, source) => {
    if (!counts.on) return;
    const command = String(args[0]).toLowerCase();
    counts.executed++;
    if (source !== 'lua') counts.requests++;
    const key = source === 'lua' ? `(script) ${command}` : command;
    counts.byCommand[key] = (counts.byCommand[key] ?? 0) + 1;
  });
  return {
    counts,
    stop: () => {
      monitor.disconnect();
      client.disconnect();
    },
  };
}

/** One run: `n` workers, `P.items` comments; items per second from the first to the last handled, commands per item. */
async function run(P, n, { emulator, port, round }) {
  const name = `bench-${n}-${round}`;
  const workers = [];
  let handled = 0;
  let first = 0;
  let last = 0;
  for (let i = 0; i < n; i++) {
    const child = spawn(process.execPath, [join(BENCH, 'fleet-worker.mjs'), JSON.stringify({ url: emulator.url, app: emulator.apps.script, port, name, worker: `w${i}`, handleMs: P.handleMs })], { stdio: ['pipe', 'pipe', 'inherit'] });
    const worker = { child, ready: false, exited: new Promise((resolve) => child.once('exit', resolve)) };
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') worker.ready = true;
      else if (line === 'h') {
        handled++;
        last = performance.now();
        first ||= last;
      }
    });
    workers.push(worker);
  }
  const until = async (check, ms, what) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`bench fleet: waited ${ms} ms for ${what}`);
      await sleep(10);
    }
  };
  const polls = () => emulator.requests.filter((r) => r.path === '/r/bench/comments').length;
  const before = polls();
  await until(() => workers.every((w) => w.ready) && polls() > before, 20_000, 'the workers and the first poll');
  await sleep(200);
  const counter = await commandCounter(port);
  counter.counts.on = true;
  for (let added = 0; added < P.items; added += P.burst) {
    emulator.addItems({ kind: 'comment', subreddit: 'bench', count: Math.min(P.burst, P.items - added) });
    await sleep(100);
  }
  await until(() => handled >= P.items, 300_000, `${P.items} items handled`);
  const { requests, executed, byCommand } = counter.counts;
  counter.counts.on = false;
  counter.stop();
  for (const w of workers) w.child.stdin.write('close\n');
  await Promise.all(workers.map((w) => w.exited));
  return { workers: n, items: handled, perSecond: (handled - 1) / ((last - first) / 1000), requestsPerItem: requests / handled, executedPerItem: executed / handled, commands: byCommand };
}

export async function benchFleet({ quick = false, write = true } = {}) {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    log('redis-server is not installed: skipped (apt-get install redis-server)');
    return undefined;
  }
  const P = params(quick);
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const emulator = await startEmulator({ rateLimit: false, subreddits: { bench: 20 } });
  await sleep(300);
  try {
    const rows = [];
    for (const n of P.workers) {
      log(`${n} worker(s), ${P.items} items, ${P.handleMs} ms per item`);
      rows.push(await run(P, n, { emulator, port, round: rows.length }));
    }
    const report = { P, rows, date: new Date().toISOString().slice(0, 10), quick };
    console.log(textTable(...table(report)));
    if (write) writeSection(join(ROOT, 'docs/fleet.md'), report);
    return report;
  } finally {
    server.kill();
    await emulator.close();
  }
}

/** The requests sent per item, by command (a script call named as such), largest first. */
const mainRequests = (commands, items) =>
  Object.entries(commands)
    .filter(([k, v]) => !k.startsWith('(script)') && v / items >= 0.05)
    .sort(([, a], [, b]) => b - a)
    .map(([k, v]) => `${k} ${(v / items).toFixed(2)}`)
    .join(', ');

function table({ rows, P }) {
  const one = rows[0].perSecond;
  const head = ['workers', 'items/s', 'vs 1 worker', 'at most', 'requests/item', 'commands run/item', 'requests'];
  const body = rows.map((r) => [
    String(r.workers),
    r.perSecond.toFixed(0),
    `${(r.perSecond / one).toFixed(2)}x`,
    (r.workers * (1000 / P.handleMs)).toFixed(0),
    r.requestsPerItem.toFixed(2),
    r.executedPerItem.toFixed(2),
    mainRequests(r.commands, r.items),
  ]);
  return [head, body];
}

const START = '<!-- bench:fleet -->';
const END = '<!-- /bench:fleet -->';

/** Replaces the section between the markers of docs/fleet.md with this run's figures. */
function writeSection(file, report) {
  const text = readFileSync(file, 'utf8');
  const [head, body] = table(report);
  const md = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const section = `${START}\n${md}\n\n${report.P.items} comments per run, handled with ${report.P.handleMs} ms of pretend I/O each, workers, poller and Redis on one machine of ${cpus().length} cores; \`node bench/fleet.mjs\`${report.quick ? ' --quick' : ''} on ${report.date}.\n${END}`;
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`${file} has no ${START} ... ${END} section to write`);
  writeFileSync(file, text.slice(0, start) + section + text.slice(end + END.length));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchFleet({ quick: process.argv.includes('--quick'), write: !process.argv.includes('--no-write') });
