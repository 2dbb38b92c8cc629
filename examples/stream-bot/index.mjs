// A bot that streams new comments of r/aww and answers the ones about kittens, run against the
// built-in platform emulator (no network, no credentials). It keeps its cursor in a file, stops,
// and starts again where it left off: nothing handled twice, nothing that came meanwhile missed.
//   npm run build && node examples/stream-bot/index.mjs
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

// New comments keep arriving on the emulator: 20 a second, and every 2 s a burst of up to 60.
// The budget is ten times the platform's, so the demo takes seconds, not minutes.
const emulator = await startEmulator({
  feed: { subreddits: ['aww'], rate: 1200, comments: 1, bursts: { every: 2, size: [20, 60] } },
  rateLimit: { budget: 1000, window: 60 },
});
const reddit = new Snoopath({
  userAgent: 'node:snoopath-stream-bot:1.0.0 (by /u/demo_user)',
  oauth: { type: 'script', ...emulator.apps.script, scope: ['read', 'submit'] },
  apiServerUri: emulator.url,
  authServerUri: emulator.url,
});
reddit.on('stream_gap', ({ path, read }) => console.log(`  (gap: more than ${read} new items in ${path} since the last poll)`));
reddit.on('stream_error', ({ during, error }) => console.log(`  (${during} failed: ${error.message}; trying again)`));

const dir = await mkdtemp(join(tmpdir(), 'stream-bot-'));
const file = join(dir, 'cursor.json');
const cursorStore = {
  get: () => readFile(file, 'utf8').catch(() => null),
  set: (cursor) => writeFile(file, JSON.stringify(cursor)),
};

/** One run of the bot: handle `count` comments, then stop (as a deploy or a crash would). */
async function run(label, count) {
  const handled = [];
  // pause: poll every 250 ms while comments come (the default is 1 s, up to 16 s when idle).
  // skipOwn: its own replies come through the stream too; it must never answer them.
  const comments = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursorStore, skipOwn: true, pause: { min: 250, max: 2000 } });
  for await (const comment of comments) {
    if (/kitten/i.test(comment.data.body)) {
      await reddit('/api/comment').post({ thing_id: comment.data.name, text: 'Adorable, thanks for sharing!' });
    }
    handled.push(comment.data.name);
    if (handled.length === count) break;
  }
  console.log(`${label}: handled ${handled.length} comments, ${handled[0]} to ${handled.at(-1)}`);
  return handled;
}

try {
  const first = await run('first run', 40);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // down for a moment; comments keep coming
  const second = await run('second run', 40);
  // The comment in hand at `break` was not marked handled: it comes first again (at least once).
  console.log(`second run resumed with ${second[0]}, the comment the first run stopped at: ${second[0] === first.at(-1)}`);
  console.log(`repeated: ${second.slice(1).filter((n) => first.includes(n)).length}`);
  const cursor = JSON.parse(await readFile(file, 'utf8'));
  console.log(`cursor: ${cursor.seen.length} fullnames, ${JSON.stringify(cursor).length} bytes of JSON`);
} catch (error) {
  console.error(`Stream bot failed: ${error.name}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
}
