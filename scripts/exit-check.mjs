// Checks that no timer or socket of snoopath keeps a finished Node process alive.
//
//   node scripts/exit-check.mjs        (after `npm run build`: it uses dist/)
//
// The parent spawns this same file with `--child`. The child starts the emulator, authenticates,
// spends the whole rate-limit budget (so the client holds a refill timer for the window's end,
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
  const emu = await startEmulator({ rateLimit: { budget: 1, window: 600 } });
  const reddit = new Snoopath({
    userAgent: 'node:snoopath-exit-check:1.0 (by /u/snoopath)',
    oauth: { type: 'script', ...emu.apps.script },
    apiServerUri: emu.url,
    authServerUri: emu.url,
    throttle: 0,
    retryDelay: 10,
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
