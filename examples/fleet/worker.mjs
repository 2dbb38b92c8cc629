// One worker of the fleet example (index.mjs starts three). Every worker runs this same code: the
// fleet decides which one polls and which one handles each comment. It writes what it does as
// JSON lines for index.mjs; a real bot would just handle the comments.
//   node examples/fleet/worker.mjs '{"name":"w1","redisPort":6379,"emulator":"http://127.0.0.1:...","app":{...}}'
import { createInterface } from 'node:readline';
import Snoopath from 'snoopath';
import { fleet } from 'snoopath/fleet';
import { sharedLimit } from 'snoopath/shared-limit';

const { name, redisPort, emulator, app } = JSON.parse(process.argv[2]);
const redis = { host: '127.0.0.1', port: redisPort };
const say = (event) => console.log(JSON.stringify({ worker: name, ...event }));

// One budget for the whole app, shared by every worker through the same Redis.
const limiter = sharedLimit({ redis });
const reddit = new Snoopath({
  userAgent: 'node:snoopath-fleet-example:1.0.0 (by /u/demo_user)',
  oauth: { type: 'script', ...app },
  apiServerUri: emulator,
  authServerUri: emulator,
  limiter,
});

// Short lease and claim times, so the example shows a takeover in seconds (defaults: 15 s and 60 s).
const f = fleet({ redis, name: 'example-modbot', worker: name, leaseMs: 2000, claimAfterMs: 3000 });
f.on('polling', () => say({ polling: true }));
f.on('claimed', ({ name: item }) => say({ claimed: item }));

// index.mjs says "close" on stdin when the example is over; a real bot would do this on SIGTERM.
createInterface({ input: process.stdin }).once('line', () => {
  process.stdin.destroy();
  void f.close();
});

say({ ready: true });
const comments = f.stream(reddit('/r/$subreddit/comments'), { $subreddit: 'aww' }, { skipExisting: true, pause: 500 });
for await (const comment of comments) {
  // The handling: 50 ms of pretend work. The comment counts as handled once the loop asks for the next.
  await new Promise((resolve) => setTimeout(resolve, 50));
  say({ handled: comment.data.name });
}
// The loop ends once the fleet is closed; so does the process, with nothing left to wait for.
await limiter.close();
