// A process of the cross-process load test (shared-load.test.ts): `instances` instances of one app
// (one account each), `callers` loops per instance calling until `end`, all sharing the budget
// through Redis. Protocol on stdio: "ready" once authenticated; a line "go <end, epoch ms>" starts;
// one JSON line with the outcome; then the limiter is closed and the process must exit by itself.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const { lib, url, port, instances, callers, app, shared = true } = JSON.parse(process.argv[2]);
const { default: Snoopath } = await import(pathToFileURL(`${lib}/index.js`).href);
const { sharedLimit } = await import(pathToFileURL(`${lib}/shared-limit.js`).href);

const limiter = shared ? sharedLimit({ redis: { host: '127.0.0.1', port } }) : undefined;
const clients = Array.from({ length: instances }, (_, i) => new Snoopath({
  userAgent: 'node:snoopath-shared-load:1.0 (by /u/tester)',
  oauth: { type: 'script', key: app.key, secret: app.secret, username: `account${i}`, password: `password${i}` },
  apiServerUri: url,
  authServerUri: url,
  throttle: 0,
  ...(limiter ? { limiter } : {}),
}));
await Promise.all(clients.map((c) => c.auth()));
console.log('ready');
const lines = createInterface({ input: process.stdin });
let end = 0;
for await (const line of lines) {
  const [word, until] = line.trim().split(' ');
  if (word === 'go') {
    end = Number(until);
    break;
  }
}
lines.close();
let ok = 0;
const failed = [];
let longest = 0;
await Promise.all(clients.flatMap((reddit, i) => Array.from({ length: callers }, async (_, c) => {
  while (Date.now() < end) {
    const t0 = Date.now();
    try {
      await reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i * 100 + c });
      ok++;
    } catch (error) {
      failed.push(String(error));
    }
    longest = Math.max(longest, Date.now() - t0);
  }
})));
console.log(JSON.stringify({ ok, failed: failed.slice(0, 5), failures: failed.length, longest }));
await limiter?.close();
console.log('done');
