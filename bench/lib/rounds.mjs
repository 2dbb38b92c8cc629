// The timed tasks of a benchmark round, and how their blocks of calls interleave across clients.
import { join } from 'node:path';
import { spawn } from './ipc.mjs';

/**
 * Each runner is one client on one transport, in a process of its own for the whole run (so its JIT
 * and connections stay warm). snoocore and snoowrap speak only https; the raw clients (fetch,
 * undici) run on both so every client has its floors on its own transport. ky alone is the
 * reference for what snoopath adds on top of ky, on http.
 */
export const RUNNERS = [
  { key: 'fetch/http', client: 'fetch', server: 'http', raw: true },
  { key: 'undici/http', client: 'undici', server: 'http', raw: true },
  { key: 'ky/http', client: 'ky', server: 'http' },
  { key: 'snoopath/http', client: 'snoopath', server: 'http' },
  { key: 'fetch/https', client: 'fetch', server: 'https', raw: true },
  { key: 'undici/https', client: 'undici', server: 'https', raw: true },
  { key: 'snoopath/https', client: 'snoopath', server: 'https' },
  { key: 'snoocore/https', client: 'snoocore', server: 'https' },
  { key: 'snoowrap/https', client: 'snoowrap', server: 'https' },
];

export const IN_FLIGHT = [8, 32, 128];

/**
 * The tasks of one round. A task's calls are cut into blocks, and the blocks of all clients
 * alternate (block 1 of every client, then block 2, ...) in an order rotated each round, so a
 * burst of load from elsewhere on a shared machine falls on every client alike.
 */
export function tasks(P) {
  return [
    { id: 'sequential', cmd: 'sequential', runners: RUNNERS, blocks: 8, fields: { n: P.sequential / 8 } },
    ...IN_FLIGHT.map((inflight) => ({ id: `inflight${inflight}`, cmd: 'concurrent', runners: RUNNERS, blocks: 4, fields: { n: P.concurrent / 4, inflight } })),
    // On the stand-in for the platform's pages (its full field set, gzip, rate-limit headers), over the runner's transport.
    { id: 'listing', cmd: 'walk', runners: RUNNERS, blocks: P.listingWalks, fields: { subreddit: 'bench' }, server: (s) => (s === 'http' ? 'platform' : 'platformTls'), warm: 'warm' },
    // The same client with and without decodeHtmlEntities, alternating walk by walk inside its process
    // (snoowrap always asks for raw_json=1, so it has nothing to decode).
    { id: 'decode', cmd: 'decodePair', runners: RUNNERS.filter((r) => r.key === 'snoopath/http' || r.key === 'snoocore/https'), blocks: 1, fields: { subreddit: 'decode', reps: P.decodeReps } },
  ];
}

/** Starts one worker process per runner. */
export async function startWorkers(bench, envFor, children) {
  const workers = {};
  for (const r of RUNNERS) {
    workers[r.key] = await spawn(join(bench, 'worker.mjs'), { args: [r.client], env: envFor(r.server) });
    children.push(workers[r.key]);
  }
  return workers;
}

/**
 * Warm-up, then `rounds` rounds of every task. Returns times[taskId][runnerKey] = ms per round
 * (decode: {off, on} per round) and the items each walk counted.
 */
export async function runRounds({ workers, taskList, rounds, ctxOf, log, verbose }) {
  const times = {};
  const counts = {};
  const run = async (task, runner, fields) => {
    const res = await workers[runner.key].call(task.cmd, { ctx: ctxOf(task.server?.(runner.server) ?? runner.server), opts: { pacing: 'off' }, ...fields });
    if (res.count !== undefined) counts[`${task.id}:${runner.key}`] = res.count;
    return res.ms;
  };
  log('warming up (authenticating, JIT, connections)');
  for (const task of taskList) {
    for (const runner of task.runners) {
      const fields = task.cmd === 'walk' ? { subreddit: task.warm } : task.cmd === 'decodePair' ? { ...task.fields, reps: 2 } : { ...task.fields, n: 200 };
      await run(task, runner, fields);
    }
  }
  const add = (a, b) => (typeof b === 'number' ? (a ?? 0) + b : { off: (a?.off ?? 0) + b.off, on: (a?.on ?? 0) + b.on });
  for (let round = 0; round < rounds; round++) {
    log(`round ${round + 1}/${rounds}`);
    for (const task of taskList) {
      times[task.id] ??= {};
      const total = {};
      for (let block = 0; block < task.blocks; block++) {
        const shift = round + block;
        const order = task.runners.map((_, i) => task.runners[(i + shift) % task.runners.length]);
        for (const runner of order) total[runner.key] = add(total[runner.key], await run(task, runner, task.fields));
      }
      for (const [key, t] of Object.entries(total)) (times[task.id][key] ??= []).push(t);
      if (verbose) log(`  ${task.id}: ${Object.entries(total).map(([k, t]) => `${k} ${JSON.stringify(typeof t === 'number' ? Math.round(t) : { off: Math.round(t.off), on: Math.round(t.on) })}`).join(', ')} ms`);
    }
  }
  return { times, counts };
}
