// A bot that streams new comments from the emulator and then stops one way or another, without
// calling process.exit(): __tests__/integration/stream/exit.test.ts checks that the process then ends by itself.
//   node __tests__/integration/stream/exit-child.mjs break|abort|end|return|paced
// `paced`: the budget is nearly spent, so the next poll waits minutes in the rate limiter when the
// stream is aborted.
import Snoopath from '../../../dist/index.js';
import { startEmulator } from '../../../dist/emulator.js';

const how = process.argv[2];
// Paced: the emulator's clock starts at a window's start, so the spent window lasts, whatever the wall clock.
const offset = Date.now() % 600_000;
const emu = await startEmulator(how === 'paced' ? { rateLimit: { budget: 4, window: 600 }, now: () => Date.now() - offset } : {});
const reddit = new Snoopath({
  userAgent: 'node:snoopath-stream-exit:1.0 (by /u/snoopath)',
  oauth: { type: 'script', ...emu.apps.script },
  apiServerUri: emu.url,
  authServerUri: emu.url,
});
emu.addItems({ kind: 'comment', subreddit: 'aww', count: 5 });
const stop = new AbortController();
const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { signal: stop.signal, pause: how === 'paced' ? 0 : 60_000 });
let n = 0;
if (how === 'end') {
  // The script takes two items and simply ends, the stream left suspended between items.
  await stream.next();
  await stream.next();
  n = 2;
} else if (how === 'return') {
  await stream.next();
  await stream.return();
  n = 1;
} else {
  for await (const _ of stream) {
    n++;
    if (how === 'break' && n === 5) break;
    // abort while the stream waits a minute for its next poll
    if ((how === 'abort' || how === 'paced') && n === 5) setTimeout(() => stop.abort(), 300);
  }
}
await emu.close();
console.log(`stream-exit: ${how} done after ${n} items`);
