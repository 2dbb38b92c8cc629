/**
 * A subreddit that cannot be read is an error that names it (issue 22, item 7): the platform sends
 * an unknown name to its search page (302), which snoopath does not follow (the search's empty
 * listing passed for the subreddit's), and answers a private, banned or quarantined one with its
 * state as `reason`. The emulator answers each as the platform does.
 */
import { describe, expect, it } from '@jest/globals';
import { ResponseError } from '../../../lib/index.js';
import { client, failure, requestsTo, start } from '../setup.js';

describe('an unknown subreddit', () => {
  it('a misspelt name rejects with SUBREDDIT_NOT_FOUND naming it; the search is never requested', async () => {
    const emu = await start();
    const reddit = client(emu);
    const reported: ResponseError[] = [];
    reddit.on('response_error', (e) => reported.push(e));
    const error = await failure(reddit('/r/$subreddit/hot').listing({ $subreddit: 'awww' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ code: 'SUBREDDIT_NOT_FOUND', status: 302, method: 'GET', attempts: 1 });
    expect(error.message).toMatch(/r\/awww does not exist/);
    expect(requestsTo(emu, '/r/awww/hot')).toHaveLength(1);
    expect(requestsTo(emu, '/subreddits/search')).toHaveLength(0);
    expect(reported.map((e) => e.code)).toEqual(['SUBREDDIT_NOT_FOUND']);
  });

  it('the same for get() and for /about, and for a custom fetch that follows the redirect itself', async () => {
    const emu = await start();
    await expect(client(emu)('/r/$subreddit/about').get({ $subreddit: 'nosuchplace' })).rejects.toMatchObject({ code: 'SUBREDDIT_NOT_FOUND', message: expect.stringContaining('r/nosuchplace') });
    const following = client(emu, 'script', { fetch: (input: Request, init?: RequestInit) => globalThis.fetch(input, { ...init, redirect: 'follow' }) });
    await expect(following('/r/$subreddit/new').get({ $subreddit: 'nosuchplace' })).rejects.toMatchObject({ code: 'SUBREDDIT_NOT_FOUND', status: 200 });
  });

  it('a known subreddit still reads, and other same-origin redirects are still followed', async () => {
    const emu = await start();
    const reddit = client(emu);
    const page = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 3 });
    expect(page.allChildren.length).toBeGreaterThan(0);
    emu.fault({ path: '/moved', status: 302, headers: { location: '/api/v1/me' }, body: '' });
    await expect(reddit('/moved').get()).resolves.toMatchObject({ name: 'demo_user' });
  });
});

describe('a subreddit that exists but cannot be read', () => {
  it.each([
    ['privatesub', 403, 'SUBREDDIT_PRIVATE', /is private/],
    ['bannedsub', 404, 'SUBREDDIT_BANNED', /is banned/],
    ['quarantinedsub', 403, 'SUBREDDIT_QUARANTINED', /quarantined: the account must opt in/],
  ])('r/%s: %i with its own code, naming it, not retried', async (name, status, code, says) => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 3 });
    const error = await failure(reddit('/r/$subreddit/new').listing({ $subreddit: name }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ code, status, attempts: 1 });
    expect(error.message).toContain(`r/${name}`);
    expect(error.message).toMatch(says);
    expect(requestsTo(emu, `/r/${name}/new`)).toHaveLength(1);
    // Every path under it answers the same.
    await expect(reddit('/r/$subreddit/about').get({ $subreddit: name })).rejects.toMatchObject({ code, status });
  });
});
