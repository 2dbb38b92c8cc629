import { describe, it, expect } from '@jest/globals';
import { ArgumentError, AuthError, ConfigError, NetworkError, RateLimitError, ResponseError, SnoopathError, TimeoutError } from '../../lib/errors/classes.js';
import { redact } from '../../lib/redact/patterns.js';

const details = (url: string) => ({ status: 500, method: 'GET', url, body: '<html>', errors: [] as Array<[string, string, string?]>, attempts: 3 });

const all: Array<[string, () => SnoopathError]> = [
  ['SnoopathError', () => new SnoopathError('base')],
  ['ConfigError', () => new ConfigError('throttle', 'bad throttle')],
  ['ArgumentError', () => new ArgumentError('bad args')],
  ['ResponseError', () => new ResponseError('bad response', details('https://oauth.reddit.com/x'))],
  ['AuthError', () => new AuthError('no token', { code: 'invalid_grant', status: 200 })],
  ['TimeoutError', () => new TimeoutError('too slow')],
  ['NetworkError', () => new NetworkError('no connection', new TypeError('fetch failed'))],
  ['RateLimitError', () => new RateLimitError('would wait too long', { retryAfter: 42_000, reason: 'budget', attempts: 0 })],
];

describe('every error class is a SnoopathError and an Error', () => {
  it.each(all)('%s: instanceof, name and stack', (name, make) => {
    const e = make();
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(SnoopathError);
    expect(e.name).toBe(name);
    expect(typeof e.stack).toBe('string');
    expect(e.stack).toContain(name);
    expect(Object.prototype.toString.call(e)).toBe('[object Error]');
  });

  it('the classes can be told apart with instanceof', () => {
    const made = all.map(([, make]) => make());
    const response = made.find((e) => e instanceof ResponseError)!;
    expect(response).not.toBeInstanceOf(AuthError);
    expect(made.filter((e) => e instanceof ConfigError)).toHaveLength(1);
    expect(made.filter((e) => e instanceof NetworkError)).toHaveLength(1);
  });
});

describe('error fields', () => {
  it('RateLimitError carries retryAfter (ms), reason and attempts', () => {
    const e = new RateLimitError('GET /x was not sent', { retryAfter: 1500, reason: '429', attempts: 1 });
    expect([e.retryAfter, e.reason, e.attempts]).toEqual([1500, '429', 1]);
  });

  it('ConfigError names the option', () => {
    expect(new ConfigError('oauth.key', 'x').option).toBe('oauth.key');
  });

  it('ResponseError carries status, method, url, body, errors and attempts', () => {
    const e = new ResponseError('m', { status: 200, method: 'POST', url: 'https://oauth.reddit.com/api/comment', body: { json: {} }, errors: [['RATELIMIT', 'you are doing that too much', 'ratelimit']], attempts: 1 });
    expect(e).toMatchObject({ status: 200, method: 'POST', url: 'https://oauth.reddit.com/api/comment', body: { json: {} }, errors: [['RATELIMIT', 'you are doing that too much', 'ratelimit']], attempts: 1 });
  });

  it('AuthError carries code and status, and a cause when given', () => {
    const cause = new Error('inner');
    const e = new AuthError('x', { code: 'invalid_grant', status: 400, cause });
    expect(e.code).toBe('invalid_grant');
    expect(e.status).toBe(400);
    expect(e.cause).toBe(cause);
    const bare = new AuthError('x');
    expect(bare.code).toBeUndefined();
    expect(bare.status).toBeUndefined();
    expect('cause' in bare).toBe(false);
  });

  it('NetworkError keeps the runtime\'s error as cause; Timeout/Network count attempts', () => {
    const cause = new TypeError('fetch failed');
    expect(new NetworkError('x', cause).cause).toBe(cause);
    expect(new NetworkError('x', cause).attempts).toBe(1);
    expect(new TimeoutError('x').attempts).toBe(1);
  });
});

describe('ResponseError.url never carries credentials', () => {
  it.each([
    ['https://www.reddit.com/cb?code=SECRETCODE&state=s', 'https://www.reddit.com/cb?code=[redacted]&state=s'],
    ['https://x.test/a?state=s&access_token=SECRETTOKEN', 'https://x.test/a?state=s&access_token=[redacted]'],
    ['https://x.test/a#access_token=SECRETTOKEN&expires_in=3600', 'https://x.test/a#access_token=[redacted]&expires_in=3600'],
    ['https://x.test/a?refresh_token=R1&token=T2&password=P3&client_secret=C4', 'https://x.test/a?refresh_token=[redacted]&token=[redacted]&password=[redacted]&client_secret=[redacted]'],
    ['https://x.test/a?ACCESS_TOKEN=UPPER', 'https://x.test/a?ACCESS_TOKEN=[redacted]'],
  ])('%s', (url, expected) => {
    const e = new ResponseError('failed', details(url));
    expect(e.url).toBe(expected);
    expect(e.url).not.toMatch(/SECRET|R1|T2|P3|C4|UPPER/);
  });

  it('keeps parameters that only end in a credential name', () => {
    expect(new ResponseError('failed', details('https://x.test/a?zipcode=12345&mytoken=x')).url).toBe('https://x.test/a?zipcode=12345&mytoken=x');
  });

  it('leaves a URL without credentials as it is', () => {
    expect(new ResponseError('failed', details('https://oauth.reddit.com/r/pics/hot?limit=5&after=t3_x')).url).toBe('https://oauth.reddit.com/r/pics/hot?limit=5&after=t3_x');
  });
});

describe('messages never carry credentials', () => {
  it.each([
    ['Authorization: bearer abc123.DEF-456_ghi', 'abc123.DEF-456_ghi'],
    ['header was Bearer eyJhbGciOi.payload.sig', 'eyJhbGciOi.payload.sig'],
    ['basic dXNlcjpwYXNz failed', 'dXNlcjpwYXNz'],
    ['body: grant_type=password&username=u&password=hunter2&x=1', 'hunter2'],
    ['{"access_token": "tok-value-1", "expires_in": 3600}', 'tok-value-1'],
    ['refresh_token=rt-value-2', 'rt-value-2'],
    ['client_secret: cs-value-3', 'cs-value-3'],
  ])('%j', (message, secret) => {
    for (const e of [new SnoopathError(message), new AuthError(message), new NetworkError(message, null), new ResponseError(message, details('https://x.test'))]) {
      expect(e.message).not.toContain(secret);
      expect(e.message).toContain('[redacted]');
      expect(String(e.stack)).not.toContain(secret);
    }
  });

  it('redact() masks the value and keeps the surrounding text', () => {
    expect(redact('grant_type=password&password=hunter2&x=1')).toBe('grant_type=password&password=[redacted]&x=1');
    expect(redact('sent bearer abc123 to server')).toBe('sent bearer [redacted] to server');
  });

  it('redact() leaves ordinary text alone', () => {
    const text = 'GET /r/pics/hot failed with 503 after 3 attempts';
    expect(redact(text)).toBe(text);
  });
});
