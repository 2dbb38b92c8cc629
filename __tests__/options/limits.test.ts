import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../../lib/errors/classes.js';
import { resolveOptions } from '../../lib/options/schema.js';

const base = { userAgent: 'node:snoopath-tests:1.0.0 (by /u/tester)', oauth: { type: 'script' as const, key: 'k', secret: 's-value', username: 'bot', password: 'pw-value' } };

function configError(extra: Record<string, unknown>): ConfigError {
  try {
    resolveOptions({ ...base, ...extra });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('limiter and ratelimitWait options', () => {
  it('default to one budget per app and a RATELIMIT wait of up to 5 s', () => {
    expect(resolveOptions(base)).toMatchObject({ limiter: 'app', ratelimitWait: 5000 });
  });

  it('accept "app", "instance", a shared limiter, and any whole ms from 0', () => {
    const shared = { attach: () => ({ schedule: () => Promise.reject(new Error('unused')), update: () => undefined }) };
    expect(resolveOptions({ ...base, limiter: 'instance' }).limiter).toBe('instance');
    expect(resolveOptions({ ...base, limiter: 'app' }).limiter).toBe('app');
    expect(resolveOptions({ ...base, limiter: shared }).limiter).toBe(shared);
    expect(resolveOptions({ ...base, ratelimitWait: 0 }).ratelimitWait).toBe(0);
    expect(resolveOptions({ ...base, ratelimitWait: 600_000 }).ratelimitWait).toBe(600_000);
  });

  it.each([
    ['a misspelt mode', 'apps'],
    ['a number', 1],
    ['true', true],
    ['null', null],
    ['an object without attach()', { schedule() {} }],
    ['a function', () => undefined],
  ])('limiter: %s is a ConfigError naming the option and the choices', (_label, limiter) => {
    const error = configError({ limiter });
    expect(error.option).toBe('limiter');
    expect(error.message).toMatch(/"app".*"instance".*sharedLimit/);
  });

  it.each([
    ['negative', -1],
    ['fractional', 1.5],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['a string', '5000'],
    ['above 2^31 - 1 (a timer would fire at once)', 2 ** 31],
  ])('ratelimitWait: %s is a ConfigError naming the option', (_label, ratelimitWait) => {
    const error = configError({ ratelimitWait });
    expect(error.option).toBe('ratelimitWait');
    expect(error.message).toMatch(/^Option ratelimitWait must be/);
  });
});

describe('maxWait, reserve and the call options priority and maxWait (issue 23)', () => {
  it('maxWait is left out by default (calls wait as long as it takes); reserve defaults in the limiter (10 %)', () => {
    const options = resolveOptions(base);
    expect(options.maxWait).toBeUndefined();
    expect(options.reserve).toBeUndefined();
    expect(resolveOptions({ ...base, maxWait: 0, reserve: 0.25 })).toMatchObject({ maxWait: 0, reserve: 0.25 });
  });

  it.each([
    ['maxWait', -1],
    ['maxWait', 2.5],
    ['maxWait', 2 ** 31],
    ['maxWait', '1000'],
    ['reserve', -0.1],
    ['reserve', 0.95],
    ['reserve', '10%'],
    ['reserve', NaN],
  ])('%s: %p is a ConfigError naming the option', (option, value) => {
    const error = configError({ [option]: value });
    expect(error.option).toBe(option);
    expect(error.message).toMatch(new RegExp(`^Option ${option} must be`));
  });

  it('a call takes priority and maxWait, and refuses what they cannot be', async () => {
    const { checkCallOptions } = await import('../../lib/options/call-options.js');
    expect(checkCallOptions({ priority: 'high', maxWait: 2000 })).toEqual({ priority: 'high', maxWait: 2000 });
    expect(() => checkCallOptions({ priority: 'urgent' })).toThrow(/priority must be "high", "normal" or "low"/);
    expect(() => checkCallOptions({ maxWait: -5 })).toThrow(/maxWait must be a whole number of milliseconds/);
    expect(() => checkCallOptions({ maxwait: 5 })).toThrow(/maxWait/);
  });
});
