import { describe, expect, it } from '@jest/globals';
import { missingSubreddit, subredditOf } from '../../lib/transport/failures/missing.js';
import { unavailableSubreddit } from '../../lib/transport/failures/unavailable.js';

describe('subredditOf: the name in a path under /r/{name}', () => {
  it.each([
    ['https://oauth.reddit.com/r/aww/hot?limit=5', 'aww'],
    ['https://oauth.reddit.com/r/aww', 'aww'],
    ['https://www.reddit.com/r/AskReddit/new.json', 'AskReddit'],
    ['https://oauth.reddit.com/r/aww+pics/new', 'aww+pics'],
    ['https://oauth.reddit.com/r/caf%C3%A9/about', 'café'],
    ['https://oauth.reddit.com/user/r/about', undefined],
    ['https://oauth.reddit.com/api/v1/me', undefined],
    ['https://oauth.reddit.com/rr/aww', undefined],
  ])('%s -> %s', (url, name) => {
    expect(subredditOf(url)).toBe(name);
  });
});

describe('missingSubreddit: a subreddit path redirected to the search page', () => {
  const api = 'https://oauth.reddit.com';
  it.each([
    [`${api}/r/awww/hot`, `${api}/subreddits/search?q=awww`, 'awww'],
    [`https://www.reddit.com/r/awww/hot.json`, 'https://www.reddit.com/subreddits/search.json?q=awww', 'awww'],
    [`${api}/r/awww/about`, `${api}/subreddits/search/?q=awww`, 'awww'],
  ])('%s to %s names %s', (from, to, name) => {
    expect(missingSubreddit(from, new URL(to))).toBe(name);
  });

  it.each([
    [`${api}/api/v1/me`, `${api}/subreddits/search?q=x`],
    [`${api}/r/aww/hot`, `${api}/r/aww/hot/`],
    [`${api}/r/aww/hot`, `${api}/subreddits/searchx`],
    [`${api}/r/aww/hot`, `${api}/login`],
  ])('not %s to %s', (from, to) => {
    expect(missingSubreddit(from, new URL(to))).toBeUndefined();
  });
});

describe('unavailableSubreddit: what a 403 or 404 to a subreddit path says', () => {
  const url = 'https://oauth.reddit.com/r/closed/new';
  it.each([
    [403, { reason: 'private', message: 'Forbidden', error: 403 }, 'SUBREDDIT_PRIVATE'],
    [404, { reason: 'banned', message: 'Not Found', error: 404 }, 'SUBREDDIT_BANNED'],
    [403, { reason: 'banned' }, 'SUBREDDIT_BANNED'],
    [403, { reason: 'quarantined', quarantine_message: '...' }, 'SUBREDDIT_QUARANTINED'],
    [403, { reason: 'gated' }, 'SUBREDDIT_GATED'],
  ])('%i %j -> %s, naming the subreddit', (status, body, code) => {
    expect(unavailableSubreddit(url, status, body)).toMatchObject({ name: 'closed', code });
  });

  it.each([
    [url, 403, { message: 'Forbidden', error: 403 }],
    [url, 404, ''],
    [url, 500, { reason: 'private' }],
    [url, 403, { reason: 'something new' }],
    ['https://oauth.reddit.com/api/v1/me', 403, { reason: 'private' }],
  ])('nothing for %s answered %i %j', (where, status, body) => {
    expect(unavailableSubreddit(where, status, body)).toBeUndefined();
  });
});
