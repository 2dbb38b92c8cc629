/**
 * Issue 21, item 16, against the emulator: rate_limit_reached comes once per spent window, with the
 * state that closed it (remaining 0), and after a 429 the client waits for the later of Retry-After
 * and the window's reset instead of sending into a window already spent.
 */
import { describe, expect, it } from '@jest/globals';
import type { RateLimitState } from '../../../lib/index.js';
import { client, requestsTo, start, toNextWindow, type LooseClient } from '../setup.js';

const API = /^\/r\//;
const call = (r: LooseClient, i: number) => r('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i });


describe('rate_limit_reached', () => {
  it('budget 3 per 1.5 s, 5 calls: once, with remaining 0', async () => {
    const emu = await start({ rateLimit: { budget: 3, window: 1.5 } });
    const reddit = client(emu);
    const reached: RateLimitState[] = [];
    reddit.on('rate_limit_reached', (s) => reached.push(s));
    await reddit.auth();
    toNextWindow(1500);
    await Promise.all([0, 1, 2, 3, 4].map((i) => call(reddit, i)));
    expect(reached).toEqual([{ used: 3, remaining: 0, reset: expect.any(Number) }]);
    expect(requestsTo(emu, API).filter((r) => r.status === 429)).toEqual([]);
  }, 15000);

  it('a 429 saying the window is spent for 5 s more but Retry-After 2: one 429, one event, nothing sent before the window ends', async () => {
    const windowMs = 6000;
    const emu = await start({ rateLimit: { budget: 5, window: windowMs / 1000 } });
    const reddit = client(emu);
    const rogue = client(emu, 'script', { limiter: 'instance' });
    const reached: RateLimitState[] = [];
    reddit.on('rate_limit_reached', (s) => reached.push(s));
    await Promise.all([reddit.auth(), rogue.auth()]);
    const from = toNextWindow(windowMs);
    // Another program with the same client id spends the window...
    const token = rogue.getAccessToken();
    await Promise.all(Array.from({ length: 5 }, () => fetch(`${emu.url}/r/aww/new?limit=1`, { headers: { authorization: `bearer ${token}` } }).then((r) => r.text())));
    // ...and the platform's 429 asks for 2 s although its headers say the window has 5 s left.
    const reset = Math.floor((from + windowMs - Date.now()) / 1000);
    emu.fault({ path: '/r/aww/new', status: 429, body: '', headers: { 'retry-after': '2', 'x-ratelimit-used': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) } });
    await Promise.all([0, 1, 2, 3].map((i) => call(reddit, i)));
    const ours = requestsTo(emu, API).filter((r) => r.at >= from && r.query.count !== undefined);
    // 4 calls cost 9 sends, 5 of them 429s: now one refused probe, then 4 sends in the next window.
    expect(ours.filter((r) => r.status === 429)).toHaveLength(1);
    expect(ours).toHaveLength(5);
    expect(ours.filter((r) => r.status === 200).every((r) => r.at >= from + windowMs)).toBe(true);
    expect(reached).toEqual([{ used: 5, remaining: 0, reset }]);
  }, 20000);
});
