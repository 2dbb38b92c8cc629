// Subreddit lists as requests (lib/request/subreddits.ts): the platform's name rules, and chunks.
import { describe, expect, it } from '@jest/globals';
import { ArgumentError } from '../../lib/errors/classes.js';
import { isSubredditName, subredditChunks, SUBREDDITS_PER_REQUEST } from '../../lib/request/subreddits.js';

const names = (n: number, prefix = 'sub') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

describe('isSubredditName', () => {
  it.each([
    ['aww', true],
    ['AskReddit', true],
    ['a_b', true],
    ['abc', true],
    ['x'.repeat(21), true],
    ['x'.repeat(22), false],
    ['ab', true], // the two-letter language subreddits (r/de, r/fr)
    ['a1', false],
    ['a', false],
    ['_aww', false],
    ['9gag', true],
    ['aw-w', false],
    ['aw w', false],
    ['aww/new', false],
    ['all', true],
    ['popular', true],
    ['mod', true],
    ['u_spez', true],
    ['u_some-user_1', true],
    ['u_a-', false],
    ['', false],
    ['..', false],
    ['%2e', false],
  ])('%j: %s', (name, ok) => {
    expect(isSubredditName(name)).toBe(ok);
  });
});

describe('subredditChunks(names)', () => {
  it.each([
    ['one name', ['aww'], ['aww']],
    ['a few, joined in the order given', ['aww', 'pics', 'cats'], ['aww+pics+cats']],
    ['a name that is already a list', ['aww+pics', 'cats'], ['aww+pics+cats']],
    ['each name once, without case, the first spelling kept', ['Aww', 'pics', 'aww', 'PICS'], ['Aww+pics']],
    ['virtual names and profiles', ['mod', 'u_spez'], ['mod+u_spez']],
  ])('%s', (_, given, chunks) => {
    expect(subredditChunks(given)).toEqual(chunks);
  });

  it.each([
    [1, 1],
    [SUBREDDITS_PER_REQUEST, 1],
    [SUBREDDITS_PER_REQUEST + 1, 2],
    [250, 3],
    [1000, 10],
  ])('%i names: %i requests, as few as the limit allows, every name once', (n, requests) => {
    const list = names(n);
    const chunks = subredditChunks(list);
    expect(chunks).toHaveLength(requests);
    expect(chunks.flatMap((c) => c.split('+'))).toEqual(list);
    expect(chunks.every((c) => c.split('+').length <= SUBREDDITS_PER_REQUEST)).toBe(true);
  });

  it('the longest chunk keeps the URL well under 8 KB', () => {
    const longest = subredditChunks(names(SUBREDDITS_PER_REQUEST, 'x'.repeat(18)))[0]!;
    expect(longest.length).toBe(SUBREDDITS_PER_REQUEST * 22 - 1);
    expect(`https://oauth.reddit.com/r/${longest}/comments.json?limit=100&raw_json=1`.length).toBeLessThan(2500);
  });

  it.each([
    [['aww', 'aw w'], /"aw w" is not a subreddit name/],
    [['aww', '_x'], /"_x" is not a subreddit name/],
    [['aww+'], /"" is not a subreddit name/],
    [['aww', 'x'.repeat(22)], /"xxxxxxxxxxxxxxxxxxxxxx" is not a subreddit name/],
    [['aww', 7 as unknown as string], /7 is not a name/],
    [[], /no subreddit given/],
  ])('%j is refused, naming the bad name', (given, message) => {
    expect(() => subredditChunks(given)).toThrow(ArgumentError);
    expect(() => subredditChunks(given)).toThrow(message);
  });
});
