// Checks that no timer or socket of snoopath keeps a finished Node process alive.
//
//   node scripts/exit-check.mjs        (after `npm run build`: it uses dist/)
//
// The parent spawns this same file with `--child`. The child first runs a short chaos phase (a
// quarter of the requests reset, hung, stalled or failed; calls aborted while they wait for the
// shared token request; a token store whose writes never settle). Then it starts the emulator,
// authenticates, spends the whole rate-limit budget (so the client holds a refill timer for the window's end,
// up to ten minutes away), lets one request time out, closes the emulator and returns without calling
// process.exit(). The parent fails (exit 1) unless the child then exits by itself, with code 0,
// within a few seconds.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const GRACE_MS = 3000; // from the child's "done" to its exit
const OVERALL_MS = 30000; // the whole child run, in case it never gets to "done"
const DONE = 'exit-check: work done';

if (process.argv.includes('--child')) await child();
else await parent();

async function child() {
  const { default: Snoopath, TimeoutError } = await import('../dist/index.js');
  const { startEmulator } = await import('../dist/emulator.js');
  await chaos(Snoopath, startEmulator);
  const emu = await startEmulator({ rateLimit: { budget: 1, window: 600 } });
  const reddit = new Snoopath({
    userAgent: 'node:snoopath-exit-check:1.0 (by /u/snoopath)',
    oauth: { type: 'script', ...emu.apps.script },
    apiServerUri: emu.url,
    authServerUri: emu.url,
    throttle: 0,
    retryDelay: 10,
    log: { warn: () => {} },
  });
  let reached = 0;
  reddit.on('rate_limit_reached', () => reached++);
  await reddit.auth();
  // A hung answer: the call times out (its timer must be cleared), retries exhausted.
  emu.fault({ path: '/r/aww/hot', hang: true });
  const timedOut = await reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 }, { requestTimeout: 200, retryAttempts: 0 }).then(
    () => false,
    (error) => error instanceof TimeoutError,
  );
  // One call spends the budget of 1: the client now holds a refill timer for the window's end.
  await reddit('/api/v1/me').get();
  await emu.close();
  if (!timedOut) throw new Error('exit-check: the hung request did not end in TimeoutError');
  if (reached === 0) throw new Error('exit-check: the budget was not spent (no rate_limit_reached): the check would prove nothing');
  console.log(`${DONE} (budget spent, refill pending); the process must now exit by itself`);
}

/** Faults of every kind, aborted waits and a hanging token store: none may leave a timer or socket behind. */
async function chaos(Snoopath, startEmulator) {
  let warned = 0;
  const emu = await startEmulator({ rateLimit: false, seed: 5, chaos: { rate: 0.25, faults: ['status500', 'status503', 'reset', 'hang', 'stall', 'delay'] } });
  const reddit = new Snoopath({
    userAgent: 'node:snoopath-exit-check:1.0 (by /u/snoopath)',
    oauth: { type: 'script', ...emu.apps.script },
    apiServerUri: emu.url,
    authServerUri: emu.url,
    throttle: 0,
    retryDelay: 5,
    requestTimeout: 200,
    retryAttempts: 12,
    tokenStore: { get: () => undefined, set: () => new Promise(() => {}) },
    // The retries this provokes are expected: their warn lines are counted, not printed.
    log: { warn: () => void warned++ },
  });
  let storeErrors = 0;
  reddit.on('token_store_error', () => storeErrors++);
  // Calls waiting for the one shared token request (held back by a delay); every other one aborts.
  emu.fault({ path: '/api/v1/access_token', delay: 300 });
  const waiting = Array.from({ length: 8 }, (_, i) => {
    const controller = new AbortController();
    const call = reddit('/api/v1/me').get(undefined, { signal: controller.signal }).then(() => 'ok', (e) => (e.name === 'AbortError' ? 'aborted' : e.name));
    if (i % 2) setTimeout(() => controller.abort(), 20);
    return call;
  });
  const calls = Array.from({ length: 40 }, (_, i) =>
    reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 2 }, { signal: i % 10 === 9 ? AbortSignal.timeout(30) : undefined }).then(() => 'ok', (e) => e.name),
  );
  const outcomes = await Promise.all([...waiting, ...calls]);
  await emu.close();
  const counts = outcomes.reduce((c, o) => ({ ...c, [o]: (c[o] ?? 0) + 1 }), {});
  if (!counts.ok || !counts.aborted) throw new Error(`exit-check: the chaos phase did not run as meant: ${JSON.stringify(counts)}`);
  if (storeErrors === 0) throw new Error('exit-check: the hanging token store was never reported');
  if (warned === 0) throw new Error('exit-check: the chaos phase provoked no retry: the check would prove little');
  console.log(`exit-check: chaos phase done ${JSON.stringify(counts)}`);
}

async function parent() {
  if (!existsSync(new URL('../dist/index.js', import.meta.url)) || !existsSync(new URL('../dist/emulator.js', import.meta.url))) {
    console.error('exit-check: dist/index.js or dist/emulator.js is missing; run `npm run build` first.');
    process.exit(1);
  }
  const started = Date.now();
  const proc = spawn(process.execPath, [self, '--child'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let doneAt;
  let graceTimer;
  let output = '';
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
    if (doneAt === undefined && output.includes(DONE)) {
      doneAt = Date.now();
      graceTimer = setTimeout(() => fail(`the process was still alive ${GRACE_MS} ms after its work was done: a timer or socket keeps it running`), GRACE_MS);
    }
  });
  const overall = setTimeout(() => fail(`the child did not finish within ${OVERALL_MS} ms`), OVERALL_MS);
  const [code, signal] = await new Promise((resolve) => proc.on('exit', (c, s) => resolve([c, s])));
  clearTimeout(overall);
  clearTimeout(graceTimer);
  if (code !== 0) fail(`the child exited with ${signal ?? `code ${code}`}`);
  if (doneAt === undefined) fail('the child exited without finishing its work');
  console.log(`exit-check: ok, the process exited ${Date.now() - doneAt} ms after its work (${Date.now() - started} ms in all)`);

  function fail(message) {
    console.error(`exit-check: FAILED: ${message}`);
    proc.kill('SIGKILL');
    process.exit(1);
  }
}
