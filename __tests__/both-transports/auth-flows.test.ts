import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import Snoopath, { AuthError, ConfigError } from '../../lib/index.js';
import { API, failure, mockNetwork, transport, WWW, type LooseClient, expectUnused } from './helpers.js';

mockNetwork();

const UA = 'node:test:1.0 (by /u/tester)';
const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const explicit = (extra: Record<string, unknown> = {}) =>
  new Snoopath({ userAgent: UA, throttle: 0, retryDelay: 5, fetch: transport(), oauth: { type: 'explicit', key: 'web-id', secret: 'web-secret-value', redirectUri: 'https://app.test/cb', scope: ['identity', 'read'], duration: 'permanent' }, ...extra }) as LooseClient;
const implicit = (extra: Record<string, unknown> = {}) =>
  new Snoopath({ userAgent: UA, throttle: 0, retryDelay: 5, fetch: transport(), oauth: { type: 'implicit', key: 'installed-id', redirectUri: 'https://app.test/cb', scope: ['read'] }, ...extra }) as LooseClient;

/** Capture token requests: their Basic header and form fields. */
function tokenEndpoint(answers: Array<Record<string, unknown>>) {
  const seen: Array<{ auth: string; form: Record<string, string> }> = [];
  let i = 0;
  nock(WWW).post('/api/v1/access_token').times(answers.length).reply(function (_u, body) {
    seen.push({ auth: String(this.req.headers.authorization), form: Object.fromEntries(new URLSearchParams(body as string)) });
    return [200, answers[i++]!];
  });
  return seen;
}

describe('explicit (web) apps', () => {
  it('builds the authorize URL with response_type=code, duration, scope and state; .compact when mobile', () => {
    const url = new URL(explicit().getAuthUrl('my-state'));
    expect(url.origin + url.pathname).toBe('https://www.reddit.com/api/v1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'web-id', response_type: 'code', state: 'my-state', redirect_uri: 'https://app.test/cb', duration: 'permanent', scope: 'identity read' });
    expect(new URL(explicit({ mobile: true }).getExplicitAuthUrl()).pathname).toBe('/api/v1/authorize.compact');
    expect(new URL(explicit().getImplicitAuthUrl('s')).searchParams.get('response_type')).toBe('token');
  });

  it('auth(code) sends the authorization_code grant with Basic credentials and resolves to the refresh token', async () => {
    const seen = tokenEndpoint([{ access_token: 'user-access-1', token_type: 'bearer', expires_in: 3600, refresh_token: 'refresh-1', scope: 'identity read' }]);
    const reddit = explicit();
    await expect(reddit.auth('the-code')).resolves.toBe('refresh-1');
    expect(seen).toEqual([{ auth: basic('web-id', 'web-secret-value'), form: { grant_type: 'authorization_code', code: 'the-code', redirect_uri: 'https://app.test/cb' } }]);
    expect(reddit.getRefreshToken()).toBe('refresh-1');
    expect(reddit.getAccessToken()).toBe('user-access-1');
  });

  it('auth(redirectUrl) reads the code and checks the state sent with the authorize URL', async () => {
    tokenEndpoint([{ access_token: 'user-access-2', token_type: 'bearer', expires_in: 3600 }]);
    const reddit = explicit();
    const state = new URL(reddit.getAuthUrl()).searchParams.get('state');
    await reddit.auth(`https://app.test/cb?state=${state}&code=abc`);
    const other = explicit();
    other.getAuthUrl('expected');
    await expect(failure(other.auth('https://app.test/cb?state=forged&code=abc'))).resolves.toMatchObject({ name: 'AuthError', code: 'state_mismatch' });
  });

  it('renews with the refresh token before expiry and keeps a rotated one', async () => {
    const seen = tokenEndpoint([
      { access_token: 'short-1', token_type: 'bearer', expires_in: 30, refresh_token: 'refresh-1' },
      { access_token: 'renewed-2', token_type: 'bearer', expires_in: 3600, refresh_token: 'refresh-2' },
    ]);
    const auths: string[] = [];
    nock(API).get('/api/v1/me').query(true).reply(function () {
      auths.push(String(this.req.headers.authorization));
      return [200, {}];
    });
    const reddit = explicit();
    await reddit.auth('code');
    await reddit('/api/v1/me').get();
    expect(seen[1]!.form).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(auths).toEqual(['bearer renewed-2']);
    expect(reddit.getRefreshToken()).toBe('refresh-2');
  });

  it('a fresh instance given only a refresh token renews on first call; refresh() renews on demand', async () => {
    const seen = tokenEndpoint([
      { access_token: 'a-1', token_type: 'bearer', expires_in: 3600 },
      { access_token: 'a-2', token_type: 'bearer', expires_in: 3600 },
    ]);
    nock(API).get('/x').query(true).reply(200, {});
    const reddit = explicit();
    reddit.setRefreshToken('saved-refresh');
    await reddit('/x').get();
    await reddit.refresh();
    expect(seen.map((s) => s.form.grant_type)).toEqual(['refresh_token', 'refresh_token']);
    expect(reddit.getAccessToken()).toBe('a-2');
  });

  it('a revoked refresh token ends in AuthError invalid_grant, once, no loop', async () => {
    const seen = tokenEndpoint([{ error: 'invalid_grant' }]);
    const reddit = explicit({ retryAttempts: 5 });
    reddit.setRefreshToken('revoked');
    await expect(failure(reddit('/x').get())).resolves.toMatchObject({ name: 'AuthError', code: 'invalid_grant' });
    expect(seen).toHaveLength(1);
  });

  it('a reused code is AuthError invalid_grant, and the code grant is never resent', async () => {
    nock(WWW).post('/api/v1/access_token').reply(200, { error: 'invalid_grant' });
    await expect(failure(explicit({ retryAttempts: 5 }).auth('used-code'))).resolves.toMatchObject({ name: 'AuthError', code: 'invalid_grant' });
    nock(WWW).post('/api/v1/access_token').replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    await expect(failure(explicit({ retryAttempts: 5 }).auth('other-code'))).resolves.toMatchObject({ name: 'NetworkError', attempts: 1 });
    // Not after a 5xx either: the platform may have spent the code before failing.
    const once = nock(WWW).post('/api/v1/access_token').times(2).reply(503, '');
    await expect(failure(explicit({ retryAttempts: 5 }).auth('third-code'))).resolves.toMatchObject({ name: 'AuthError', status: 503 });
    expect(once.pendingMocks()).toHaveLength(1);
    expectUnused(once);
  });

  it('temporary apps: an expired token emits access_token_expired and rejects with AuthError, sending nothing', async () => {
    tokenEndpoint([{ access_token: 'short-1', token_type: 'bearer', expires_in: 30 }]);
    const reddit = new Snoopath({ userAgent: UA, throttle: 0, fetch: transport(), oauth: { type: 'explicit', key: 'web-id', secret: 'web-secret-value', redirectUri: 'https://app.test/cb' } }) as LooseClient;
    await reddit.auth('code');
    let expired = 0;
    reddit.on('access_token_expired', () => expired++);
    await expect(failure(reddit('/x').get())).resolves.toBeInstanceOf(AuthError);
    expect(expired).toBe(1);
  });

  it('before authorization, calls use an application-only client_credentials token', async () => {
    const seen = tokenEndpoint([{ access_token: 'app-token-1', token_type: 'bearer', expires_in: 3600 }]);
    nock(API, { reqheaders: { authorization: 'bearer app-token-1' } }).get('/r/aww/about').query(true).reply(200, {});
    await explicit()('/r/aww/about').get();
    expect(seen).toEqual([{ auth: basic('web-id', 'web-secret-value'), form: { grant_type: 'client_credentials', scope: 'identity read' } }]);
  });
});

describe('implicit (installed) apps', () => {
  it('auth(redirect fragment) stores the token; an expired one emits the event and rejects without a request', async () => {
    const reddit = implicit();
    const state = new URL(reddit.getAuthUrl()).searchParams.get('state');
    await expect(reddit.auth(`https://app.test/cb#access_token=frag-token-1&token_type=bearer&expires_in=3600&scope=read&state=${state}`)).resolves.toBeUndefined();
    expect(reddit.getAccessToken()).toBe('frag-token-1');
    const late = implicit();
    await late.auth('#access_token=frag-token-2&expires_in=10');
    const events: string[] = [];
    late.on('access_token_expired', () => events.push('expired'));
    await expect(failure(late('/x').get())).resolves.toMatchObject({ name: 'AuthError', code: 'access_token_expired' });
    expect(events).toEqual(['expired']);
  });

  it('an error fragment is AuthError access_denied; a fragment with no token is AuthError', async () => {
    await expect(failure(implicit().auth('#error=access_denied&state=x'))).resolves.toMatchObject({ name: 'AuthError', code: 'access_denied' });
    await expect(failure(implicit().auth('https://app.test/cb#state=x'))).resolves.toBeInstanceOf(AuthError);
  });

  it('without a user token it uses installed_client with device_id and Basic credentials with an empty secret', async () => {
    const seen = tokenEndpoint([{ access_token: 'installed-1', token_type: 'bearer', expires_in: 3600 }]);
    nock(API).get('/hot').query(true).reply(200, {});
    await implicit()('/hot').get();
    expect(seen).toEqual([{ auth: basic('installed-id', ''), form: { grant_type: 'https://oauth.reddit.com/grants/installed_client', device_id: 'DO_NOT_TRACK_THIS_DEVICE', scope: 'read' } }]);
  });

  it('a deviceId outside 20 to 30 characters is a ConfigError', () => {
    expect(() => new Snoopath({ userAgent: UA, oauth: { type: 'implicit', key: 'k', redirectUri: 'r', deviceId: 'short' } })).toThrow(ConfigError);
  });
});

describe('application-only on demand, bypassAuth, deauth', () => {
  it('bypassAuth uses the application-only token even when a user token exists; appOnlyAuth() gets one now', async () => {
    tokenEndpoint([
      { access_token: 'user-1', token_type: 'bearer', expires_in: 3600, refresh_token: 'r-1' },
      { access_token: 'app-1', token_type: 'bearer', expires_in: 3600 },
    ]);
    nock(API, { reqheaders: { authorization: 'bearer app-1' } }).get('/x').query(true).reply(200, {});
    const reddit = explicit();
    await reddit.auth('code');
    await reddit.appOnlyAuth();
    await reddit('/x').get({}, { bypassAuth: true });
  });

  it('deauth() revokes the access token (204), deauth(refresh) the refresh token (200); both forget', async () => {
    tokenEndpoint([{ access_token: 'user-1', token_type: 'bearer', expires_in: 3600, refresh_token: 'r-1' }]);
    const revoked: Array<Record<string, string>> = [];
    nock(WWW, { reqheaders: { authorization: basic('web-id', 'web-secret-value') } }).post('/api/v1/revoke_token').reply(204, (_u, b) => void revoked.push(Object.fromEntries(new URLSearchParams(b as string))));
    nock(WWW).post('/api/v1/revoke_token').reply(200, (_u, b) => (revoked.push(Object.fromEntries(new URLSearchParams(b as string))), ''));
    const reddit = explicit();
    await reddit.auth('code');
    await reddit.deauth();
    expect(reddit.hasAccessToken()).toBe(false);
    expect(reddit.hasRefreshToken()).toBe(true);
    await reddit.deauth('r-1');
    expect(reddit.hasRefreshToken()).toBe(false);
    expect(revoked).toEqual([{ token: 'user-1', token_type_hint: 'access_token' }, { token: 'r-1', token_type_hint: 'refresh_token' }]);
  });

  it('script apps have no authorize URL', () => {
    expect(() => new Snoopath({ userAgent: UA, oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } }).getAuthUrl()).toThrow(ConfigError);
  });
});

describe('cookie mode', () => {
  it('sends no Authorization, reads the modhash before the first write and sends it as X-Modhash', async () => {
    const reddit = new Snoopath({ userAgent: UA, throttle: 0, useBrowserCookies: true, fetch: transport() }) as LooseClient;
    nock('https://www.reddit.com', { badheaders: ['authorization'] }).get('/api/me.json').query({ raw_json: '1' }).reply(200, { kind: 't2', data: { name: 'me', modhash: 'mh-123' } });
    nock('https://www.reddit.com', { badheaders: ['authorization', 'x-modhash'] }).get('/r/aww/hot.json').query(true).reply(200, {});
    nock('https://www.reddit.com', { reqheaders: { 'x-modhash': 'mh-123' }, badheaders: ['authorization'] }).post('/api/vote').query({ raw_json: '1' }).times(2).reply(200, {});
    await reddit('/r/aww/hot.json').get();
    await reddit('/api/vote').post({ id: 't3_x', dir: 1 });
    await reddit('/api/vote').post({ id: 't3_x', dir: 0 });
  });
});
