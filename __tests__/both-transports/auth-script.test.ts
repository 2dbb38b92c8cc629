import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { AuthError } from '../../lib/index.js';
import { API, client, failure, leakText, SECRETS, tokenOk, WWW, mockNetwork } from './helpers.js';

mockNetwork();

describe('script apps: the password grant', () => {
  it('sends Basic key:secret, a form with grant_type=password, username, password and scope', async () => {
    let auth = '';
    let form = new URLSearchParams();
    nock(WWW).post('/api/v1/access_token').reply(function (_u, body) {
      auth = String(this.req.headers.authorization);
      form = new URLSearchParams(body as string);
      return [200, { access_token: 'access-xyz-1', token_type: 'bearer', expires_in: 3600, scope: 'identity read' }];
    });
    nock(API).get('/api/v1/me').query(true).reply(200, { name: 'bot' });
    await client({ oauth: { type: 'script', key: 'client-id', secret: SECRETS.secret, username: 'bot', password: SECRETS.password, scope: ['identity', 'read'] } })('/api/v1/me').get();
    expect(auth).toBe(`Basic ${Buffer.from(`client-id:${SECRETS.secret}`).toString('base64')}`);
    expect(Object.fromEntries(form)).toEqual({ grant_type: 'password', username: 'bot', password: SECRETS.password, scope: 'identity read' });
  });

  it('auth() runs the grant up front and resolves to undefined (no refresh token)', async () => {
    tokenOk();
    const reddit = client();
    await expect(reddit.auth()).resolves.toBeUndefined();
    expect(reddit.hasAccessToken()).toBe(true);
    expect(reddit.getAccessToken()).toMatch(/^access-token-/);
  });

  it('concurrent calls share one token request', async () => {
    const token = tokenOk(1);
    nock(API).get('/x').query(true).times(20).reply(200, {});
    const reddit = client();
    await Promise.all(Array.from({ length: 20 }, () => reddit('/x').get()));
    expect(token.isDone()).toBe(true);
  });

  it('renews a token that is about to expire before using it', async () => {
    // 30 s left is inside the renewal margin: the second call gets a new token.
    nock(WWW).post('/api/v1/access_token').reply(200, { access_token: 'short-lived-1', token_type: 'bearer', expires_in: 30 });
    nock(WWW).post('/api/v1/access_token').reply(200, { access_token: 'renewed-token-2', token_type: 'bearer', expires_in: 3600 });
    const seen: string[] = [];
    nock(API).get('/x').query(true).times(2).reply(function () {
      seen.push(String(this.req.headers.authorization));
      return [200, {}];
    });
    const reddit = client();
    const refreshed: string[] = [];
    reddit.on('access_token_refreshed', (t) => refreshed.push(t));
    await reddit('/x').get();
    await reddit('/x').get();
    expect(seen).toEqual(['bearer short-lived-1', 'bearer renewed-token-2']);
    expect(refreshed).toEqual(['short-lived-1', 'renewed-token-2']);
  });

  it('on a 401 renews the token and sends the call once more, outside retryAttempts', async () => {
    tokenOk(2);
    nock(API).get('/x').query(true).reply(401, { message: 'Unauthorized', error: 401 }, { 'www-authenticate': 'Bearer realm="reddit", error="invalid_token"' });
    nock(API).get('/x').query(true).reply(200, { ok: 1 });
    await expect(client({ retryAttempts: 0 })('/x').get()).resolves.toEqual({ ok: 1 });
  });

  it('a second 401 in a row rejects with ResponseError 401: no loop', async () => {
    const tokens = tokenOk(2);
    const api = nock(API).get('/x').query(true).times(2).reply(401, { message: 'Unauthorized', error: 401 });
    const error = await failure(client({ retryAttempts: 5 })('/x').get());
    expect(error).toMatchObject({ name: 'ResponseError', status: 401, attempts: 2 });
    expect(tokens.isDone() && api.isDone()).toBe(true);
  });

  it('invalid_grant on HTTP 200 rejects with AuthError once, says what to check, leaks nothing', async () => {
    const token = nock(WWW).post('/api/v1/access_token').times(1).reply(200, { error: 'invalid_grant' });
    const error = await failure(client({ retryAttempts: 5 })('/x').get());
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('invalid_grant');
    expect(error.status).toBe(200); // the status the server sent, not the 400 openid-client was shown
    expect(error.message).toMatch(/password/);
    expect(token.isDone()).toBe(true);
    expect(leakText(error)).not.toContain(SECRETS.password);
    expect(leakText(error)).not.toContain(SECRETS.secret);
  });

  it('bad client credentials (401 from the token endpoint) reject with AuthError invalid_client', async () => {
    nock(WWW).post('/api/v1/access_token').reply(401, { message: 'Unauthorized', error: 401 });
    const error = await failure(client()('/x').get());
    expect(error).toMatchObject({ name: 'AuthError', code: 'invalid_client', status: 401 });
    expect(error.message).toMatch(/oauth\.key and oauth\.secret/);
  });

  it('retries a token request that failed with a 5xx', async () => {
    nock(WWW).post('/api/v1/access_token').reply(503, '<html>down</html>');
    tokenOk();
    nock(API).get('/x').query(true).reply(200, { ok: 1 });
    await expect(client({ retryAttempts: 1 })('/x').get()).resolves.toEqual({ ok: 1 });
  });

  it('writes new tokens to the tokenStore and reads it before the first call', async () => {
    const saved: unknown[] = [];
    const store = { get: async () => ({ accessToken: 'stored-token-1', expiresAt: Date.now() + 3600_000 }), set: async (t: unknown) => void saved.push(t) };
    let auth = '';
    nock(API).get('/x').query(true).reply(function () {
      auth = String(this.req.headers.authorization);
      return [200, {}];
    });
    await client({ tokenStore: store })('/x').get();
    expect(auth).toBe('bearer stored-token-1');
    expect(saved).toEqual([]);
    tokenOk();
    const reddit = client({ tokenStore: { get: () => undefined, set: (t: unknown) => void saved.push(t) } });
    await reddit.auth();
    expect(saved).toEqual([{ accessToken: reddit.getAccessToken(), refreshToken: undefined, expiresAt: expect.any(Number) }]);
  });
});
