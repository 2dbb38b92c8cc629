/** Finding a media post among the account's submissions: which listed post is it, where the site is, when to look. */
import { describe, expect, it } from '@jest/globals';
import { CLOCK_SKEW_S, findPost, lookTimes, MAX_LOOKS, silenceFor, submittedBy } from '../../../lib/media/result/find.js';
import { postUrl } from '../../../lib/media/urls.js';

const SITE = 'https://www.reddit.com';
const SINCE = 1_800_000_000_000;
const NOW = SINCE / 1000;
const wanted = { sr: 'pics', title: 'A cat', since: SINCE, files: ['https://bucket.example/rte_images/a'] };

const post = (id: string, data: Record<string, unknown> = {}) => ({
  kind: 't3',
  data: { id, name: `t3_${id}`, subreddit: 'pics', title: 'A cat', created_utc: NOW + 2, permalink: `/r/pics/comments/${id}/a_cat/`, url: `https://i.example/${id}.png`, ...data },
});
const listing = (...children: unknown[]) => ({ kind: 'Listing', data: { children } });

describe('findPost', () => {
  it.each<[string, unknown, string | undefined]>([
    ['the newest post of that subreddit and title', listing(post('new1'), post('old1', { created_utc: NOW - 1 })), 'new1'],
    ['the subreddit compared without case', listing(post('a1', { subreddit: 'Pics' })), 'a1'],
    ['a title compared without surrounding spaces', listing(post('a1', { title: ' A cat ' })), 'a1'],
    ['created a little before the submit by this clock (skew)', listing(post('a1', { created_utc: NOW - CLOCK_SKEW_S + 1 })), 'a1'],
    ['one listed with an uploaded file wins over a newer one', listing(post('newer'), post('mine', { url: 'https://bucket.example/rte_images/a' })), 'mine'],
    ['another title', listing(post('a1', { title: 'A dog' })), undefined],
    ['another subreddit', listing(post('a1', { subreddit: 'aww' })), undefined],
    ['older than the submit by more than the skew (an earlier post of the same title)', listing(post('a1', { created_utc: NOW - CLOCK_SKEW_S - 1 })), undefined],
    ['a comment', listing({ kind: 't1', data: { ...post('a1').data } }), undefined],
    ['a permalink that makes a javascript: URL', listing(post('a1', { permalink: 'javascript:alert(1)' })), undefined],
    ['a permalink to plain http elsewhere', listing(post('a1', { permalink: 'http://evil.example/r/pics/' })), undefined],
    ['no children', { data: {} }, undefined],
    ['not a listing', '<html>', undefined],
    ['null', null, undefined],
  ])('%s', (_, given, id) => {
    expect(findPost(given, wanted, SITE)?.id).toBe(id);
  });

  it('resolves the permalink on the site: url, id and fullname', () => {
    expect(findPost(listing(post('abc123')), wanted, SITE)).toEqual({ url: 'https://www.reddit.com/r/pics/comments/abc123/a_cat/', id: 'abc123', name: 't3_abc123' });
    expect(findPost(listing(post('abc123')), wanted, 'http://127.0.0.1:4000')?.url).toBe('http://127.0.0.1:4000/r/pics/comments/abc123/a_cat/');
  });
});

describe('the account and the site, from the submit answer', () => {
  const answer = (page: unknown) => ({ json: { errors: [], data: { user_submitted_page: page, websocket_url: 'wss://x' } } });
  it.each<[unknown, string | undefined, string]>([
    [answer('https://www.reddit.com/user/some_bot/submitted/'), 'some_bot', 'https://www.reddit.com'],
    [answer('http://127.0.0.1:4000/user/demo_user/submitted/'), 'demo_user', 'http://127.0.0.1:4000'],
    [answer('https://www.reddit.com/user/caf%C3%A9/submitted'), 'café', 'https://www.reddit.com'],
    // A page the client would not hand out tells nothing; the site is then the platform's for its API.
    [answer('javascript:alert(1)//user/x/submitted/'), undefined, 'https://www.reddit.com'],
    [answer('http://evil.example/user/x/submitted/'), undefined, 'https://www.reddit.com'],
    [answer('https://www.reddit.com/r/pics/'), undefined, 'https://www.reddit.com'],
    [{ json: { errors: [] } }, undefined, 'https://www.reddit.com'],
    [null, undefined, 'https://www.reddit.com'],
    [answer('https://www.reddit.com/user/%E0%A4%A/submitted/'), undefined, 'https://www.reddit.com'],
  ])('%j -> %s on %s', (given, account, site) => {
    expect(submittedBy(given, 'https://oauth.reddit.com')).toEqual({ account, site });
  });

  it("without a page, another API origin is the site (an emulator's)", () => {
    expect(submittedBy(null, 'http://127.0.0.1:4000')).toEqual({ site: 'http://127.0.0.1:4000' });
  });
});

describe('when to look', () => {
  it.each<[number, number[]]>([
    [60_000, [500, 1500, 3500, 6500, 11_500, 19_500, 32_500, 47_500]],
    [300_000, [500, 1500, 3500, 6500, 11_500, 19_500, 32_500, 47_500, 62_500, 77_500]],
    [4000, [500, 1500, 3500]],
    [500, []],
    [150, []],
  ])('within %i ms: %j', (wait, times) => {
    expect(lookTimes(wait)).toEqual(times);
  });

  it(`never more than ${MAX_LOOKS} looks, however long the wait`, () => {
    expect(lookTimes(2 ** 31 - 1)).toHaveLength(MAX_LOOKS);
  });

  it('silent sockets: 10 s, less for short waits', () => {
    expect([silenceFor(60_000), silenceFor(300_000), silenceFor(2000), silenceFor(150)]).toEqual([10_000, 10_000, 500, 37]);
  });
});

describe('post URLs handed to the application', () => {
  it.each<[unknown, string | undefined]>([
    ['https://www.reddit.com/r/pics/comments/a/b/', 'https://www.reddit.com/r/pics/comments/a/b/'],
    ['http://127.0.0.1:4000/r/pics/comments/a/b/', 'http://127.0.0.1:4000/r/pics/comments/a/b/'],
    ['http://[::1]:4000/r/x/', 'http://[::1]:4000/r/x/'],
    ['javascript:alert(document.cookie)', undefined],
    ['JavaScript:alert(1)', undefined],
    ['data:text/html,<script>1</script>', undefined],
    ['http://www.reddit.com/r/pics/', undefined],
    ['/r/pics/comments/a/', undefined],
    [42, undefined],
  ])('%j -> %s', (url, expected) => {
    expect(postUrl(url)).toBe(expected);
  });
});
