// A fleet of three workers sharing one stream of new comments through Redis, against the built-in
// platform emulator: one polls, each comment is handled by one of them. Midway the polling worker
// is killed (SIGKILL, as a crash would): another takes over within the lease, from the cursor kept
// in Redis, and nothing is lost. Needs redis-server on the PATH (apt-get install redis-server).
//   npm run build && node examples/fleet/index.mjs
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { startEmulator } from 'snoopath/emulator';

if (spawnSync('redis-server', ['--version']).status !== 0) {
  console.log('fleet example: redis-server is not installed (apt-get install redis-server); nothing to show.');
  process.exit(0);
}
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
// A throwaway Redis on loopback, without persistence.
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
const emulator = await startEmulator({ rateLimit: { budget: 1000, window: 60 } });
await new Promise((resolve) => setTimeout(resolve, 300));

const workers = new Map();
const handled = [];
for (const name of ['w1', 'w2', 'w3']) {
  const child = spawn(process.execPath, [new URL('./worker.mjs', import.meta.url).pathname, JSON.stringify({ name, redisPort: port, emulator: emulator.url, app: emulator.apps.script })], { stdio: ['pipe', 'pipe', 'inherit'] });
  const worker = { child, handled: [], polling: false, ready: false, killed: false, exited: new Promise((resolve) => child.once('exit', resolve)) };
  workers.set(name, worker);
  createInterface({ input: child.stdout }).on('line', (line) => {
    const event = JSON.parse(line);
    if (event.ready) worker.ready = true;
    if (event.polling) {
      for (const w of workers.values()) w.polling = false;
      worker.polling = true;
      console.log(`${name} polls now`);
    }
    if (event.claimed) console.log(`${name} took over ${event.claimed}, left unfinished by a dead worker`);
    if (event.handled) {
      worker.handled.push(event.handled);
      handled.push(event.handled);
    }
  });
}
const until = async (check) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};
await until(() => [...workers.values()].every((w) => w.ready) && emulator.requests.some((r) => r.path === '/r/aww/comments'));

// 60 new comments over 6 s; after 3 s the polling worker dies.
const created = [];
for (let second = 0; second < 6; second++) {
  if (second === 3) {
    const [name, poller] = [...workers].find(([, w]) => w.polling);
    poller.child.kill('SIGKILL');
    poller.killed = true;
    console.log(`killed ${name}, the polling worker, after ${created.length} comments (it had handled ${poller.handled.length})`);
  }
  for (let i = 0; i < 10; i++) {
    created.push(...emulator.addItems({ kind: 'comment', subreddit: 'aww' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
await until(() => created.every((name) => handled.includes(name)));

for (const [name, w] of workers) {
  console.log(`${name}${w.killed ? ' (killed)' : ''} handled ${w.handled.length}: ${w.handled.slice(0, 3).join(', ')}${w.handled.length > 3 ? ', ...' : ''}`);
  if (!w.killed) w.child.stdin.write('close\n');
}
await Promise.all([...workers.values()].map((w) => w.exited));
const twice = handled.length - new Set(handled).size;
console.log(`handled: ${new Set(handled).size} of ${created.length}, ${twice} twice (at most the one the killed worker had in hand)`);
redis.kill();
await emulator.close();
