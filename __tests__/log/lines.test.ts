import { describe, expect, it } from '@jest/globals';
import { NetworkError, ResponseError, TimeoutError } from '../../lib/errors/classes.js';
import { debugWanted } from '../../lib/log/debug.js';
import { envVar } from '../../lib/log/env.js';
import type { LineSource } from '../../lib/log/index.js';
import { duration, lineFor } from '../../lib/log/lines.js';

const responseError = (status: number, method = 'GET', url = 'https://oauth.reddit.com/r/aww/hot?limit=5') =>
  new ResponseError('m', { status, method, url, body: '', errors: [], attempts: 1 });

describe('log lines: one wording per event, with why, which attempt and how long', () => {
  it.each<[string, LineSource, string, RegExp]>([
    ['a 5xx retry', ['retry', { attempt: 2, delay: 5000, error: responseError(503) }], 'warn', /^Retry 2 in 5 s: GET \/r\/aww\/hot answered 503\.$/],
    ['a 429', ['retry', { attempt: 1, delay: 0, error: responseError(429, 'POST', 'https://oauth.reddit.com/api/vote') }], 'warn', /^Retry 1 when the rate limit allows: POST \/api\/vote answered 429 \(too many requests\)\.$/],
    ['a 401 renewal', ['retry', { attempt: 1, delay: 0, error: responseError(401) }], 'debug', /^Retry 1 at once with a renewed token: GET \/r\/aww\/hot answered 401\.$/],
    ['a timeout', ['retry', { attempt: 3, delay: 250, error: new TimeoutError('GET /x got no complete answer within 20000 ms.') }], 'warn', /^Retry 3 in 250 ms: GET \/x got no complete answer within 20000 ms\.$/],
    ['a network failure', ['retry', { attempt: 1, delay: 1500, error: new NetworkError('GET /x failed to connect (ECONNRESET).', new Error('reset')) }], 'warn', /^Retry 1 in 1\.5 s: GET \/x failed to connect \(ECONNRESET\)\.$/],
    ['a budget wait', ['waiting', { ms: 2500, reason: 'budget', spent: false, account: 'u/bot', app: 'abc123' }], 'info', /^Waiting 2\.5 s before the next send \(u\/bot, app abc123\): pacing: the app's rate-limit budget runs low and is spread until the window resets\.$/],
    ['a spent budget\'s wait', ['waiting', { ms: 18_000, reason: 'budget', spent: true, account: 'u/bot', app: 'abc123' }], 'warn', /^Waiting 18 s before the next send \(u\/bot, app abc123\): the app's rate-limit budget is spent until the window resets\.$/],
    ['a wait after a 429', ['waiting', { ms: 61_000, reason: 'rate_limit', spent: true, account: 'app-only', app: 'abc123' }], 'warn', /^Waiting 61 s before the next send \(app-only, app abc123\): .*429/],
    ['a short wait after a 429', ['waiting', { ms: 1800, reason: 'rate_limit', spent: true, account: 'app-only', app: 'abc123' }], 'info', /^Waiting 1\.8 s .*429/],
    ['a RATELIMIT cooldown', ['waiting', { ms: 3000, reason: 'ratelimit_action', spent: false, account: 'u/bot', app: 'abc123' }], 'warn', /^Waiting 3 s .*RATELIMIT/],
    ['a morechildren wait', ['waiting', { ms: 1200, reason: 'morechildren', spent: false, account: 'u/bot', app: 'abc123' }], 'debug', /morechildren/],
    ['a long morechildren back-off', ['waiting', { ms: 32_000, reason: 'morechildren', spent: false, account: 'u/bot', app: 'abc123' }], 'warn', /^Waiting 32 s .*morechildren/],
    ['a cookie session\'s wait', ['waiting', { ms: 9000, reason: 'budget', spent: true, account: 'the browser session', app: undefined }], 'warn', /^Waiting 9 s before the next send \(the browser session\): /],
    ['a spent budget', ['reached', { used: 600, remaining: 0, reset: 42, ms: 43_000, account: 'u/bot', app: 'abc123' }], 'info', /^Rate limit reached \(u\/bot, app abc123\): 600 requests used in this window; nothing is sent for 43 s, until it resets\.$/],
    // Issue 21: a 429 without headers (reset 0) printed "resets in 0 ms" while the pause was at least 1 s.
    ['a spent budget whose header says reset 0', ['reached', { used: 10, remaining: 0, reset: 0, ms: 1800, account: 'u/bot', app: 'abc123' }], 'info', /nothing is sent for 1\.8 s, until it resets\.$/],
    ['a 429 without rate-limit headers', ['reached', { used: 0, remaining: 0, reset: 1, ms: 1000, account: 'u/bot', app: 'abc123' }], 'info', /^Rate limit reached \(u\/bot, app abc123\): the platform answered 429 without rate-limit headers; nothing is sent for 1 s, until it resets\.$/],
    ['an expired token', ['access_token_expired', undefined], 'warn', /cannot be renewed.*auth\(\)/],
    ['a new token', ['access_token_refreshed', 'the-token-itself'], 'debug', /^New access token received\.$/],
    ['a token request', ['token_request', { grant: 'password', origin: 'https://www.reddit.com' }], 'info', /^Token request: password grant, POST https:\/\/www\.reddit\.com\/api\/v1\/access_token\.$/],
    ['a revoke request', ['revoke_request', { hint: 'refresh_token', origin: 'https://www.reddit.com' }], 'info', /^Revoke request: refresh_token, POST/],
  ])('%s', (_, source, level, text) => {
    const line = lineFor(source)!;
    expect(line.level).toBe(level);
    expect(line.text).toMatch(text);
    expect(line.details.event).toBe(({ waiting: 'wait', reached: 'rate_limit_reached' } as Record<string, string>)[source[0]] ?? source[0]);
  });

  it('says nothing for waits of a second or less, and for events not worth a line', () => {
    expect(lineFor(['waiting', { ms: 1000, reason: 'budget', spent: true, account: 'u/bot', app: 'k' }])).toBeUndefined();
    // The events themselves are worded by the limiter (once per wait episode of a budget), not per instance.
    expect(lineFor(['wait', { ms: 9000, reason: 'budget' }])).toBeUndefined();
    expect(lineFor(['rate_limit_reached', { used: 1, remaining: 0, reset: 10 }])).toBeUndefined();
    expect(lineFor(['rate_limit', { used: 1, remaining: 99, reset: 10 }])).toBeUndefined();
    expect(lineFor(['response_error', responseError(500)])).toBeUndefined();
  });

  it('never puts the new access token in a line or its details', () => {
    const line = lineFor(['access_token_refreshed', 'the-token-itself'])!;
    expect(JSON.stringify(line)).not.toContain('the-token-itself');
  });

  it('names whose wait it is in the details too', () => {
    expect(lineFor(['waiting', { ms: 7000, reason: 'budget', spent: true, account: 'u/bot', app: 'abc123' }])!.details).toEqual({
      event: 'wait', ms: 7000, reason: 'budget', spent: true, account: 'u/bot', app: 'abc123',
    });
  });

  it('gives structured details for loggers that keep fields', () => {
    expect(lineFor(['retry', { attempt: 2, delay: 5000, error: responseError(503) }])!.details).toEqual({
      event: 'retry', attempt: 2, delay: 5000, status: 503, error: 'ResponseError',
    });
  });

  it.each([[0, '0 ms'], [999, '999 ms'], [1000, '1 s'], [1549, '1.5 s'], [9960, '10 s'], [42_400, '42 s']])('duration(%d) is %s', (ms, text) => {
    expect(duration(ms)).toBe(text);
  });
});

describe('NODE_DEBUG and DEBUG ask for the debug and info lines', () => {
  it.each<[string | undefined, string | undefined, boolean]>([
    [undefined, undefined, false],
    ['snoopath', undefined, true],
    ['http,SNOOPATH', undefined, true],
    ['snoop*', undefined, true],
    ['http,net', undefined, false],
    [undefined, 'snoopath', true],
    [undefined, 'express:*, snoopath', true],
    [undefined, 'snoopath:*', true],
    [undefined, '*', true],
    [undefined, '*,-snoopath', false],
    [undefined, 'snoopathx', false],
    [undefined, '-snoopath', false],
  ])('NODE_DEBUG=%s DEBUG=%s: %s', (nodeDebug, debug, wanted) => {
    expect(debugWanted(nodeDebug, debug)).toBe(wanted);
  });

  it('reads the environment only where it safely can', () => {
    expect(envVar('X', {})).toBeUndefined(); // a browser or a worker: no process
    expect(envVar('X', { process: { env: { X: 'snoopath' } } })).toBe('snoopath');
    expect(envVar('X', { process: {} })).toBeUndefined();
    const get = (name: string) => `value of ${name}`;
    // Deno: read only what was already granted, never stop to ask.
    expect(envVar('X', { Deno: { permissions: { querySync: () => ({ state: 'prompt' }) }, env: { get } } })).toBeUndefined();
    expect(envVar('X', { Deno: { permissions: { querySync: () => ({ state: 'granted' }) }, env: { get } } })).toBe('value of X');
    const throwing = { get env(): Record<string, string> { throw new Error('denied'); } };
    expect(envVar('X', { process: throwing })).toBeUndefined();
  });
});

describe('lines the emitter may leave out without loading the writer', () => {
  it('are debug or info lines, at the level lib/log/index.ts expects', async () => {
    const { QUIET_LINES } = await import('../../lib/log/index.js');
    const sources: Record<string, LineSource> = {
      access_token_refreshed: ['access_token_refreshed', 'token'],
      token_request: ['token_request', { grant: 'password', origin: 'https://www.reddit.com' }],
      revoke_request: ['revoke_request', { hint: 'access_token', origin: 'https://www.reddit.com' }],
    };
    expect(Object.keys(QUIET_LINES).sort()).toEqual(Object.keys(sources).sort());
    for (const [name, level] of Object.entries(QUIET_LINES)) expect([name, lineFor(sources[name]!)?.level]).toEqual([name, level]);
  });
});
