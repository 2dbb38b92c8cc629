/**
 * Secret scans: nothing reachable from the instance, a call object, an error or an event payload
 * shows a credential: by inspection, JSON, enumeration, structuredClone or walking the properties.
 */
import { describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import Snoopath, { AuthError, NetworkError, ResponseError, type SnoopathOptions } from '../../lib/index.js';
import { client, failure, start, TOKEN_PATH } from '../integration/setup.js';
import { leaked, views } from '../support/scan.js';

const PASSWORD = 'demo_password';
const SECRET = 'script-app-secret';
const BASIC = Buffer.from(`script-app-id:${SECRET}`).toString('base64');
const ME = '/api/v1/me';

describe('inspection never reaches a credential', () => {
  const options = { userAgent: 'node:scan:1.0 (by /u/me)', oauth: { type: 'script', key: 'client-id-123', secret: 'very-secret-value', username: 'bot', password: 'very-secret-password' } } as const;
  const secrets = ['very-secret-value', 'very-secret-password'];

  it('the instance: inspect (showHidden, showProxy), JSON, keys, for-in, structuredClone, own properties', () => {
    const reddit = new Snoopath(options);
    expect(leaked(reddit, secrets)).toEqual([]);
    expect(inspect(reddit)).toContain('client-id-123');
    expect(JSON.parse(JSON.stringify(reddit))).toEqual({ type: 'script', key: 'client-id-123', userAgent: 'node:scan:1.0 (by /u/me)', apiServerUri: 'https://oauth.reddit.com' });
  });

  it('a call object: the engine is private; it shows its path and the safe fields only', () => {
    const call = new Snoopath(options)('/r/$subreddit/hot');
    expect(leaked(call, secrets)).toEqual([]);
    expect(Object.keys(call)).toEqual(['path']);
    expect(JSON.parse(JSON.stringify(call))).toEqual({ path: '/r/$subreddit/hot', type: 'script', key: 'client-id-123', userAgent: 'node:scan:1.0 (by /u/me)', apiServerUri: 'https://oauth.reddit.com' });
    expect(inspect(call)).toContain('/r/$subreddit/hot');
    expect(structuredClone(call)).toEqual({ path: '/r/$subreddit/hot' });
  });

  it('a ConfigError for a bad option next to the secret does not show it', () => {
    let caught: unknown;
    try {
      new Snoopath({ ...options, throttle: -1 } as unknown as SnoopathOptions);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    expect(leaked(caught, secrets)).toEqual([]);
  });
});

describe('a server that echoes credentials: redacted by value in errors and events', () => {
  it('a 400 whose body echoes the password, the secret and the token under innocent names', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    const token = reddit.getAccessToken()!;
    const body = JSON.stringify({ explanation: `you sent ${PASSWORD}`, echo: { a: [SECRET, `x${token}y`], b: BASIC }, reason: 'BAD' });
    emu.fault({ path: ME, status: 400, body });
    const events: unknown[] = [];
    reddit.on('response_error', (e) => events.push(e));
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(leaked(error, [PASSWORD, SECRET, token, BASIC])).toEqual([]);
    expect(leaked(events, [PASSWORD, SECRET, token, BASIC])).toEqual([]);
    // The body keeps its shape, with the values replaced.
    expect(error.body).toEqual({ explanation: 'you sent [REDACTED]', echo: { a: ['[REDACTED]', 'x[REDACTED]y'], b: '[REDACTED]' }, reason: 'BAD' });
    expect(error.message).toContain('you sent [REDACTED]');
  });

  it('a 5xx page echoing the token, retried: every retry event and the final error are clean', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 2 });
    await reddit.auth();
    const token = reddit.getAccessToken()!;
    emu.fault({ path: ME, status: 503, body: `<html>upstream said Authorization ${token} (${encodeURIComponent(PASSWORD)})</html>`, contentType: 'text/html', times: 3 });
    const retries: unknown[] = [];
    reddit.on('retry', (r) => retries.push(r));
    const error = await failure(reddit(ME).get());
    expect(retries).toHaveLength(2);
    expect(leaked([error, retries], [token, PASSWORD])).toEqual([]);
    expect(error.body).toContain('[REDACTED]');
  });

  it('the token endpoint echoing the password in an OAuth error: the AuthError and its causes are clean', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.fault({ path: TOKEN_PATH, status: 200, body: JSON.stringify({ error: 'invalid_grant', error_description: `bad password ${PASSWORD} for client ${SECRET}`, echo: `Basic ${BASIC}` }) });
    const error = await failure(reddit.auth());
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('invalid_grant');
    expect(error.cause).toBeDefined();
    expect(leaked(error, [PASSWORD, SECRET, BASIC])).toEqual([]);
  });

  it('a custom fetch failing with an error that carries the request (headers and all): the NetworkError is clean', async () => {
    const emu = await start();
    let token = '';
    const reddit = client(emu, 'script', {
      retryAttempts: 0,
      fetch: async (input, init) => {
        const request = input as Request;
        if (new URL(request.url).pathname !== ME) return fetch(request, init);
        token = request.headers.get('authorization')!.slice(7);
        const failure = new TypeError(`proxy refused ${request.headers.get('authorization')}`);
        Object.assign(failure, { request, config: { headers: { Authorization: `bearer ${token}` } }, cause: new Error(`upstream: token ${token}`) });
        throw failure;
      },
    });
    await reddit.auth();
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(NetworkError);
    expect(token.length).toBeGreaterThan(10);
    expect(leaked(error, [token])).toEqual([]);
  });

  it('a secret sent percent-encoded or form-encoded and echoed that way is redacted too', async () => {
    const emu = await start();
    const password = 'p@ss word&=+/ünï';
    const reddit = client(emu, 'script', { oauth: { password } });
    emu.fault({ path: TOKEN_PATH, status: 400, body: `grant failed for password=${new URLSearchParams({ p: password }).toString().slice(2)} or ${encodeURIComponent(password)} or ${JSON.stringify(password)}`, contentType: 'text/plain' });
    const error = await failure(reddit.auth());
    const text = views(error);
    expect(text).not.toContain(password);
    expect(text).not.toContain(encodeURIComponent(password));
    expect(text).not.toContain(new URLSearchParams({ p: password }).toString().slice(2));
  });

  it('a body the user already holds is never changed by a later redaction', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 1 });
    await reddit.auth();
    emu.fault({ path: ME, status: 500, body: JSON.stringify({ message: 'boom', detail: { n: 1 } }), times: 2 });
    const held: unknown[] = [];
    reddit.on('response_error', (e) => held.push(e.body));
    const before = JSON.stringify(held);
    const error = await failure(reddit(ME).get());
    expect(held).toHaveLength(2);
    expect(JSON.stringify(held[0])).toBe(JSON.stringify({ message: 'boom', detail: { n: 1 } }));
    expect(before).toBe('[]');
    expect(error.body).not.toBe(held[1]);
  });

  it('tokens set by hand and read from a token store are known secrets too', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit', { tokenStore: { get: () => ({ refreshToken: 'stored-refresh-token-abcdef' }), set: () => undefined } });
    reddit.setAccessToken('hand-set-access-token-123456');
    emu.fault({ path: ME, status: 400, body: JSON.stringify({ message: 'echo stored-refresh-token-abcdef and hand-set-access-token-123456' }) });
    const error = await failure(reddit(ME).get());
    expect(leaked(error, ['stored-refresh-token-abcdef', 'hand-set-access-token-123456'])).toEqual([]);
  });
});

describe('redaction reaches every shape a cause or payload can take', () => {
  /** The token, as the custom fetch saw it in the Authorization header of an API request. */
  const tokenOf = (input: unknown) => (input as Request).headers.get('authorization')!.slice(7);
  const isApi = (input: unknown) => new URL((input as Request).url).pathname === ME;

  /** No secret anywhere in the error: walked, inspected and serialized (leaked() does all three, and more). */
  const expectClean = (value: unknown, secrets: string[]) => {
    expect(secrets.every((s) => s.length > 10)).toBe(true);
    expect(leaked(value, secrets)).toEqual([]);
    const printed = `${inspect(value, { depth: Infinity, showHidden: true })}\n${JSON.stringify(value)}`;
    for (const secret of secrets) expect(printed).not.toContain(secret);
  };

  it('a DOMException deep in the causes: TypeError("fetch failed", { cause: DOMException("token ...") })', async () => {
    const emu = await start();
    let token = '';
    const reddit = client(emu, 'script', {
      retryAttempts: 0,
      fetch: async (input, init) => {
        if (!isApi(input)) return fetch(input as Request, init);
        token = tokenOf(input);
        throw new TypeError('fetch failed', { cause: new DOMException(`token ${token}`, 'NetworkError') });
      },
    });
    await reddit.auth();
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(NetworkError);
    expectClean(error, [token]);
    // The cause keeps its kind and its name, with the message cleaned.
    const inner = (error.cause as Error).cause as Error;
    expect(inner).toBeInstanceOf(DOMException);
    expect(inner.name).toBe('NetworkError');
    expect(inner.message).toBe('token [REDACTED]');
  });

  it('a Map, a Set, a URL and an instance of some class holding the secret, the password, the token and the Basic value', async () => {
    const emu = await start();
    let token = '';
    class Attempt {
      constructor(readonly auth: string, readonly nested: { password: string }) {}
    }
    const reddit = client(emu, 'script', {
      retryAttempts: 0,
      fetch: async (input, init) => {
        if (!isApi(input)) return fetch(input as Request, init);
        token = tokenOf(input);
        const cause = Object.assign(new Error('proxy refused'), {
          headers: new Map([['authorization', `bearer ${token}`], [`key-${SECRET}`, 'v']]),
          sent: new Set([PASSWORD, { basic: BASIC }]),
          url: new URL(`https://proxy.test/${token}/?x=${encodeURIComponent(PASSWORD)}`),
          attempt: new Attempt(`Basic ${BASIC}`, { password: PASSWORD }),
        });
        throw new TypeError('fetch failed', { cause });
      },
    });
    await reddit.auth();
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(NetworkError);
    expectClean(error, [token, PASSWORD, SECRET, BASIC]);
    const cause = (error.cause as Error).cause as Record<string, unknown>;
    expect(cause.headers).toBeInstanceOf(Map);
    expect([...(cause.headers as Map<string, string>).keys()]).toEqual(['authorization', 'key-[REDACTED]']);
    expect(cause.sent).toBeInstanceOf(Set);
    expect(String(cause.url)).toContain('https://proxy.test/');
  });

  it('an event payload carrying those shapes (retry) is clean; a harmless instance is kept as is', async () => {
    const emu = await start();
    let token = '';
    const harmless = new (class Note {
      text = 'nothing secret here';
    })();
    const reddit = client(emu, 'script', {
      retryAttempts: 1,
      fetch: async (input, init) => {
        if (!isApi(input)) return fetch(input as Request, init);
        token = tokenOf(input);
        throw Object.assign(new TypeError('fetch failed', { cause: new DOMException(`secret ${SECRET}`, 'AbortError') }), { seen: new Map([[token, new Set([PASSWORD])]]), harmless });
      },
    });
    const retries: Array<{ error: Error }> = [];
    reddit.on('retry', (r) => retries.push(r));
    await reddit.auth();
    const error = await failure(reddit(ME).get());
    expect(retries).toHaveLength(1);
    expectClean([retries, error], [token, PASSWORD, SECRET]);
    expect((error.cause as { harmless?: unknown }).harmless).toBe(harmless);
  });
});

describe('access_token_refreshed is the one place a token is handed out', () => {
  it('gives the token itself, unredacted', async () => {
    const emu = await start();
    const reddit = client(emu);
    const seen: string[] = [];
    reddit.on('access_token_refreshed', (t) => seen.push(t));
    await reddit.auth();
    expect(seen).toEqual([reddit.getAccessToken()]);
    expect(seen[0]).not.toContain('REDACTED');
  });
});
