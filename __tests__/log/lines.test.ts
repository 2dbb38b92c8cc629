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
    ['a budget wait', ['wait', { ms: 2500, reason: 'budget' }], 'info', /^Waiting 2\.5 s before the next send: pacing: the rate-limit budget is spread evenly until the window resets\.$/],
    ['a wait after a 429', ['wait', { ms: 61_000, reason: 'rate_limit' }], 'info', /^Waiting 61 s .*429/],
    ['a RATELIMIT cooldown', ['wait', { ms: 180_000, reason: 'ratelimit_action' }], 'warn', /^Waiting 180 s .*RATELIMIT/],
    ['a morechildren wait', ['wait', { ms: 1200, reason: 'morechildren' }], 'debug', /morechildren/],
    ['a spent budget', ['rate_limit_reached', { used: 600, remaining: 0, reset: 42 }], 'info', /^Rate limit reached: 600 requests used in this window; nothing is sent until it resets in 42 s\.$/],
    ['an expired token', ['access_token_expired', undefined], 'warn', /cannot be renewed.*auth\(\)/],
    ['a new token', ['access_token_refreshed', 'the-token-itself'], 'debug', /^New access token received\.$/],
    ['a token request', ['token_request', { grant: 'password', origin: 'https://www.reddit.com' }], 'info', /^Token request: password grant, POST https:\/\/www\.reddit\.com\/api\/v1\/access_token\.$/],
    ['a revoke request', ['revoke_request', { hint: 'refresh_token', origin: 'https://www.reddit.com' }], 'info', /^Revoke request: refresh_token, POST/],
  ])('%s', (_, source, level, text) => {
    const line = lineFor(source)!;
    expect(line.level).toBe(level);
    expect(line.text).toMatch(text);
    expect(line.details.event).toBe(source[0]);
  });

  it('says nothing for waits of a second or less, and for events not worth a line', () => {
    expect(lineFor(['wait', { ms: 1000, reason: 'budget' }])).toBeUndefined();
    expect(lineFor(['rate_limit', { used: 1, remaining: 99, reset: 10 }])).toBeUndefined();
    expect(lineFor(['response_error', responseError(500)])).toBeUndefined();
  });

  it('never puts the new access token in a line or its details', () => {
    const line = lineFor(['access_token_refreshed', 'the-token-itself'])!;
    expect(JSON.stringify(line)).not.toContain('the-token-itself');
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
