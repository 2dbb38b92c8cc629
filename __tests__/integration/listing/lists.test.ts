/**
 * `$subreddit` lists in get() and listing(): one request to /r/a+b/..., the subreddits' items
 * merged newest first (the emulator merges as the platform does), each keeping `data.subreddit`.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import Snoopath, { ArgumentError } from '../../../lib/index.js';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';

let emu: Emulator;
let reddit: Snoopath;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  reddit = new Snoopath({ userAgent: 'node:lists-test:1.0 (by /u/demo_user)', oauth: { type: 'script', ...emu.apps.script }, apiServerUri: emu.url, authServerUri: emu.url, throttle: 0 });
});
afterAll(() => emu.close());

it('listing() of two subreddits is one request, newest first, each item naming its subreddit', async () => {
  emu.addItems({ kind: 'post', subreddit: 'aww', count: 2 });
  emu.addItems({ kind: 'post', subreddit: 'pics', count: 2 });
  emu.clearLog();
  const page = await reddit('/r/$subreddit/new').listing({ $subreddit: ['aww', 'pics'], limit: 10 });
  expect(emu.requests.map((r) => r.path).filter((path) => path.startsWith('/r/'))).toEqual(['/r/aww+pics/new']);
  const subs = new Set(page.children.map((t) => String((t.data as { subreddit: string }).subreddit).toLowerCase()));
  expect(subs).toEqual(new Set(['aww', 'pics']));
  const times = page.children.map((t) => Number((t.data as { created_utc: number }).created_utc));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

it("get() takes 'a+b' too; a bad name rejects before anything is sent", async () => {
  const body = await reddit('/r/$subreddit/new').get({ $subreddit: 'aww+pics', limit: 1 });
  expect((body as { kind: string }).kind).toBe('Listing');
  emu.clearLog();
  await expect(reddit('/r/$subreddit/new').get({ $subreddit: ['aww', 'not a name'] })).rejects.toBeInstanceOf(ArgumentError);
  expect(emu.requests.filter((r) => r.path.startsWith('/r/'))).toHaveLength(0);
});
