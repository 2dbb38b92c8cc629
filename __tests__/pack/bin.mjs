// The package's commands as a user runs them (node_modules/.bin, as npm links them), run by
// codegen/check-pack.mjs in a project where the packed package is installed: `snoopath auth
// --script` and `snoopath api` against `snoopath-emulator`, started the way a person would start them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const bin = (name) => new URL(`node_modules/.bin/${name}`, import.meta.url).pathname;

/** Starts the emulator command and resolves to its URL once it prints the banner. */
async function emulator() {
  const child = spawn(bin('snoopath-emulator'), ['--port', '0', '--no-rate-limit'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  for await (const chunk of child.stdout) {
    text += chunk;
    const url = /listening on (http:\/\/\S+)/.exec(text)?.[1];
    if (url) return { url, child };
  }
  throw new Error(`snoopath-emulator exited without listening: ${text}`);
}

async function run(args, env) {
  const child = spawn(bin('snoopath'), args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const [status] = await once(child, 'close');
  return { status, out, err };
}

const { url, child } = await emulator();
try {
  const env = { SNOOPATH_CLIENT_ID: 'script-app-id', SNOOPATH_CLIENT_SECRET: 'script-app-secret', SNOOPATH_USERNAME: 'demo_user', SNOOPATH_PASSWORD: 'demo_password' };
  const ok = await run(['auth', '--script', '--auth-server', url, '--api-server', url], env);
  assert.deepEqual({ status: ok.status, out: ok.out }, { status: 0, out: 'u/demo_user\n' }, ok.err);
  const bad = await run(['auth', '--script', '--auth-server', url, '--api-server', url], { ...env, SNOOPATH_PASSWORD: 'wrong-password' });
  assert.equal(bad.status, 1);
  assert.match(bad.err, /invalid_grant/);
  assert.match(bad.err, /SNOOPATH_PASSWORD/, 'a refused password names the variable that holds it');
  for (const secret of ['script-app-secret', 'demo_password', 'wrong-password']) assert.ok(!(ok.out + ok.err + bad.err).includes(secret), 'no secret printed');
  const usage = await run(['--help'], {});
  assert.match(usage.out, /snoopath auth/);
  // The package ships no docs/ folder: the commands' help links the repository's pages.
  const emulatorHelp = spawn(bin('snoopath-emulator'), ['--help'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let help = '';
  for await (const chunk of emulatorHelp.stdout) help += chunk;
  assert.match(help, /https:\/\/github\.com\/snoopath\/snoopath\/blob\/main\/docs\/emulator\.md/);
  // snoopath api: JSON Lines to a reader that stops early (| head -n 3) ends quietly, with status 0.
  const api = spawn(`${bin('snoopath')} api --emulator=${url} /r/aww/new -f limit=100 --paginate | head -n 3`, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let lines = '';
  let apiErr = '';
  api.stdout.on('data', (d) => (lines += d));
  api.stderr.on('data', (d) => (apiErr += d));
  await once(api, 'close');
  assert.equal(lines.trim().split('\n').length, 3, apiErr);
  assert.equal(JSON.parse(lines.split('\n')[0]).kind, 't3');
  assert.equal(apiErr, '');
  const missing = await run(['api', '--emulator=' + url, '/user/nobody_here/about'], {});
  assert.equal(missing.status, 6, missing.err);
  console.log(`bin snoopath auth --script and snoopath api on Node ${process.versions.node}: OK`);
} finally {
  child.kill();
}
