// Runs one `runnable` docs block (already compiled to a module file) on the stage:
//   node scripts/docs/stage-run.mjs <module file>
// A fresh emulator answers for oauth.reddit.com and www.reddit.com (the global fetch is redirected to
// it; nothing else but loopback is reachable), knows the placeholder script app CLIENT_ID /
// CLIENT_SECRET with the account me / PASSWORD besides its demo apps and accounts, and the stage's
// names (Snoopath, reddit, userAgent, key, ...) are globals. Imports the built package (`npm run build`).
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startEmulator } from 'snoopath/emulator';
import { PLACEHOLDERS, PLATFORM_HOSTS } from './stage.mjs';

// From here on 'snoopath' resolves to the stage's class (scripts/docs/stage-hooks.mjs), for this file too.
register('./stage-hooks.mjs', import.meta.url);
const { default: Snoopath } = await import('snoopath');

const { key, secret, username, password, userAgent } = PLACEHOLDERS;
const emulator = await startEmulator({
  rateLimit: false,
  apps: [{ type: 'script', id: key, secret, developers: [username] }],
  accounts: [{ name: 'demo_user', password: 'demo_password' }, { name: 'other_user', password: 'other_password' }, { name: username, password }],
});

const realFetch = globalThis.fetch;
const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;
globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (loopback.test(url.hostname)) return realFetch(request);
  if (!PLATFORM_HOSTS.includes(url.host)) throw new TypeError(`docs stage: ${url.host} is not reachable from a docs example (only the platform's hosts, served by the emulator, and loopback)`);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return realFetch(`${emulator.url}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body, signal: request.signal, redirect: request.redirect });
};

Object.assign(globalThis, {
  ...PLACEHOLDERS,
  Snoopath,
  reddit: new Snoopath({ userAgent, oauth: { type: 'script', key, secret, username, password } }),
});

try {
  await import(pathToFileURL(process.argv[2]).href);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await emulator.close();
}
// A block may leave a server or a timer behind: its module has run, the stage ends here.
process.exit();
