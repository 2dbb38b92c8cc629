/**
 * Every OAuth flow end to end against the emulator: authorize redirect -> code or fragment ->
 * tokens -> calls -> expiry -> renewal or the expiry event -> revoke; and bad input, which ends
 * in AuthError or ConfigError and never in a retry loop.
 */
import { describe, expect, it } from '@jest/globals';
import Snoopath, { AuthError, ConfigError, ResponseError, type SnoopathOptions } from '../../lib/index.js';
import {
  authorizeRedirect, client, failure, grants, requestsTo, REVOKE_PATH, shiftClock, start, tokenRequests, USER_AGENT,
  type Emulator, type LooseClient,
} from './setup.js';

const ME = '/api/v1/me';
const HOUR = 3600_000;
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** An hour later the token is gone for good: the event fires once, the call rejects, nothing is sent. */
async function expectExpiry(reddit: LooseClient, emulator: Emulator): Promise<{ error: any; expired: () => number }> {
  let expired = 0;
  reddit.on('access_token_expired', () => expired++);
  emulator.clearLog();
  shiftClock(HOUR);
  const error = await failure(reddit('/api/v1/me').get());
  expect(error).toBeInstanceOf(AuthError);
  expect(error.code).toBe('access_token_expired');
  return { error, expired: () => expired };
}

describe('script apps: the token lifecycle', () => {
  it('expireTokens(): the next call gets 401, the client runs the password grant and resends once', async () => {
    const emu = await start();
    const reddit = client(emu);
    const refreshed: string[] = [];
    reddit.on('access_token_refreshed', (t) => refreshed.push(t));
    await reddit('/api/v1/me').get();
    const first = reddit.getAccessToken();
    emu.expireTokens();
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([200, 401, 200]);
    expect(grants(emu)).toEqual(['password', 'password']);
    expect(reddit.getAccessToken()).not.toBe(first);
    expect(refreshed).toEqual([first, reddit.getAccessToken()]);
    // The resend carries the new token.
    expect(requestsTo(emu, ME)[2]!.headers.authorization).toBe(`bearer ${reddit.getAccessToken()}`);
  });

  it('the clock passing the expiry: the token is renewed before the call, no 401', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit('/api/v1/me').get();
    shiftClock(HOUR - 30_000); // within the renewal margin: renew ahead of the platform's expiry
    await reddit('/api/v1/me').get();
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([200, 200]);
    expect(grants(emu)).toEqual(['password', 'password']);
  });

  it('revokeAll(): the password grant still works, so the call is renewed and resent once', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.revokeAll();
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([401, 200]);
  });

  it('a wrong password is AuthError invalid_grant after one token request (HTTP 200 {error})', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { oauth: { password: 'not-the-password' } });
    const error = await failure(reddit('/api/v1/me').get());
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('invalid_grant');
    expect(error.message).not.toMatch(/not-the-password/);
    expect(tokenRequests(emu).map((r) => r.status)).toEqual([200]);
    expect(requestsTo(emu, ME)).toHaveLength(0);
  });

  it('a wrong client secret is AuthError invalid_client after one token request (HTTP 401)', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { oauth: { secret: 'wrong-secret-value' } });
    const error = await failure(reddit.auth());
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('invalid_client');
    expect(error.message).not.toMatch(/wrong-secret-value/);
    expect(tokenRequests(emu).map((r) => r.status)).toEqual([401]);
  });

  it('bypassAuth uses an application-only token next to the user token; appOnlyAuth() gets it up front', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    await reddit.appOnlyAuth();
    expect(grants(emu)).toEqual(['password', 'client_credentials']);
    await reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 }, { bypassAuth: true });
    await reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 });
    const [appOnly, asUser] = requestsTo(emu, '/r/aww/hot');
    expect(appOnly!.user).toBeUndefined();
    expect(appOnly!.clientId).toBe('script-app-id');
    expect(asUser!.user).toBe('demo_user');
    expect(grants(emu)).toHaveLength(2);
    // Application-only tokens may not act for a user.
    const error = await failure(reddit('/api/v1/me').get(undefined, { bypassAuth: true }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(403);
  });
});

describe('explicit (web) apps, duration permanent', () => {
  it('authorize -> code -> tokens -> calls -> expiry -> refresh -> deauth -> deauth(refresh) -> app-only', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit', { oauth: { duration: 'permanent', scope: ['identity', 'read', 'vote'] } });
    const refreshed: string[] = [];
    reddit.on('access_token_refreshed', (t) => refreshed.push(t));

    // 1. The authorize URL, followed like a browser up to the redirect.
    const url = new URL(reddit.getAuthUrl());
    expect(url.origin + url.pathname).toBe(`${emu.url}/api/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'web-app-id', response_type: 'code', duration: 'permanent', scope: 'identity read vote', redirect_uri: emu.apps.web.redirectUri,
    });
    const location = await authorizeRedirect(url.href);
    const back = new URL(location);
    expect(back.origin + back.pathname).toBe(emu.apps.web.redirectUri);
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    // 2. The code for tokens.
    const refreshToken = await reddit.auth(location);
    expect(refreshToken).toEqual(expect.any(String));
    expect(reddit.getRefreshToken()).toBe(refreshToken);
    const [codeGrant] = tokenRequests(emu);
    expect(codeGrant!.headers.authorization).toBe(basic('web-app-id', 'web-app-secret'));
    expect(form(codeGrant!.body)).toEqual({ grant_type: 'authorization_code', code, redirect_uri: emu.apps.web.redirectUri });

    // 3. Calls as the user.
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, ME)[0]).toMatchObject({ user: 'demo_user', clientId: 'web-app-id' });

    // 4. The platform expires the token: 401, renewal by refresh token, one resend; the refresh token rotates.
    emu.expireTokens();
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([200, 401, 200]);
    expect(grants(emu)).toEqual(['authorization_code', 'refresh_token']);
    expect(form(tokenRequests(emu)[1]!.body)).toEqual({ grant_type: 'refresh_token', refresh_token: refreshToken });
    const rotated = reddit.getRefreshToken();
    expect(rotated).toEqual(expect.any(String));
    expect(rotated).not.toBe(refreshToken);

    // 5. Time passes an hour: renewed ahead with the rotated refresh token, no 401.
    emu.clearLog();
    shiftClock(HOUR);
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([200]);
    expect(form(tokenRequests(emu)[0]!.body)).toEqual({ grant_type: 'refresh_token', refresh_token: rotated });
    expect(refreshed).toHaveLength(3);
    expect(refreshed.at(-1)).toBe(reddit.getAccessToken());

    // 6. deauth(): the access token is revoked; the refresh token still renews.
    emu.clearLog();
    const access = reddit.getAccessToken()!;
    await reddit.deauth();
    const [revokeAccess] = requestsTo(emu, REVOKE_PATH);
    expect(revokeAccess!.status).toBe(204);
    expect(revokeAccess!.headers.authorization).toBe(basic('web-app-id', 'web-app-secret'));
    expect(form(revokeAccess!.body)).toEqual({ token: access, token_type_hint: 'access_token' });
    expect(reddit.hasAccessToken()).toBe(false);
    expect(reddit.hasRefreshToken()).toBe(true);
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(grants(emu)).toEqual(['refresh_token']);

    // 7. deauth(refreshToken): both forgotten; calls fall back to an application-only token.
    emu.clearLog();
    const lastRefresh = reddit.getRefreshToken()!;
    await reddit.deauth(lastRefresh);
    expect(form(requestsTo(emu, REVOKE_PATH)[0]!.body)).toEqual({ token: lastRefresh, token_type_hint: 'refresh_token' });
    expect(reddit.hasRefreshToken()).toBe(false);
    expect(reddit.hasAccessToken()).toBe(false);
    await expect(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 })).resolves.toMatchObject({ kind: 'Listing' });
    expect(grants(emu)).toEqual(['client_credentials']);
    expect(requestsTo(emu, '/r/aww/hot')[0]!.user).toBeUndefined();
    const error = await failure(reddit('/api/v1/me').get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(403);
    // The revoked refresh token is dead on the platform too.
    const revived = client(emu, 'explicit', { oauth: { duration: 'permanent' } });
    const dead = await failure(revived.refresh(lastRefresh));
    expect(dead).toBeInstanceOf(AuthError);
    expect(dead.code).toBe('invalid_grant');
  });

  it('a fresh instance given only the refresh token (setRefreshToken) renews on its first call', async () => {
    const emu = await start();
    const first = client(emu, 'explicit', { oauth: { duration: 'permanent' } });
    const refreshToken = (await first.auth(await authorizeRedirect(first.getAuthUrl())))!;
    const second = client(emu, 'explicit', { oauth: { duration: 'permanent' } });
    second.setRefreshToken(refreshToken);
    await expect(second('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(grants(emu)).toEqual(['authorization_code', 'refresh_token']);
    expect(second.getRefreshToken()).not.toBe(refreshToken);
  });

  it('revokeAll(): the refresh token is revoked too: AuthError invalid_grant, one refresh request, no loop', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit', { oauth: { duration: 'permanent' } });
    await reddit.auth(await authorizeRedirect(reddit.getAuthUrl()));
    await reddit('/api/v1/me').get();
    emu.revokeAll();
    const error = await failure(reddit('/api/v1/me').get());
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('invalid_grant');
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([200, 401]);
    expect(grants(emu)).toEqual(['authorization_code', 'refresh_token']);
    expect(tokenRequests(emu, 'refresh_token').map((r) => r.status)).toEqual([200]); // HTTP 200 {"error": "invalid_grant"}
    expect(error.message).toMatch(/new code or refresh token/);
    expect(error.message).not.toMatch(/\[redacted\]/);
    // A second call tries the refresh token once more (it may have been replaced meanwhile), before sending anything.
    const again = await failure(reddit('/api/v1/me').get());
    expect(again).toBeInstanceOf(AuthError);
    expect(grants(emu)).toEqual(['authorization_code', 'refresh_token', 'refresh_token']);
    expect(requestsTo(emu, ME)).toHaveLength(2);
  });

  it('mobile: the .compact authorize URL works end to end', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit', { mobile: true });
    const url = reddit.getAuthUrl();
    expect(new URL(url).pathname).toBe('/api/v1/authorize.compact');
    await reddit.auth(await authorizeRedirect(url));
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
  });
});

describe('explicit apps, duration temporary', () => {
  it('no refresh token; at expiry access_token_expired and AuthError, without a request', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    expect(new URL(reddit.getAuthUrl()).searchParams.get('duration')).toBe('temporary');
    expect(await reddit.auth(await authorizeRedirect(reddit.getAuthUrl()))).toBeUndefined();
    expect(reddit.hasRefreshToken()).toBe(false);
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });

    const { expired } = await expectExpiry(reddit, emu);
    expect(expired()).toBe(1);
    expect(emu.requests).toEqual([]);
    // It stays that way: no app-only fallback, no request.
    expect(await failure(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww' }))).toBeInstanceOf(AuthError);
    expect(emu.requests).toEqual([]);
  });

  it('a token the platform expired early: one 401, then access_token_expired and AuthError', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    await reddit.auth(await authorizeRedirect(reddit.getAuthUrl()));
    let expired = 0;
    reddit.on('access_token_expired', () => expired++);
    emu.expireTokens();
    const error = await failure(reddit('/api/v1/me').get());
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('access_token_expired');
    expect(expired).toBe(1);
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([401]);
    expect(grants(emu)).toEqual(['authorization_code']);
    // The next call knows the token is dead: nothing is sent.
    expect(await failure(reddit('/api/v1/me').get())).toBeInstanceOf(AuthError);
    expect(requestsTo(emu, ME)).toHaveLength(1);
  });
});

describe('implicit (installed) apps', () => {
  it('authorize (response_type=token) -> fragment -> auth(location) -> calls -> expiry event', async () => {
    const emu = await start();
    const reddit = client(emu, 'implicit', { oauth: { scope: ['identity', 'read'] } });
    const url = new URL(reddit.getAuthUrl());
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.has('duration')).toBe(false);
    const location = await authorizeRedirect(url.href);
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('state')).toBe(url.searchParams.get('state'));
    const refreshed: string[] = [];
    reddit.on('access_token_refreshed', (t) => refreshed.push(t));

    expect(await reddit.auth(location)).toBeUndefined();
    expect(reddit.getAccessToken()).toBe(fragment.get('access_token'));
    expect(refreshed).toEqual([fragment.get('access_token')]);
    expect(tokenRequests(emu)).toHaveLength(0);
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, ME)[0]).toMatchObject({ clientId: 'installed-app-id', user: 'demo_user' });

    const { error, expired } = await expectExpiry(reddit, emu);
    expect(error.message).toMatch(/getAuthUrl/);
    expect(expired()).toBe(1);
    expect(emu.requests).toEqual([]);

    // A new login: a new fragment, accepted by the same instance.
    const second = await authorizeRedirect(reddit.getAuthUrl());
    await reddit.auth(second);
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
  });

  it('the fragment alone (#access_token=...) and a bare token are accepted too', async () => {
    const emu = await start();
    const a = client(emu, 'implicit');
    const location = await authorizeRedirect(a.getAuthUrl());
    await a.auth(location.slice(location.indexOf('#')));
    await expect(a('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    const b = client(emu, 'implicit');
    await b.auth(new URLSearchParams(location.slice(location.indexOf('#') + 1)).get('access_token')!);
    await expect(b('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
  });

  it('denied (error=access_denied in the fragment) and malformed fragments are AuthError; nothing is sent', async () => {
    const emu = await start();
    const reddit = client(emu, 'implicit');
    const denied = await authorizeRedirect(`${reddit.getAuthUrl()}&deny=1`);
    expect(denied).toMatch(/#error=access_denied/);
    emu.clearLog();
    const error = await failure(reddit.auth(denied));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('access_denied');

    const state = new URL(reddit.getAuthUrl()).searchParams.get('state');
    for (const bad of [`${emu.apps.installed.redirectUri}#token_type=bearer&expires_in=3600&state=${state}`, `#access_token=&state=${state}`, '   ']) {
      const e = await failure(reddit.auth(bad));
      expect(e).toBeInstanceOf(AuthError);
      expect(e.code).toBe('invalid_request');
    }
    expect(reddit.hasAccessToken()).toBe(false);
    expect(emu.requests).toEqual([]);
  });

  it('without a user token: installed_client with device_id and Basic credentials with an empty secret', async () => {
    const emu = await start();
    const deviceId = 'integration-test-device-01';
    const reddit = client(emu, 'implicit', { oauth: { deviceId } });
    await expect(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 })).resolves.toMatchObject({ kind: 'Listing' });
    const [grant] = tokenRequests(emu);
    expect(grant!.headers.authorization).toBe(basic('installed-app-id', ''));
    expect(form(grant!.body)).toEqual({ grant_type: 'https://oauth.reddit.com/grants/installed_client', device_id: deviceId, scope: '*' });
    expect(grant!.status).toBe(200);
    expect(requestsTo(emu, '/r/aww/hot')[0]).toMatchObject({ clientId: 'installed-app-id', user: undefined });

    // The default device id is accepted too.
    const anonymous = client(emu, 'implicit');
    await anonymous.appOnlyAuth();
    expect(form(tokenRequests(emu)[1]!.body).device_id).toBe('DO_NOT_TRACK_THIS_DEVICE');
  });

  it('a deviceId shorter than 20 characters is a ConfigError, before anything is sent', async () => {
    const emu = await start();
    const make = () => new Snoopath({ userAgent: USER_AGENT, apiServerUri: emu.url, authServerUri: emu.url, oauth: { type: 'implicit', ...emu.apps.installed, deviceId: 'too-short' } } as SnoopathOptions);
    expect(make).toThrow(ConfigError);
    try {
      make();
    } catch (error) {
      expect((error as ConfigError).option).toBe('oauth.deviceId');
    }
    expect(emu.requests).toEqual([]);
  });
});

describe('explicit apps: application-only before authorization, and bad input', () => {
  it('an explicit app not yet authorized reads with client_credentials; /api/v1/me is refused (403)', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    await expect(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 })).resolves.toMatchObject({ kind: 'Listing' });
    expect(grants(emu)).toEqual(['client_credentials']);
    expect(tokenRequests(emu)[0]!.headers.authorization).toBe(basic('web-app-id', 'web-app-secret'));
    const error = await failure(reddit('/api/v1/me').get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(403);
    expect(grants(emu)).toEqual(['client_credentials']);
  });

  it('a wrong code is AuthError invalid_grant after one token request', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    const error = await failure(reddit.auth('this-is-not-a-code'));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('invalid_grant');
    expect(error.message).toMatch(/single use/);
    expect(tokenRequests(emu)).toHaveLength(1);
  });

  it('a reused code is AuthError invalid_grant; the code grant is never resent', async () => {
    const emu = await start();
    const first = client(emu, 'explicit');
    const location = await authorizeRedirect(first.getAuthUrl());
    await first.auth(location);
    const second = client(emu, 'explicit');
    const code = new URL(location).searchParams.get('code')!;
    const error = await failure(second.auth(code));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('invalid_grant');
    expect(tokenRequests(emu, 'authorization_code')).toHaveLength(2);
  });

  it('a code grant whose connection is reset is not resent (the code may be spent)', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    const location = await authorizeRedirect(reddit.getAuthUrl());
    emu.fault({ path: '/api/v1/access_token', reset: true });
    const error = await failure(reddit.auth(location));
    expect(error.name).toBe('NetworkError');
    expect(tokenRequests(emu)).toHaveLength(1);
  });

  it('a redirect whose state is not the one sent is AuthError state_mismatch; nothing is sent', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    reddit.getAuthUrl('the-state-we-sent');
    const forged = await authorizeRedirect(client(emu, 'explicit').getAuthUrl('someone-elses-state'));
    emu.clearLog();
    const error = await failure(reddit.auth(forged));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('state_mismatch');
    expect(emu.requests).toEqual([]);
    expect(reddit.hasAccessToken()).toBe(false);
  });

  it('an implicit redirect given to an explicit app is AuthError; nothing is sent', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    const fragment = await authorizeRedirect(reddit.getImplicitAuthUrl());
    emu.clearLog();
    const error = await failure(reddit.auth(fragment));
    expect(error).toBeInstanceOf(AuthError);
    expect(emu.requests).toEqual([]);
  });
});
