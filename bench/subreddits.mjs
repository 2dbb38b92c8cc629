// Many subreddits (issue 23): requests a minute that idle subreddits cost, polled by a stream per
// subreddit against one stream over the list (`$subreddit: [...]`, 100 names a request), with the
// stream's default pace (it slows to one poll in 16 s while nothing comes). Every configuration runs
// at once against an emulator of its own whose budget is far above what they ask (headers on every
// answer, so pacing never holds a poll back); requests are counted over the last `measure` seconds,
// after the streams have settled into their idle pace.
// `node bench/subreddits.mjs [--quick]` alone (after `npm run build`), or as a part of `npm run bench`.
// Prints a table and writes its section of docs/performance.md.
import { setMaxListeners } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Snoopath from '../dist/index.js';
import { startEmulator } from '../dist/emulator.js';
import { textTable } from './lib/format.mjs';
import { writeSection } from './lib/sections.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const log = (...a) => console.error('[bench subreddits]', ...a);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const COUNTS = [1, 10, 100, 250];

/** One configuration: `n` idle subreddits, polled as `n` streams or as one stream over the list. */
async function configuration(n, shape, settle, measure) {
  const names = Array.from({ length: n }, (_, i) => `sub_${i}`);
  const emu = await startEmulator({ subreddits: Object.fromEntries(names.map((name) => [name, 1])), rateLimit: { budget: 10_000_000, window: 600 } });
  const reddit = new Snoopath({ userAgent: 'node:snoopath-bench:1.0.0 (by /u/demo_user)', oauth: { type: 'script', ...emu.apps.script }, apiServerUri: emu.url, authServerUri: emu.url });
  await reddit.auth();
  const stop = new AbortController();
  // One signal stops every stream of the configuration (250 of them): not a leak.
  setMaxListeners(Infinity, stop.signal);
  const drain = async (stream) => {
    try {
      for await (const _ of stream);
    } catch (error) {
      if (!stop.signal.aborted) throw error;
    }
  };
  const call = reddit('/r/$subreddit/new');
  const streams = shape === 'list' ? [call.stream({ $subreddit: names }, { signal: stop.signal })] : names.map((name) => call.stream({ $subreddit: name }, { signal: stop.signal }));
  const running = Promise.all(streams.map(drain));
  await sleep(settle * 1000);
  const polls = () => emu.requests.filter((r) => r.path.startsWith('/r/')).length;
  const before = polls();
  await sleep(measure * 1000);
  const perMinute = ((polls() - before) * 60) / measure;
  stop.abort();
  await running;
  await emu.close();
  return perMinute;
}

export async function benchSubreddits({ quick = false } = {}) {
  const settle = quick ? 20 : 40;
  const measure = quick ? 30 : 60;
  log(`${COUNTS.join(', ')} idle subreddits, a stream each and one stream over the list, all at once: ${settle} s to settle, ${measure} s measured`);
  const runs = await Promise.all(COUNTS.flatMap((n) => ['each', 'list'].map(async (shape) => ({ n, shape, perMinute: await configuration(n, shape, settle, measure) }))));
  const rate = (n, shape) => runs.find((r) => r.n === n && r.shape === shape).perMinute;
  const rows = COUNTS.map((n) => [
    String(n),
    rate(n, 'each').toFixed(0),
    rate(n, 'list').toFixed(1),
    String(Math.ceil(n / 100)),
    `${(rate(n, 'each') / Math.max(rate(n, 'list'), 0.001)).toFixed(0)}x`,
  ]);
  const head = ['idle subreddits', 'a stream each (requests/min)', 'one list stream (requests/min)', 'requests a poll (list)', 'fewer requests'];
  console.log(textTable(head, rows));
  const budget = 100;
  const body = [
    '## Many idle subreddits: a stream each, or one stream over the list',
    '',
    `Requests a minute that idle subreddits cost at the streams' default pace (one poll in 16 s once nothing comes), measured over ${measure} s after ${settle} s to settle, on ${process.version} (\`node bench/subreddits.mjs\`). The platform's budget is ${budget} requests a minute per app.`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
  writeSection(join(ROOT, 'docs/performance.md'), 'subreddits', 'bench/subreddits.mjs', body);
  return runs;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSubreddits({ quick: process.argv.includes('--quick') });
