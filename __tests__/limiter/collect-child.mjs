// Child of registry.test.ts, run with --expose-gc: the registry of app budgets must not keep an
// instance, its budget or the process alive, even with the budget spent for ten minutes and an
// aborted call that waited for it. Prints one JSON line, then returns without process.exit().
import { pathToFileURL } from 'node:url';
import { setTimeout as pause } from 'node:timers/promises';

const { lib } = JSON.parse(process.argv[2]);
const load = (path) => import(pathToFileURL(`${lib}/${path}`).href);
const { default: Snoopath } = await load('index.js');
const { registeredBudgets } = await load('limiter/registry.js');
const { startEmulator } = await load('emulator/index.js');

// The emulator's windows are aligned to its clock: started at a window's start, the one spent below
// has its whole 600 s left, however close the wall clock is to the end of one of its own.
const offset = Date.now() % 600_000;
const emu = await startEmulator({ rateLimit: { budget: 1, window: 600 }, now: () => Date.now() - offset });
const collected = new Set();
const watch = new FinalizationRegistry((name) => collected.add(name));
const result = {};
const warnings = [];

async function use() {
  const options = { userAgent: 'node:collect-check:1.0 (by /u/tester)', oauth: { type: 'script', ...emu.apps.script }, apiServerUri: emu.url, authServerUri: emu.url, throttle: 0, log: { warn: (line) => warnings.push(line) } };
  const a = new Snoopath(options);
  const b = new Snoopath(options);
  watch.register(a, 'a');
  watch.register(b, 'b');
  await Promise.all([a.auth(), b.auth()]);
  // One call spends the budget of 1: the app's budget (b's too) is closed for the rest of the 600 s window.
  await a('/api/v1/me').get();
  const controller = new AbortController();
  const waiting = b('/api/v1/me').get(undefined, { signal: controller.signal });
  // Abort once the call is waiting (its warning is told as the wait starts), not after a fixed pause
  // that a loaded machine may outrun; bounded so that a missing warning fails instead of hanging.
  for (let i = 0; i < 250 && warnings.length === 0; i++) await pause(20);
  controller.abort();
  // The abort rejects the waiting call before any timer of this turn fires: an order, not a duration.
  const settled = waiting.then(() => 'resolved', (e) => e.name);
  const timer = pause(0).then(() => 'timer');
  result.firstAfterAbort = await Promise.race([settled.then(() => 'call'), timer]);
  result.abortError = await settled;
  await timer;
  result.timersAfterAbort = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  result.budgetsWhileUsed = registeredBudgets();
}

await use();
for (let i = 0; i < 10 && collected.size < 2; i++) {
  globalThis.gc();
  await pause(20);
}
globalThis.gc();
await pause(20);
result.collected = [...collected].sort();
result.budgetsAfterCollection = registeredBudgets();
await emu.close();
// Closed sockets leave the list of active handles on a later turn of the event loop.
await pause(200);
result.resources = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap' && r !== 'PipeWrap');
result.warnings = warnings;
console.log(JSON.stringify(result));
