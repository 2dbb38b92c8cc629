// A small bot, run against the built-in platform emulator: no network, no credentials.
// `npm run demo` builds the package and runs this file; in your own project the imports are the same.
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

const emulator = await startEmulator({ rateLimit: { budget: 100, window: 60 } });
console.log(`Platform emulator listening on ${emulator.url}\n`);

const reddit = new Snoopath({
  userAgent: 'node:snoopath-demo:1.0.0 (by /u/demo_user)',
  oauth: { type: 'script', ...emulator.apps.script, scope: ['identity', 'read', 'vote'] },
  apiServerUri: emulator.url,
  authServerUri: emulator.url,
  throttle: 100, // the platform asks for politeness; 100 ms keeps the demo quick
  decodeHtmlEntities: true,
});

let rate;
reddit.on('rate_limit', (state) => (rate = state));

try {
  await reddit.auth();
  const me = await reddit('/api/v1/me').get();
  console.log(`Signed in as u/${me.name} (${me.link_karma} link karma, ${me.comment_karma} comment karma)`);

  const subreddit = 'aww';
  console.log(`\nHot in r/${subreddit}, walked 10 at a time:`);
  const first = await reddit('/r/$subreddit/hot').listing({ $subreddit: subreddit, limit: 10 });
  let shown = 0;
  let top;
  for await (const post of first) {
    top ??= post;
    console.log(`  ${String(post.data.score).padStart(5)}  ${post.data.title.slice(0, 70)}`);
    if (++shown === 25) break;
  }
  if (first.stickied.length) console.log(`  (${first.stickied.length} stickied post(s) left out)`);

  await reddit('/api/vote').post({ id: top.data.name, dir: 1 });
  const [after] = (await reddit('/api/info').get({ id: top.data.name })).data.children;
  console.log(`\nUpvoted "${top.data.title.slice(0, 50)}": score ${top.data.score} -> ${after.data.score}, likes = ${after.data.likes}`);

  if (rate) console.log(`\nRate limit: ${rate.used} used, ${rate.remaining} remaining, window resets in ${rate.reset} s`);
  console.log('\nDone.');
} catch (error) {
  console.error(`Demo failed: ${error.name}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await emulator.close();
}
