// Run by proxy.test.ts: an application that imports snoopath's BUILT package and nothing else (no
// undici of its own, which would load undici's index and hide what the package itself loads), and
// calls through the proxy option. Prints one JSON line: the call's value or its error.
// argv: dist directory, then a JSON object { origin, proxy, oauth }.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist, json] = process.argv.slice(2);
const { origin, proxy, oauth } = JSON.parse(json);
const { default: Snoopath } = await import(pathToFileURL(join(dist, 'index.js')).href);
const reddit = new Snoopath({
  userAgent: 'node:snoopath-proxy-check:1.0 (by /u/tester)', apiServerUri: origin, authServerUri: origin,
  throttle: 0, retryAttempts: 0, requestTimeout: 10_000, proxy, oauth,
});
try {
  const me = await reddit('/api/v1/me').get();
  console.log(JSON.stringify({ ok: true, name: me.name }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, name: error.name, message: error.message }));
}
// The pools keep sockets open: the check is done.
process.exit(0);
