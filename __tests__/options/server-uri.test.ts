import { describe, it, expect } from '@jest/globals';
import { isLoopbackOrigin, normalizeServerUri } from '../../lib/options/server-uri.js';
import { ConfigError } from '../../lib/errors/classes.js';

function configError(value: string, option = 'apiServerUri'): ConfigError {
  try {
    normalizeServerUri(option, value);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${value} to be refused`);
}

describe('normalizeServerUri: a bare host means https', () => {
  it.each([
    ['oauth.reddit.com', 'https://oauth.reddit.com'],
    ['www.reddit.com', 'https://www.reddit.com'],
    ['example.test:8443', 'https://example.test:8443'],
    ['localhost:8080', 'https://localhost:8080'],
    ['127.0.0.1:9000', 'https://127.0.0.1:9000'],
    ['oauth.reddit.com:443', 'https://oauth.reddit.com'],
    ['OAuth.Reddit.com', 'https://oauth.reddit.com'],
  ])('%s → %s', (given, origin) => {
    expect(normalizeServerUri('apiServerUri', given)).toBe(origin);
  });
});

describe('normalizeServerUri: a full origin is used as given', () => {
  it.each([
    ['https://oauth.reddit.com', 'https://oauth.reddit.com'],
    ['https://host.test:8443', 'https://host.test:8443'],
    ['https://host.test/', 'https://host.test'],
    ['https://host.test/some/path?q=1', 'https://host.test'],
  ])('%s → %s', (given, origin) => {
    expect(normalizeServerUri('apiServerUri', given)).toBe(origin);
  });
});

describe('normalizeServerUri: plain http only for loopback hosts', () => {
  it.each([
    'http://localhost',
    'http://localhost:8080',
    'http://LOCALHOST:8080',
    'http://127.0.0.1:8080',
    'http://127.1.2.3',
    'http://127.255.255.255:1',
    'http://[::1]:8080',
    'http://[::1]',
  ])('accepts %s', (given) => {
    expect(normalizeServerUri('apiServerUri', given)).toBe(new URL(given).origin);
  });

  it.each([
    'http://example.com',
    'http://oauth.reddit.com',
    'http://192.168.1.10:8080',
    'http://10.0.0.1',
    'http://128.0.0.1',
    'http://localhost.evil.test',
    'http://127.0.0.1.evil.test',
    'http://evil-localhost',
    'http://[::2]',
    'http://[::ffff:10.0.0.1]',
  ])('refuses %s with ConfigError naming the option', (given) => {
    const e = configError(given, 'authServerUri');
    expect(e.option).toBe('authServerUri');
    expect(e.message).toContain('authServerUri');
    expect(e.message).toMatch(/https/);
  });
});

describe('normalizeServerUri: other values are refused', () => {
  it.each(['ftp://host.test', 'ws://localhost:8080', 'file:///etc/passwd'])('refuses the scheme of %s', (given) => {
    expect(configError(given).option).toBe('apiServerUri');
  });

  it.each(['not a host', 'host:notaport', 'https://'])('refuses the malformed value %j', (given) => {
    expect(configError(given).option).toBe('apiServerUri');
  });
});

describe('isLoopbackOrigin', () => {
  it('is true for localhost, 127.x.x.x and [::1]', () => {
    expect(isLoopbackOrigin('http://localhost:8080')).toBe(true);
    expect(isLoopbackOrigin('https://127.0.0.5')).toBe(true);
    expect(isLoopbackOrigin('http://[::1]:3000')).toBe(true);
  });
  it('is false for other hosts', () => {
    expect(isLoopbackOrigin('https://oauth.reddit.com')).toBe(false);
    expect(isLoopbackOrigin('http://localhost.evil.test')).toBe(false);
  });
});
