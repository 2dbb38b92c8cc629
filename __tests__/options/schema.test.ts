import { describe, it, expect } from '@jest/globals';
import { resolveOptions } from '../../lib/options/schema.js';
import { ConfigError, SnoopathError } from '../../lib/errors/classes.js';

const UA = 'node:snoopath-tests:1.0.0 (by /u/tester)';
const script = () => ({ type: 'script' as const, key: 'client-id', secret: 'client-secret-value', username: 'bot', password: 'pw-value-123' });
const explicit = () => ({ type: 'explicit' as const, key: 'client-id', secret: 'client-secret-value', redirectUri: 'https://app.example/cb' });
const implicit = () => ({ type: 'implicit' as const, key: 'client-id', redirectUri: 'https://app.example/cb' });

/** Run resolveOptions and return the ConfigError it throws (fails the test when it does not throw one). */
function configError(input: unknown): ConfigError {
  try {
    resolveOptions(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected resolveOptions to throw a ConfigError');
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

describe('resolveOptions: defaults', () => {
  it('fills every documented default for a script app', () => {
    const o = resolveOptions({ userAgent: UA, oauth: script() });
    // Left out, the throttle is the pacer's: 1 s until the budget is known (see pacing tests).
    expect(o.throttle).toBeUndefined();
    expect(o).toMatchObject({
      userAgent: UA,
      useBrowserCookies: false,
      decodeHtmlEntities: false,
      retryAttempts: 60,
      retryDelay: 5000,
      requestTimeout: 20000,
      apiType: 'json',
      apiServerUri: 'https://oauth.reddit.com',
      authServerUri: 'https://www.reddit.com',
      mobile: false,
    });
    expect(o.fetch).toBeUndefined();
    expect(o.tokenStore).toBeUndefined();
  });

  it('defaults scope to "*" for every app type', () => {
    for (const oauth of [script(), explicit(), implicit()]) {
      expect(resolveOptions({ userAgent: UA, oauth }).oauth?.scope).toBe('*');
    }
  });

  it('defaults duration to "temporary" for explicit apps', () => {
    const o = resolveOptions({ userAgent: UA, oauth: explicit() });
    expect(o.oauth).toMatchObject({ type: 'explicit', duration: 'temporary' });
  });

  it('defaults deviceId to DO_NOT_TRACK_THIS_DEVICE for implicit apps', () => {
    const o = resolveOptions({ userAgent: UA, oauth: implicit() });
    expect(o.oauth).toMatchObject({ type: 'implicit', deviceId: 'DO_NOT_TRACK_THIS_DEVICE' });
  });

  it('sends API calls to www.reddit.com in cookie mode', () => {
    const o = resolveOptions({ userAgent: UA, useBrowserCookies: true });
    expect(o.apiServerUri).toBe('https://www.reddit.com');
    expect(o.authServerUri).toBe('https://www.reddit.com');
    expect(o.oauth).toBeUndefined();
  });

  it('keeps given values instead of the defaults', () => {
    const fetch = async () => new Response('');
    const tokenStore = { get: () => undefined, set: () => {} };
    const o = resolveOptions({
      userAgent: UA, oauth: explicit(), throttle: 0, decodeHtmlEntities: true, retryAttempts: 0, retryDelay: 0,
      requestTimeout: 1, apiType: false, mobile: true, fetch, tokenStore,
    });
    expect(o).toMatchObject({ throttle: 0, decodeHtmlEntities: true, retryAttempts: 0, retryDelay: 0, requestTimeout: 1, apiType: false, mobile: true });
    expect(o.fetch).toBe(fetch);
    expect(o.tokenStore).toBe(tokenStore);
  });
});

describe('resolveOptions: scope', () => {
  it('accepts an array of scope names and keeps it in order', () => {
    const o = resolveOptions({ userAgent: UA, oauth: { ...script(), scope: ['identity', 'read', 'vote'] } });
    expect(o.oauth?.scope).toEqual(['identity', 'read', 'vote']);
  });

  it('accepts "*" explicitly', () => {
    expect(resolveOptions({ userAgent: UA, oauth: { ...script(), scope: '*' } }).oauth?.scope).toBe('*');
  });

  it.each([
    ['a space-separated string', 'identity read'],
    ['a number', 5],
    ['an array with an empty name', ['identity', '']],
    ['an array with a non-string', ['identity', 3]],
  ])('rejects %s as oauth.scope-related ConfigError', (_label, scope) => {
    const e = configError({ userAgent: UA, oauth: { ...script(), scope } });
    expect(e.option.startsWith('oauth.scope')).toBe(true);
  });
});

describe('resolveOptions: every bad option throws ConfigError naming it, with a fix', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['userAgent', { userAgent: undefined }, /userAgent/],
    ['userAgent', { userAgent: '' }, /userAgent/],
    ['userAgent', { userAgent: 42 }, /userAgent/],
    ['userAgent', { userAgent: 'node:x:1\r\nX-Injected: 1' }, /CR or LF/],
    ['userAgent', { userAgent: 'node:x:1\nfoo' }, /CR or LF/],
    ['throttle', { throttle: -1 }, /0 or more/],
    ['throttle', { throttle: 1.5 }, /whole number/],
    ['throttle', { throttle: '1000' }, /whole number/],
    ['useBrowserCookies', { useBrowserCookies: 'yes' }, /true or false/],
    ['decodeHtmlEntities', { decodeHtmlEntities: 1 }, /true or false/],
    ['retryAttempts', { retryAttempts: -1 }, /0 or more/],
    ['retryAttempts', { retryAttempts: 2.5 }, /whole number/],
    ['retryDelay', { retryDelay: -5 }, /0 or more/],
    ['requestTimeout', { requestTimeout: 0 }, /above 0/],
    ['requestTimeout', { requestTimeout: -1 }, /above 0/],
    ['apiType', { apiType: true }, /string|false/],
    ['apiType', { apiType: '' }, /string|false/],
    ['mobile', { mobile: 'no' }, /true or false/],
    ['fetch', { fetch: 'https://proxy' }, /fetch/],
    ['tokenStore', { tokenStore: { get() {} } }, /get\(\) and set/],
    ['apiServerUri', { apiServerUri: '' }, /host|origin/],
    ['authServerUri', { authServerUri: 3 }, /host|origin/],
    ['serverOAuth', { serverOAuth: 3 }, /apiServerUri/],
    ['serverWWW', { serverWWW: '' }, /authServerUri/],
  ];
  it.each(cases)('%s: %j', (option, patch, fix) => {
    const e = configError({ userAgent: UA, oauth: script(), ...patch });
    expect(e.option).toBe(option);
    expect(e.message).toContain(option);
    expect(e.message).toMatch(fix);
    expect(e).toBeInstanceOf(SnoopathError);
    expect(e.name).toBe('ConfigError');
  });

  const oauthCases: Array<[string, Record<string, unknown>]> = [
    ['oauth.key', { ...script(), key: '' }],
    ['oauth.key', { ...script(), key: undefined }],
    ['oauth.username', { ...script(), username: 7 }],
    ['oauth.redirectUri', { ...explicit(), redirectUri: '' }],
    ['oauth.duration', { ...explicit(), duration: 'forever' }],
    ['oauth.deviceId', { ...implicit(), deviceId: 'short' }],
    ['oauth.deviceId', { ...implicit(), deviceId: 12345678901234567890 }],
  ];
  it.each(oauthCases)('%s: %j', (option, oauth) => {
    const e = configError({ userAgent: UA, oauth });
    expect(e.option).toBe(option);
    expect(e.message).toContain(option);
  });

  it('names oauth.type when the type is not one of the three', () => {
    const e = configError({ userAgent: UA, oauth: { ...script(), type: 'web' } });
    expect(e.option).toBe('oauth.type');
    expect(e.message).toContain('"web"');
    expect(e.message).toMatch(/"script", "explicit" or "implicit"/);
  });

  it('names oauth when it is not an object', () => {
    expect(configError({ userAgent: UA, oauth: 'script' }).option).toBe('oauth');
  });

  it('says what was given (non-secret values)', () => {
    expect(configError({ userAgent: UA, oauth: script(), throttle: -3 }).message).toContain('-3');
    expect(configError({ userAgent: UA, oauth: script(), mobile: 'no' }).message).toContain('"no"');
  });

  it('throws ConfigError naming "options" when options is not an object', () => {
    for (const input of [undefined, null, 'ua', 42]) {
      expect(configError(input).option).toBe('options');
    }
  });
});

describe('resolveOptions: deviceId is 20 to 30 characters', () => {
  it.each([20, 25, 30])('accepts %i characters', (n) => {
    const deviceId = 'd'.repeat(n);
    expect(resolveOptions({ userAgent: UA, oauth: { ...implicit(), deviceId } }).oauth).toMatchObject({ deviceId });
  });
  it.each([0, 19, 31])('rejects %i characters', (n) => {
    expect(configError({ userAgent: UA, oauth: { ...implicit(), deviceId: 'd'.repeat(n) } }).option).toBe('oauth.deviceId');
  });
});

describe('resolveOptions: secrets never appear in a message', () => {
  const SECRET = 'sEcReT-vAlUe-9f8e7d';
  const PASSWORD = 'hunter2hunter2';

  it('does not echo a secret of the wrong type', () => {
    const e = configError({ userAgent: UA, oauth: { ...script(), secret: 12345678 } });
    expect(e.option).toBe('oauth.secret');
    expect(e.message).not.toContain('12345678');
  });

  it('does not echo a password of the wrong type', () => {
    const e = configError({ userAgent: UA, oauth: { ...script(), password: 87654321 } });
    expect(e.option).toBe('oauth.password');
    expect(e.message).not.toContain('87654321');
  });

  it('does not echo an array or object given as secret', () => {
    const e = configError({ userAgent: UA, oauth: { ...script(), secret: [SECRET] } });
    expect(e.option).toBe('oauth.secret');
    expect(e.message).not.toContain(SECRET);
    const e2 = configError({ userAgent: UA, oauth: { ...script(), password: { value: PASSWORD } } });
    expect(e2.option).toBe('oauth.password');
    expect(e2.message).not.toContain(PASSWORD);
  });

  it('reports an empty secret without quoting it', () => {
    const e = configError({ userAgent: UA, oauth: { ...explicit(), secret: '' } });
    expect(e.option).toBe('oauth.secret');
    expect(e.message).not.toContain('""');
  });

  it.each([
    ['a bad username', { username: 5 }],
    ['a bad key', { key: '' }],
    ['a bad scope', { scope: 'identity' }],
    ['an unknown key', { pasword: 'typo' }],
  ])('keeps the secret and password out when the object has %s', (_label, patch) => {
    const e = configError({ userAgent: UA, oauth: { ...script(), secret: SECRET, password: PASSWORD, ...patch } });
    expect(e.message).not.toContain(SECRET);
    expect(e.message).not.toContain(PASSWORD);
    expect(String(e.stack)).not.toContain(SECRET);
    expect(String(e.stack)).not.toContain(PASSWORD);
    expect(JSON.stringify({ ...e })).not.toContain(PASSWORD);
  });

  it('keeps a wrongly-typed secret out when another top-level option is bad too', () => {
    const e = configError({ userAgent: UA, throttle: -1, oauth: { ...script(), secret: 12345678, password: PASSWORD } });
    expect(e.message).not.toContain('12345678');
    expect(e.message).not.toContain(PASSWORD);
  });
});

describe('resolveOptions: unknown options are errors', () => {
  it('rejects an unknown top-level option and names it', () => {
    const e = configError({ userAgent: UA, oauth: script(), throtle: 10 });
    expect(e.option).toBe('throtle');
    expect(e.message).toContain('throtle');
    expect(e.message).toMatch(/spelling/);
  });

  it('suggests the option a misspelt one most likely means', () => {
    expect(configError({ userAgent: UA, oauth: script(), throtle: 10 }).message).toMatch(/^Unknown option throtle\. Did you mean throttle\?/);
    expect(configError({ userAgent: UA, oauth: script(), RetryDelay: 10 }).message).toMatch(/Did you mean retryDelay\?/);
    expect(configError({ userAgent: UA, oauth: script(), somethingElse: 1 }).message).not.toMatch(/Did you mean/);
  });

  it('names a misspelt oauth key (and what it means) instead of reporting the key it meant as missing', () => {
    const { username, ...rest } = script();
    const e = configError({ userAgent: UA, oauth: { ...rest, usrname: username } });
    expect(e.option).toBe('oauth.usrname');
    expect(e.message).toMatch(/^Unknown option oauth\.usrname\. Did you mean oauth\.username\?/);
    expect(e.message).not.toMatch(/missing/);
  });

  it('suggests among the names of the app type given', () => {
    expect(configError({ userAgent: UA, oauth: { ...explicit(), redirectURI: 'x' } }).message).toMatch(/Did you mean oauth\.redirectUri\?/);
    expect(configError({ userAgent: UA, oauth: { ...implicit(), deviceID: 'd'.repeat(24) } }).message).toMatch(/Did you mean oauth\.deviceId\?/);
    expect(configError({ userAgent: UA, oauth: { ...script(), type: '__proto__', usrname: 'x' } }).option).toBe('oauth.type');
  });

  it('rejects an unknown key inside oauth and names it with its path', () => {
    const e = configError({ userAgent: UA, oauth: { ...script(), redirect_uri: 'x' } });
    expect(e.option).toBe('oauth.redirect_uri');
  });

  it('rejects a member of another app type (deviceId on a script app)', () => {
    const e = configError({ userAgent: UA, oauth: { ...script(), deviceId: 'd'.repeat(24) } });
    expect(e.option).toBe('oauth.deviceId');
  });

  it('rejects a secret on an implicit app without echoing it', () => {
    const e = configError({ userAgent: UA, oauth: { ...implicit(), secret: 'hunter2hunter2' } });
    expect(e.option).toBe('oauth.secret');
    expect(e.message).not.toContain('hunter2hunter2');
  });
});

describe('resolveOptions: oauth and cookie mode', () => {
  it('requires oauth when useBrowserCookies is not set', () => {
    const e = configError({ userAgent: UA });
    expect(e.option).toBe('oauth');
    expect(e.message).toMatch(/useBrowserCookies/);
  });

  it('requires oauth when useBrowserCookies is false', () => {
    expect(configError({ userAgent: UA, useBrowserCookies: false }).option).toBe('oauth');
  });

  it('rejects oauth together with useBrowserCookies: true', () => {
    const e = configError({ userAgent: UA, useBrowserCookies: true, oauth: script() });
    expect(['oauth', 'useBrowserCookies']).toContain(e.option);
    expect(e.message).toMatch(/oauth/);
    expect(e.message).toMatch(/useBrowserCookies/);
    expect(e.message).not.toContain('pw-value-123');
    expect(e.message).not.toContain('client-secret-value');
  });
});

describe('resolveOptions: server URIs', () => {
  const resolve = (patch: Record<string, unknown>) => resolveOptions({ userAgent: UA, oauth: script(), ...patch });

  it.each([
    ['oauth.reddit.com', 'https://oauth.reddit.com'],
    ['example.test:8443', 'https://example.test:8443'],
    ['localhost:8080', 'https://localhost:8080'],
    ['https://api.example.test', 'https://api.example.test'],
    ['https://api.example.test:8443', 'https://api.example.test:8443'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
  ])('apiServerUri %s resolves to %s', (given, origin) => {
    expect(resolve({ apiServerUri: given }).apiServerUri).toBe(origin);
    expect(resolve({ authServerUri: given }).authServerUri).toBe(origin);
  });

  it.each(['http://example.com', 'http://oauth.reddit.com:80', 'http://10.0.0.1:8080'])('rejects plain http for a non-loopback host: %s', (given) => {
    const e = configError({ userAgent: UA, oauth: script(), apiServerUri: given });
    expect(e.option).toBe('apiServerUri');
    expect(e.message).toMatch(/https/);
    expect(configError({ userAgent: UA, oauth: script(), authServerUri: given }).option).toBe('authServerUri');
  });

  it('accepts the legacy names serverOAuth and serverWWW', () => {
    const o = resolve({ serverOAuth: 'api.example.test', serverWWW: 'auth.example.test' });
    expect(o.apiServerUri).toBe('https://api.example.test');
    expect(o.authServerUri).toBe('https://auth.example.test');
  });

  it('lets the new names win over the legacy ones', () => {
    const o = resolve({ serverOAuth: 'old-api.test', apiServerUri: 'new-api.test', serverWWW: 'old-auth.test', authServerUri: 'new-auth.test' });
    expect(o.apiServerUri).toBe('https://new-api.test');
    expect(o.authServerUri).toBe('https://new-auth.test');
  });

  it('does not expose the legacy names on the result', () => {
    const o = resolve({ serverOAuth: 'api.example.test', serverWWW: 'auth.example.test' }) as Record<string, unknown>;
    expect(o).not.toHaveProperty('serverOAuth');
    expect(o).not.toHaveProperty('serverWWW');
  });

  it('names the legacy option when its value is bad', () => {
    expect(configError({ userAgent: UA, oauth: script(), serverOAuth: 'http://example.com' }).option).toBe('serverOAuth');
    expect(configError({ userAgent: UA, oauth: script(), serverWWW: 'http://example.com' }).option).toBe('serverWWW');
  });

  it('overrides the cookie-mode default API host too', () => {
    expect(resolveOptions({ userAgent: UA, useBrowserCookies: true, apiServerUri: 'http://localhost:1234' }).apiServerUri).toBe('http://localhost:1234');
  });
});

describe('resolveOptions: the caller\'s options are never mutated', () => {
  it.each([
    ['script', () => ({ userAgent: UA, oauth: { ...script(), scope: ['identity', 'read'] }, serverOAuth: 'api.example.test' })],
    ['explicit', () => ({ userAgent: UA, oauth: explicit(), throttle: 0 })],
    ['implicit', () => ({ userAgent: UA, oauth: implicit(), serverWWW: 'http://localhost:8080' })],
    ['cookies', () => ({ userAgent: UA, useBrowserCookies: true })],
  ])('%s: a deep-frozen object passes and stays equal to its clone', (_label, make) => {
    const input = make();
    const clone = structuredClone(input);
    deepFreeze(input);
    expect(() => resolveOptions(input)).not.toThrow();
    expect(input).toEqual(clone);
  });

  it('does not mutate options that fail validation', () => {
    const input = deepFreeze({ userAgent: UA, oauth: { ...script(), secret: 1 }, throttle: 5 });
    const clone = structuredClone(input);
    expect(() => resolveOptions(input)).toThrow(ConfigError);
    expect(input).toEqual(clone);
  });

  it('returns a scope array the caller does not share', () => {
    const scope = ['identity'];
    const o = resolveOptions({ userAgent: UA, oauth: { ...script(), scope } });
    expect(o.oauth?.scope).toEqual(['identity']);
    expect(o.oauth?.scope).not.toBe(scope);
  });
});

describe('an empty scope list is refused', () => {
  it('throws ConfigError for oauth.scope: []', () => {
    expect(() => resolveOptions({ userAgent: 'ua', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p', scope: [] } })).toThrow(expect.objectContaining({ option: 'oauth.scope' }));
  });
});
