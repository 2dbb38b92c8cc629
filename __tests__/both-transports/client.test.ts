import { describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import Snoopath, { Snoopath as Named, ConfigError } from '../../lib/index.js';
import { API, client, SECRETS, tokenOk, mockNetwork, expectUnused } from './helpers.js';

mockNetwork();

describe('the instance is callable and safe', () => {
  it('is a function, an instanceof Snoopath, and the default and named exports are one class', () => {
    const reddit = client();
    expect(typeof reddit).toBe('function');
    expect(reddit).toBeInstanceOf(Snoopath);
    expect(Named).toBe(Snoopath);
    expect(Snoopath.version).toBe('3.0.0');
  });

  it('is not a thenable: awaiting it yields the instance and sends nothing', async () => {
    const reddit = client();
    expect((reddit as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(reddit)).toBe(reddit);
  });

  it('never turns symbols, toString or toJSON into paths, and shows no secret', () => {
    const reddit = client();
    expect((reddit as any)[Symbol.iterator]).toBeUndefined();
    expect((reddit as any)[Symbol.asyncIterator]).toBeUndefined();
    expect((reddit as any).someUnknownProperty).toBeUndefined();
    for (const text of [String(reddit), `${reddit}`, JSON.stringify(reddit), inspect(reddit, { showHidden: true, depth: 5 })]) {
      expect(text).not.toContain(SECRETS.secret);
      expect(text).not.toContain(SECRETS.password);
    }
    expect(JSON.parse(JSON.stringify(reddit))).toEqual({ type: 'script', key: 'client-id', userAgent: 'node:test:1.0 (by /u/tester)', apiServerUri: API });
  });

  it('throws ConfigError synchronously for bad options, naming the option', () => {
    expect(() => new Snoopath({ userAgent: '', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } })).toThrow(ConfigError);
    let caught: unknown;
    try {
      new Snoopath({ userAgent: 'ua', throttle: -1, oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).option).toBe('throttle');
  });

  it('does not mutate the options object', () => {
    const options = Object.freeze({ userAgent: 'ua', oauth: Object.freeze({ type: 'script' as const, key: 'k', secret: 's', username: 'u', password: 'p' }) });
    expect(() => new Snoopath(options)).not.toThrow();
  });

  it('reddit(path) returns a call object with every verb and listing', () => {
    const call = client()('/api/v1/me');
    for (const verb of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'listing'] as const) expect(typeof call[verb]).toBe('function');
  });

  it('rejects (never throws) a call with a missing $param, and sends nothing', async () => {
    const reddit = client();
    const scope = tokenOk();
    let promise: Promise<unknown> | undefined;
    expect(() => (promise = reddit('/r/$subreddit/hot').get())).not.toThrow();
    await expect(promise).rejects.toMatchObject({ name: 'ArgumentError', message: expect.stringContaining('missing required url parameter $subreddit') });
    expectUnused(scope);
  });
});
