import { describe, expect, it } from '@jest/globals';
import Snoopath, { ConfigError, type SnoopathOptions } from '../../lib/index.js';

const base = { userAgent: 'node:test:1.0 (by /u/tester)', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } } as const;
const make = (extra: Record<string, unknown>) => () => new Snoopath({ ...base, ...extra } as SnoopathOptions);

describe('the proxy option', () => {
  it.each(['http://proxy.example:3128', 'https://user:pass@proxy.example', 'http://127.0.0.1:8080/', 'env'])('accepts %s', (proxy) => {
    expect(make({ proxy })).not.toThrow();
  });

  it.each([
    ['a path', 'http://proxy.example:3128/some/path'],
    ['another scheme', 'socks5://proxy.example:1080'],
    ['a bare host', 'proxy.example:3128'],
    ['a number', 3128],
  ])('refuses %s with a ConfigError naming proxy, without echoing the value (it may hold credentials)', (_what, proxy) => {
    const error = (() => {
      try {
        make({ proxy: typeof proxy === 'string' ? proxy.replace('//', '//agent:s3cret-pass@') : proxy })();
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.option).toBe('proxy');
    expect(error.message).toMatch(/proxy URL/);
    expect(error.message).not.toContain('s3cret-pass');
  });

  it('with a fetch option is a ConfigError: the proxy applies to the built-in transport only', () => {
    expect(make({ proxy: 'env', fetch: globalThis.fetch })).toThrow(expect.objectContaining({ name: 'ConfigError', option: 'proxy' }));
  });
});
