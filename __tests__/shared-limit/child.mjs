// A second process for shared-limit.test.ts: one instance of the client, sharing the budget
// through Redis. Protocol on stdio: prints "ready" once authenticated, waits for a line "go",
// fires its calls, prints one JSON line with the outcome, closes the limiter and returns without
// process.exit(): the parent checks that nothing of ours keeps the process alive.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const { lib, url, port, calls, shared, app } = JSON.parse(process.argv[2]);
const { default: Snoopath } = await import(pathToFileURL(`${lib}/index.js`).href);
const { sharedLimit } = await import(pathToFileURL(`${lib}/shared-limit.js`).href);

const limiter = shared ? sharedLimit({ redis: { host: '127.0.0.1', port } }) : undefined;
const reddit = new Snoopath({
  userAgent: 'node:snoopath-shared-limit-child:1.0 (by /u/tester)',
  oauth: { type: 'script', ...app },
  apiServerUri: url,
  authServerUri: url,
  throttle: 0,
  retryDelay: 5,
  ...(limiter ? { limiter } : {}),
});
await reddit.auth();
console.log('ready');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line.trim() === 'go') break;
lines.close();
const results = await Promise.allSettled(Array.from({ length: calls }, (_, i) => reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i })));
console.log(JSON.stringify({ ok: results.filter((r) => r.status === 'fulfilled').length, failed: results.filter((r) => r.status === 'rejected').map((r) => String(r.reason)) }));
await limiter?.close();
console.log('done');
