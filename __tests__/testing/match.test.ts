/** When a replayed request is the recorded one, and what is said when none is. */
import { describe, expect, it } from '@jest/globals';
import { ALWAYS_IGNORED, closest, difference, keyOf, sameKey } from '../../lib/testing/match.js';
import type { RecordedRequest } from '../../lib/testing/types.js';

const ignore = new Set(ALWAYS_IGNORED);
const key = (r: Partial<RecordedRequest> & { url: string }) => keyOf({ method: 'GET', ...r }, ignore);
const same = (a: Partial<RecordedRequest> & { url: string }, b: Partial<RecordedRequest> & { url: string }) => sameKey(key(a), key(b));

describe('a match', () => {
  it.each([
    ['query order', { url: 'https://x.test/r/aww/hot?a=1&b=2' }, { url: 'https://x.test/r/aww/hot?b=2&a=1' }, true],
    ['raw_json and api_type added by the client', { url: 'https://x.test/r/aww/hot?a=1' }, { url: 'https://x.test/r/aww/hot?raw_json=1&a=1&api_type=json' }, true],
    ['another host (apiServerUri)', { url: 'https://oauth.reddit.com/api/v1/me' }, { url: 'http://127.0.0.1:8080/api/v1/me' }, true],
    ['another value', { url: 'https://x.test/r/aww/hot?limit=5' }, { url: 'https://x.test/r/aww/hot?limit=6' }, false],
    ['another path', { url: 'https://x.test/r/aww/hot' }, { url: 'https://x.test/r/aww/new' }, false],
    ['another method', { url: 'https://x.test/api/vote', method: 'POST' }, { url: 'https://x.test/api/vote' }, false],
    ['form field order, api_type in the body', { url: 'https://x.test/api/vote', method: 'POST', form: { id: 't3_a', dir: '1' } }, { url: 'https://x.test/api/vote', method: 'POST', form: { dir: '1', api_type: 'json', id: 't3_a' } }, true],
    ['another form value', { url: 'https://x.test/api/vote', method: 'POST', form: { id: 't3_a', dir: '1' } }, { url: 'https://x.test/api/vote', method: 'POST', form: { id: 't3_a', dir: '-1' } }, false],
    ['JSON key order', { url: 'https://x.test/api/x', method: 'PATCH', json: { a: 1, b: { c: 2, d: 3 } } }, { url: 'https://x.test/api/x', method: 'PATCH', json: { b: { d: 3, c: 2 }, a: 1, api_type: 'json' } }, true],
    ['labels are all alike', { url: 'https://x.test/api/x?t=REDACTED_ACCESS_TOKEN' }, { url: 'https://x.test/api/x?t=REDACTED_ACCESS_TOKEN_3' }, true],
    ['token requests: the grant alone', { url: 'https://w.test/api/v1/access_token', method: 'POST', form: { grant_type: 'password', username: 'real', scope: '*' } }, { url: 'https://w.test/api/v1/access_token', method: 'POST', form: { grant_type: 'password', username: 'dummy', scope: 'read' } }, true],
    ['token requests: another grant', { url: 'https://w.test/api/v1/access_token', method: 'POST', form: { grant_type: 'password' } }, { url: 'https://w.test/api/v1/access_token', method: 'POST', form: { grant_type: 'refresh_token' } }, false],
    ['uploads match on their target only', { url: 'https://s.test/', method: 'POST', bytes: { size: 1, sha256: 'a' } }, { url: 'https://s.test/', method: 'POST', bytes: { size: 2, sha256: 'b' } }, true],
  ])('%s: %s', (_, a, b, expected) => {
    expect(same(a, b)).toBe(expected);
  });

  it('more ignored parameters when asked', () => {
    expect(sameKey(keyOf({ method: 'GET', url: 'https://x.test/a?count=25&b=1' }, new Set(['count'])), keyOf({ method: 'GET', url: 'https://x.test/a?b=1' }, new Set(['count'])))).toBe(true);
  });
});

describe('the closest recorded request and what differs', () => {
  const recorded = [
    key({ url: 'https://x.test/api/v1/me' }),
    key({ url: 'https://x.test/r/aww/hot?limit=5' }),
    key({ url: 'https://x.test/r/aww/new?limit=10' }),
    key({ url: 'https://x.test/api/vote', method: 'POST', form: { id: 't3_a', dir: '1' } }),
  ];
  it.each([
    ['https://x.test/r/aww/hot?limit=10', 'GET', 1, 'query (recorded limit=5, sent limit=10)'],
    ['https://x.test/r/aww/new?limit=5', 'GET', 2, 'query (recorded limit=10, sent limit=5)'],
    ['https://x.test/api/vote', 'GET', 3, 'method (recorded POST); body (recorded dir=1&id=t3_a)'],
    ['https://x.test/api/v1/mee', 'GET', 0, 'path (recorded /api/v1/me)'],
  ])('%s %s: closest #%s, differs in %s', (url, method, index, words) => {
    const sent = key({ url, method });
    expect(closest(sent, recorded)).toBe(index);
    expect(difference(recorded[index]!, sent)).toBe(words);
  });

  it('none when nothing was recorded', () => {
    expect(closest(key({ url: 'https://x.test/' }), [])).toBe(-1);
  });
});
