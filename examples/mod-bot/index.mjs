// A moderation bot for every subreddit its account moderates, on one stream: `/r/mod/comments`
// lists the new comments of all of them together (one request a poll, however many subreddits),
// and the bot removes the ones that advertise, as a cron job would run it: everything new since
// the last run, then stop (`untilCaughtUp`). Run against the built-in platform emulator.
//   npm run build && node examples/mod-bot/index.mjs
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

const moderated = ['aww', 'pics', 'cats'];
const emulator = await startEmulator({
  rateLimit: { budget: 1000, window: 60 },
  subreddits: { aww: 50, pics: 50, cats: 50, news: 50 },
  accounts: [{ name: 'cleanup_bot', password: 'cleanup_bot_password', moderates: moderated }],
});
const reddit = new Snoopath({
  userAgent: 'node:snoopath-mod-bot:1.0.0 (by /u/cleanup_bot)',
  oauth: { type: 'script', ...emulator.apps.script, username: 'cleanup_bot', password: 'cleanup_bot_password', scope: ['read', 'modposts', 'modlog'] },
  apiServerUri: emulator.url,
  authServerUri: emulator.url,
});

// Comments arrive in the moderated subreddits (and one the bot does not moderate); a few advertise.
for (const subreddit of [...moderated, 'news']) {
  emulator.addItems({ kind: 'comment', subreddit, count: 5 });
  emulator.addItems({ kind: 'comment', subreddit, author: 'spammer_42', body: 'Buy followers cheap at example.com' });
}

const SPAM = /buy followers/i;
const removed = [];
let read = 0;
try {
  // One stream over every moderated subreddit. skipOwn: the bot's own comments (if it wrote any) are not its to judge.
  const comments = reddit('/r/$subreddit/comments').stream({ $subreddit: 'mod' }, { untilCaughtUp: true, skipOwn: true });
  for await (const comment of comments) {
    read++;
    if (!SPAM.test(comment.data.body)) continue;
    await reddit('/api/remove').post({ id: comment.data.name, spam: true });
    removed.push(`r/${comment.data.subreddit}`);
  }
  const polls = emulator.requests.filter((r) => r.path.startsWith('/r/mod/')).length;
  console.log(`read ${read} new comments of ${moderated.length} moderated subreddits in ${polls} request(s) to /r/mod`);
  console.log(`removed ${removed.length}: ${removed.sort().join(', ')}`);
  const log = await reddit('/r/$subreddit/about/log').listing({ $subreddit: 'mod', type: 'removecomment', limit: 10 });
  console.log(`mod log: ${log.children.map((entry) => `${entry.data.mod} ${entry.data.action} in r/${entry.data.subreddit}`).join('; ')}`);
} catch (error) {
  console.error(`Mod bot failed: ${error.name}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await emulator.close();
}
