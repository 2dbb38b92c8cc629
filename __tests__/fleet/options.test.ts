// fleet() and f.stream() check what they are given before touching Redis.
import { describe, expect, it } from '@jest/globals';
import { ArgumentError, ConfigError } from '../../lib/index.js';
import { fleet, type Streamable } from '../../lib/fleet.js';

const redis = { host: '127.0.0.1', port: 1 };

describe('fleet() options', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['no redis', { name: 'bot' }, 'redis'],
    ['no name', { redis }, 'name'],
    ['a name that would break the hash tag', { redis, name: 'a}b' }, 'name'],
    ['a Redis that is not a class', { redis, name: 'bot', Redis: 'ioredis' }, 'Redis'],
    ['a worker name with spaces', { redis, name: 'bot', worker: 'my worker' }, 'worker'],
    ['leaseMs not whole', { redis, name: 'bot', leaseMs: 1.5 }, 'leaseMs'],
    ['claimAfterMs too short', { redis, name: 'bot', claimAfterMs: 5 }, 'claimAfterMs'],
    ['cursorSaveMs negative', { redis, name: 'bot', cursorSaveMs: -1 }, 'cursorSaveMs'],
  ])('%s: a ConfigError naming the option', (_name, options, option) => {
    let error: unknown;
    try {
      fleet(options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).option).toBe(option);
  });

  it('a worker name is made when none is given: the host and a random suffix, different per fleet', () => {
    const a = fleet({ redis, name: 'bot' });
    const b = fleet({ redis, name: 'bot' });
    expect(a.worker).toMatch(/^[\w.:-]+-[0-9a-f]{8}$/);
    expect(a.worker).not.toBe(b.worker);
    expect(fleet({ redis, name: 'bot', worker: 'pod-3' }).worker).toBe('pod-3');
  });
});

describe('f.stream()', () => {
  const call = { path: '/r/$subreddit/comments', stream: (() => (async function* () {})()) as unknown as Streamable['stream'] };

  it.each(['cursor', 'cursorStore'])('refuses the %s option (the cursor lives in Redis), before connecting', async (option) => {
    const f = fleet({ redis, name: 'bot' });
    await expect(f.stream(call, { $subreddit: 'aww' }, { [option]: { get() {}, set() {} } } as never).next()).rejects.toThrow(new RegExp(`${option} option is the fleet's own`));
  });

  it('refuses what is not a call object', async () => {
    const f = fleet({ redis, name: 'bot' });
    await expect(f.stream({} as Streamable, {}).next()).rejects.toBeInstanceOf(ArgumentError);
  });

  it('names the stream by path and arguments: the same id on every worker', () => {
    const a = fleet({ redis, name: 'bot' }).stream(call, { $subreddit: 'aww' });
    const b = fleet({ redis, name: 'bot' }).stream(call, { $subreddit: 'aww' });
    expect(a.id).toMatch(/^[0-9a-f]{16}$/);
    expect(a.id).toBe(b.id);
  });

  it('a closed fleet yields nothing', async () => {
    const f = fleet({ redis, name: 'bot' });
    await f.close();
    expect(await f.stream(call, { $subreddit: 'aww' }).next()).toEqual({ done: true, value: undefined });
  });
});
