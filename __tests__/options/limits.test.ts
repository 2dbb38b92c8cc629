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
