// Stream identity and key names (lib/fleet/rules/keys.ts).
import { describe, expect, it } from '@jest/globals';
import { canonical, registryKey, streamId, streamKeys } from '../../lib/fleet/rules/keys.js';

describe('streamId', () => {
  it('the same path and arguments name the same stream on every worker, whatever the key order', () => {
    expect(streamId('/r/$subreddit/comments', { $subreddit: 'aww', sort: 'new' })).toBe(streamId('/r/$subreddit/comments', { sort: 'new', $subreddit: 'aww' }));
    expect(streamId('/r/$subreddit/comments', { $subreddit: 'aww' })).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ['another subreddit', '/r/$subreddit/comments', { $subreddit: 'pics' }],
    ['another listing', '/r/$subreddit/new', { $subreddit: 'aww' }],
    ['a list in another order (the listing polled differs)', '/r/$subreddit/comments', { $subreddit: ['b', 'aww'] }],
  ])('%s is another stream', (_name, path, args) => {
    expect(streamId(path, args)).not.toBe(streamId('/r/$subreddit/comments', { $subreddit: 'aww' }));
  });

  it('undefined arguments are left out, as a request leaves them out', () => {
    expect(canonical({ a: 1, b: undefined })).toBe(canonical({ a: 1 }));
    expect(canonical({ b: [1, { d: 2, c: 3 }], a: 'x' })).toBe('{"a":"x","b":[1,{"c":3,"d":2}]}');
  });
});

describe('streamKeys', () => {
  it('one hash tag for a stream\'s keys (its scripts run on a Redis Cluster too)', () => {
    const keys = streamKeys('modbot', 'abc');
    const tags = Object.values(keys).map((k) => /\{([^}]*)\}/.exec(k)![1]);
    expect(new Set(tags)).toEqual(new Set(['modbot:abc']));
    expect(keys.items).toBe('snoopath:fleet:{modbot:abc}:items');
    expect(registryKey('modbot')).toBe('snoopath:fleet:modbot:streams');
  });
});
