// One worker of the fleet for fleet-processes.test.ts: the library's current source (transpiled),
// one client of the emulator, one fleet on the test's redis-server. Writes one JSON line per event
// ({ ev: 'took' | 'done' | 'polling' | 'standby' | 'claimed' | ... }); on the line "close" on stdin it
// prints its stats, closes the fleet and returns without process.exit(): the parent checks that
// nothing of the fleet keeps the process alive.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const o = JSON.parse(process.argv[2]);
const { default: Snoopath } = await import(pathToFileURL(`${o.lib}/index.js`).href);
const { fleet } = await import(pathToFileURL(`${o.lib}/fleet.js`).href);

const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const reddit = new Snoopath({
  userAgent: `node:fleet-${o.worker}:1.0 (by /u/tester)`,
  oauth: { type: 'script', ...o.app },
  apiServerUri: o.url,
  authServerUri: o.url,
  throttle: 0,
  retryDelay: 5,
});
const f = fleet({ redis: { host: '127.0.0.1', port: o.port }, name: o.name, worker: o.worker, leaseMs: o.leaseMs, claimAfterMs: o.claimAfterMs, cursorSaveMs: o.cursorSaveMs });
f.on('polling', () => say({ ev: 'polling' }));
f.on('standby', ({ reason }) => say({ ev: 'standby', reason }));
f.on('claimed', ({ name }) => say({ ev: 'claimed', name }));
f.on('redis_down', () => say({ ev: 'redis_down' }));
f.on('redis_up', () => say({ ev: 'redis_up' }));
f.on('failure', ({ during, error }) => say({ ev: 'failure', during, error: String(error) }));
reddit.on('stream_error', ({ during, error }) => say({ ev: 'stream_error', during, error: String(error) }));

await reddit.auth();
const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  if (line.trim() !== 'close') return;
  lines.close();
  // The parent keeps its end of the pipe open: ours must not keep this process alive.
  process.stdin.destroy();
  const stats = await f.stats();
  say({ ev: 'stats', local: stats.streams[0]?.local ?? null, length: stats.streams[0]?.length });
  await f.close();
});
say({ ev: 'ready' });
for await (const item of f.stream(reddit('/r/$subreddit/comments'), { $subreddit: o.subreddit }, { skipExisting: true, pause: o.pause })) {
  say({ ev: 'took', name: item.data.name });
  await new Promise((resolve) => setTimeout(resolve, o.handleMs));
  say({ ev: 'done', name: item.data.name });
}
say({ ev: 'closed' });
