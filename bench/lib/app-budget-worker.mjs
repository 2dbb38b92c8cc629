// One process holding sets of snoopath instances of one app (bench/app-budget.mjs drives it over
// IPC). Instances of a set act for different accounts of the same client id, so with the default
// limiter ('app') they share one budget, as they would in a bot author's process.
//   {cmd: 'setup', set, url, key, secret, accounts: [{username, password}], options} -> {}
//   {cmd: 'load', set, callers, start, end} -> {resolved, failed, errors, waits}
//   {cmd: 'timed', set, calls, inflight} -> {ms}
import { setTimeout as sleep } from 'node:timers/promises';
import Snoopath from '../../dist/index.js';
import { serve } from './ipc.mjs';

const USER_AGENT = 'node:snoopath-bench:1.0.0 (by /u/demo_user)';
/** set name -> instances */
const sets = new Map();
const me = (reddit, signal) => reddit('/api/v1/me').get(undefined, signal ? { signal } : undefined);

serve({
  async setup({ set, url, key, secret, accounts, options = {} }) {
    const instances = accounts.map(({ username, password }) => new Snoopath({
      userAgent: USER_AGENT, oauth: { type: 'script', key, secret, username, password },
      apiServerUri: url, authServerUri: url, log: { warn() {}, info() {}, debug() {} }, ...options,
    }));
    // Tokens are not part of the budget: every instance gets its own before the measured time.
    await Promise.all(instances.map((r) => r.auth()));
    sets.set(set, instances);
    return {};
  },

  /** `callers` loops per instance from `start` until `end`; calls still queued at `end` are aborted. */
  async load({ set, callers, start, end }) {
    const instances = sets.get(set);
    const seen = { resolved: 0, failed: 0, errors: {}, waits: 0 };
    for (const r of instances) r.on('wait', () => seen.waits++);
    const stop = new AbortController();
    if (start > Date.now()) await sleep(start - Date.now());
    const timer = setTimeout(() => stop.abort(new Error('bench: end of the run')), end - Date.now());
    const lanes = instances.flatMap((reddit) => Array.from({ length: callers }, async () => {
      while (!stop.signal.aborted) {
        try {
          await me(reddit, stop.signal);
          if (Date.now() < end) seen.resolved++;
        } catch (error) {
          if (stop.signal.aborted) break;
          seen.failed++;
          const kind = `${error?.name}: ${String(error?.message).slice(0, 80)}`;
          seen.errors[kind] = (seen.errors[kind] ?? 0) + 1;
        }
      }
    }));
    await Promise.all(lanes);
    clearTimeout(timer);
    return seen;
  },

  /** `calls` GETs, `inflight` at a time; call k goes to instance k % N, so every instance takes its turn. */
  async timed({ set, calls, inflight }) {
    const instances = sets.get(set);
    let next = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: inflight }, async () => {
      while (next < calls) await me(instances[next++ % instances.length]);
    }));
    return { ms: performance.now() - t0 };
  },
});
