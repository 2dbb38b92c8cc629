/**
 * Rate limits against a hostile or broken server (issue 21, items 3 and 4), through the whole
 * client and the emulator: every wait a server names is finite and at most 600 s, a wait beyond what
 * the caller accepts rejects at once with `retryAfter`, no timer fires in a loop, and a RATELIMIT
 * message of any length is read at once.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { RateLimitError, ResponseError, type SnoopathEvents } from '../../lib/index.js';
import { client, requestsTo, sleep, start } from '../integration/setup.js';
import { waitWhile } from '../support/wait.js';

const LIST = '/r/aww/new';
const get = (reddit: ReturnType<typeof client>, options: Record<string, unknown> = {}) => reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 }, options);
const rate = (remaining: number, reset: string) => ({ 'x-ratelimit-used': '1', 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': reset });

const warnings: Error[] = [];
const onWarning = (warning: Error) => void warnings.push(warning);
beforeEach(() => {
  warnings.length = 0;
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('warning', onWarning);
});

describe('waits a server names', () => {
  it('Retry-After: 3000000: a call whose maxWait is shorter rejects at once, unsent, with retryAfter of 600 s', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { maxWait: 5000 });
    await reddit.auth();
    emu.fault({ path: LIST, status: 429, body: '', headers: { 'retry-after': '3000000' } });
    const error = (await get(reddit).catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ reason: '429', attempts: 1 });
    expect(error.retryAfter).toBeGreaterThan(590_000);
    expect(error.retryAfter).toBeLessThanOrEqual(600_000);
    // The next call of the app is not sent into the pause either.
    await expect(get(reddit)).rejects.toMatchObject({ name: 'RateLimitError', reason: '429' });
    expect(requestsTo(emu, LIST)).toHaveLength(1);
  });

  it('Retry-After: 3000000 without maxWait: the call waits quietly (one wait event, a finite one), no timer fires in a loop, and abort ends it', async () => {
    const emu = await start();
    const reddit = client(emu);
    const waits: Array<SnoopathEvents['wait']> = [];
    reddit.on('wait', (w) => waits.push(w));
    await reddit.auth();
    emu.fault({ path: LIST, status: 429, body: '', headers: { 'retry-after': '3000000' } });
    const controller = new AbortController();
    const call = get(reddit, { signal: controller.signal }).catch((e: unknown) => e);
    while (requestsTo(emu, LIST).length === 0) await sleep(10);
    // Until the call waits (its wait is told; a loaded machine may be late), bounded.
    await waitWhile(() => waits.length === 0);
    // Count the timers armed while the call waits (before: a 1 ms timer, ~1,700 times in 2 s).
    const real = globalThis.setTimeout;
    let armed = 0;
    globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => (armed++, real(...args))) as typeof setTimeout;
    try {
      await sleep(500);
    } finally {
      globalThis.setTimeout = real;
    }
    expect(armed).toBeLessThan(20);
    controller.abort();
    expect(((await call) as Error).name).toBe('AbortError');
    expect(requestsTo(emu, LIST)).toHaveLength(1);
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) expect(w.ms).toBeLessThanOrEqual(600_000);
    expect(warnings.filter((w) => w.name === 'TimeoutOverflowWarning')).toEqual([]);
  });

  it('X-Ratelimit-Reset: 1e308 with budget left: later calls still go out (the window is read as 600 s)', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { maxWait: 700_000 });
    await reddit.auth();
    emu.fault({ path: LIST, status: 200, body: JSON.stringify({ kind: 'Listing', data: { children: [], after: null, before: null } }), headers: rate(500, '1e308') });
    await get(reddit);
    // Before, the pacing gap was infinite: every later call of the client id waited for ever.
    const next = await Promise.race([get(reddit).then(() => 'sent'), sleep(5000).then(() => 'still waiting')]);
    expect(next).toBe('sent');
    expect(requestsTo(emu, LIST)).toHaveLength(2);
  });

  it('X-Ratelimit-Reset: 1e308 with 2 left: the spacing is finite, and over maxWait the call defers with retryAfter of at most 600 s', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { maxWait: 1000 });
    await reddit.auth();
    emu.fault({ path: LIST, status: 200, body: JSON.stringify({ kind: 'Listing', data: { children: [], after: null, before: null } }), headers: rate(2, '1e308') });
    await get(reddit);
    // The 2 left are spread over the 600 s read: a wait of about 300 s, more than maxWait.
    const error = (await get(reddit).catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.reason).toBe('budget');
    expect(error.retryAfter).toBeGreaterThan(1000);
    expect(error.retryAfter).toBeLessThanOrEqual(600_000);
    expect(requestsTo(emu, LIST)).toHaveLength(1);
  });
});

describe('RATELIMIT answers', () => {
  const answer = (message: string, extra: Record<string, unknown> = {}) => JSON.stringify({ json: { errors: [['RATELIMIT', message, 'ratelimit']], ...extra } });
  const comment = (reddit: ReturnType<typeof client>, text: string, options: Record<string, unknown> = {}) => reddit('/api/comment').post({ thing_id: 't3_abc', text }, options);

  it('json.ratelimit: 1e308 asks for 600 s at most: the call rejects with retryAfter 600000, the action is deferred, not blocked for the life of the process', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.fault({ path: '/api/comment', status: 200, body: answer('you are doing that too much.', { ratelimit: 1e308 }) });
    const error = (await comment(reddit, 'one').catch((e: unknown) => e)) as ResponseError;
    expect(error).toMatchObject({ name: 'ResponseError', code: 'RATELIMIT', retryAfter: 600_000 });
    const deferred = (await comment(reddit, 'two', { maxWait: 1000 }).catch((e: unknown) => e)) as RateLimitError;
    expect(deferred).toMatchObject({ name: 'RateLimitError', reason: 'ratelimit', attempts: 0 });
    expect(deferred.retryAfter).toBeLessThanOrEqual(600_000);
    expect(deferred.retryAfter).toBeGreaterThan(590_000);
  });

  it('a message of 60,000 digits is read at once (it froze the event loop for 10-15 s)', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.fault({ path: '/api/comment', status: 200, body: answer(`try again in ${'9'.repeat(60_000)} minutes`) });
    // The longest the event loop stood still while the answer was read.
    let last = Date.now();
    let longest = 0;
    const ticker = setInterval(() => {
      longest = Math.max(longest, Date.now() - last);
      last = Date.now();
    }, 10);
    try {
      const error = (await comment(reddit, 'one').catch((e: unknown) => e)) as ResponseError;
      expect(error).toMatchObject({ name: 'ResponseError', code: 'RATELIMIT' });
      // No number within the 500 characters read: no wait of unknown length is taken or named.
      expect(error.retryAfter).toBeUndefined();
    } finally {
      clearInterval(ticker);
    }
    expect(longest).toBeLessThan(1000);
  });
});
