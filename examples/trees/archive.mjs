// Archive a whole comment thread: every comment once, one JSON line each, parents before their
// replies, in the thread's order. Against the emulator here (a generated 2,000-comment thread);
// against the platform, give your own credentials and drop the emulator.
import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import Snoopath, { walk } from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

const emulator = await startEmulator({ rateLimit: false, posts: [{ comments: { comments: 2000, topLevel: 200, branching: 4, depth: 14 } }] });
try {
  const reddit = new Snoopath({
    userAgent: 'node:thread-archiver:1.0.0 (by /u/demo_user)',
    oauth: { type: 'script', ...emulator.apps.script },
    apiServerUri: emulator.url,
    authServerUri: emulator.url,
    throttle: 0, // the emulator needs no politeness; on the platform, leave it out and the rate-limit headers pace it
  });
  const article = emulator.posts[0].id;

  // Ctrl-C stops the expansion: the call rejects with the signal's reason and nothing more is sent.
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort(new Error('interrupted')));

  const { submission, comments, requests, orphans } = await reddit('/comments/$article').tree(
    { $article: article, sort: 'old', limit: 500 },
    {
      signal: stop.signal,
      onProgress: ({ requests, comments, pending }) => process.stderr.write(`\r${comments} comments, ${requests} requests, ${pending} to go `),
    },
  );
  process.stderr.write('\n');

  const path = join(await mkdtemp(join(tmpdir(), 'archive-')), `${submission.data.id}.jsonl`);
  const out = createWriteStream(path);
  let n = 0;
  for (const { data } of walk(comments)) {
    out.write(`${JSON.stringify({ id: data.id, parent: data.parent_id, depth: data.depth, author: data.author, body: data.body, created_utc: data.created_utc })}\n`);
    n++;
  }
  out.end();
  await finished(out);
  console.log(`archive: ${n} comments of "${submission.data.title}" in ${requests + 1} requests, ${orphans.length} orphans -> ${path}`);
} finally {
  await emulator.close();
}
