/**
 * What the README says where it documents `stickied`: the platform counts stickied posts in `limit`,
 * and the slice leaves them out of `children`, so `limit: 5` on a subreddit with 2 stickied posts
 * gives 3 `children` (and 2 in `stickied`); iterating goes on to the next page for more.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import Snoopath from '../../../lib/index.js';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';

let emu: Emulator;
let reddit: Snoopath;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  reddit = new Snoopath({ userAgent: 'node:stickied-test:1.0 (by /u/demo_user)', oauth: { type: 'script', ...emu.apps.script }, apiServerUri: emu.url, authServerUri: emu.url, throttle: 0 });
});
afterAll(() => emu.close());

it('limit: 5 on a listing with 2 stickied posts gives 3 children, as the README says', async () => {
  const page = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 5 });
  expect(page.stickied).toHaveLength(2);
  expect(page.children).toHaveLength(3);
  expect(emu.requests.at(-1)!.query.limit).toBe('5');
  expect(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')).toMatch(/`limit: 5` on a listing with 2 stickied posts gives 3 `children`/);
});
