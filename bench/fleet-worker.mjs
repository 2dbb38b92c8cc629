// One worker process of bench/fleet.mjs: a client of the emulator and a fleet on the bench's
// redis-server, handling each comment with `handleMs` of pretend I/O. Writes "h" per item handled;
// on "close" on stdin it closes the fleet and its process ends by itself.
import { createInterface } from 'node:readline';
import Snoopath from '../dist/index.js';
import { fleet } from '../dist/fleet.js';

const { url, app, port, name, worker, handleMs } = JSON.parse(process.argv[2]);
const reddit = new Snoopath({ userAgent: 'node:snoopath-bench-fleet:1.0.0 (by /u/demo_user)', oauth: { type: 'script', ...app }, apiServerUri: url, authServerUri: url, throttle: 0 });
const f = fleet({ redis: { host: '127.0.0.1', port }, name, worker });
createInterface({ input: process.stdin }).once('line', () => {
  process.stdin.destroy();
  void f.close();
});
await reddit.auth();
process.stdout.write('ready\n');
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
for await (const _ of f.stream(reddit('/r/$subreddit/comments'), { $subreddit: 'bench' }, { skipExisting: true, pause: 100 })) {
  if (handleMs) await wait(handleMs);
  process.stdout.write('h\n');
}
