// A second process for shared-actions.test.ts: one instance acting for demo_user, sharing the
// budget, the RATELIMIT cooldowns and the morechildren lock through Redis. Protocol on stdio:
// "ready" once authenticated; then one command per line, each answered with one JSON line:
//   more <n> <link>    n concurrent /api/morechildren calls
//   comment <thing> <text>
//   quit               closes the limiter; the process must then exit by itself
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const { lib, url, port, app } = JSON.parse(process.argv[2]);
const { default: Snoopath } = await import(pathToFileURL(`${lib}/index.js`).href);
const { sharedLimit } = await import(pathToFileURL(`${lib}/shared-limit.js`).href);

const limiter = sharedLimit({ redis: { host: '127.0.0.1', port } });
const reddit = new Snoopath({
  userAgent: 'node:snoopath-shared-actions:1.0 (by /u/tester)',
  oauth: { type: 'script', ...app },
  apiServerUri: url,
  authServerUri: url,
  throttle: 0,
  limiter,
});
await reddit.auth();
console.log('ready');
const settle = (p) => p.then(() => 'ok', (e) => `${e.name}: ${e.message}`);
for await (const line of createInterface({ input: process.stdin })) {
  const [command, a, b] = line.trim().split(' ');
  const started = Date.now();
  if (command === 'more') {
    const results = await Promise.all(Array.from({ length: Number(a) }, () => settle(reddit('/api/morechildren').post({ link_id: b, children: '' }))));
    console.log(JSON.stringify({ results }));
  } else if (command === 'comment') {
    const result = await settle(reddit('/api/comment').post({ thing_id: a, text: b }));
    console.log(JSON.stringify({ result, ms: Date.now() - started }));
  } else if (command === 'quit') {
    break;
  }
}
await limiter.close();
console.log('done');
