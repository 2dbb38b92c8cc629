import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '../../lib/emulator/index.js';
import { startEmulator } from '../../lib/emulator/index.js';
import { api, basic, scriptToken, tokenRequest } from './helpers.js';

let now = 1_800_000_000_000;
let emu: Emulator;

beforeAll(async () => {
  emu = await startEmulator({ now: () => now, rateLimit: false });
});
afterAll(() => emu.close());

/** Runs an authorize request and returns the redirect target. */
async function authorizeUrl(params: Record<string, string>, compact = false): Promise<{ status: number; location: URL | undefined; text: string }> {
  const res = await fetch(`${emu.url}/api/v1/authorize${compact ? '.compact' : ''}?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location) : undefined, text: await res.text() };
}

async function codeFor(extra: Record<string, string> = {}): Promise<string> {
  const { location } = await authorizeUrl({ client_id: 'web-app-id', response_type: 'code', state: 's1', redirect_uri: 'http://127.0.0.1/callback', scope: 'identity read', ...extra });
  return location!.searchParams.get('code')!;
}

describe('token endpoint', () => {
  it('password grant: script apps get a bearer token with no refresh token', async () => {
    const { status, body } = await tokenRequest(emu, 'script-app-id', 'script-app-secret', { grant_type: 'password', username: 'demo_user', password: 'demo_password' });
    expect(status).toBe(200);
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600, scope: '*' });
    const me = await api(emu, body.access_token as string, '/api/v1/me');
    expect(me.json.name).toBe('demo_user');
  });

  it('password grant accepts the 2FA form and narrows scopes', async () => {
    const { body } = await tokenRequest(emu, 'script-app-id', 'script-app-secret', { grant_type: 'password', username: 'demo_user', password: 'demo_password:123456', scope: 'identity read' });
    expect(body.scope).toBe('identity read');
  });

  it('quirks: a bad grant answers HTTP 200 with an error', async () => {
    const bad = await tokenRequest(emu, 'script-app-id', 'script-app-secret', { grant_type: 'password', username: 'demo_user', password: 'nope' });
    expect(bad).toEqual({ status: 200, body: { error: 'invalid_grant' } });
    expect((await tokenRequest(emu, 'script-app-id', 'script-app-secret', { grant_type: 'magic' })).body).toEqual({ error: 'unsupported_grant_type' });
    expect((await tokenRequest(emu, 'script-app-id', 'script-app-secret', { grant_type: 'password', username: 'demo_user' })).body).toEqual({ error: 'invalid_request' });
    expect((await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'password', username: 'demo_user', password: 'demo_password' })).body).toEqual({ error: 'unauthorized_client' });
  });

  it('bad or missing Basic credentials answer 401', async () => {
    const wrong = await tokenRequest(emu, 'script-app-id', 'wrong', { grant_type: 'client_credentials' });
    expect(wrong).toEqual({ status: 401, body: { message: 'Unauthorized', error: 401 } });
    const none = await fetch(`${emu.url}/api/v1/access_token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) });
    expect(none.status).toBe(401);
  });

  it('client_credentials: app-only token, no refresh token, read-only access', async () => {
    const { body } = await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'client_credentials' });
    expect(body.refresh_token).toBeUndefined();
    const token = body.access_token as string;
    expect((await api(emu, token, '/r/aww/hot')).status).toBe(200);
    expect((await api(emu, token, '/api/v1/me')).status).toBe(403);
    expect((await api(emu, token, '/api/vote', { form: { id: 't3_x', dir: '1' } })).status).toBe(403);
  });

  it('installed_client: empty secret, device_id of 20 to 30 characters', async () => {
    const grant = 'https://oauth.reddit.com/grants/installed_client';
    const ok = await tokenRequest(emu, 'installed-app-id', '', { grant_type: grant, device_id: 'DO_NOT_TRACK_THIS_DEVICE' });
    expect(ok.body).toMatchObject({ token_type: 'bearer', scope: '*' });
    expect(ok.body.refresh_token).toBeUndefined();
    expect((await tokenRequest(emu, 'installed-app-id', '', { grant_type: grant, device_id: 'short' })).body).toEqual({ error: 'invalid_request' });
    expect((await tokenRequest(emu, 'script-app-id', 'script-app-secret', { grant_type: grant, device_id: 'DO_NOT_TRACK_THIS_DEVICE' })).body).toEqual({ error: 'unauthorized_client' });
  });

  it('authorization_code: single use, redirect_uri must match, permanent gets a refresh token', async () => {
    const code = await codeFor({ duration: 'permanent' });
    const form = { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1/callback' };
    const first = await tokenRequest(emu, 'web-app-id', 'web-app-secret', form);
    expect(first.body).toMatchObject({ token_type: 'bearer', scope: 'identity read', refresh_token: expect.any(String) });
    expect((await tokenRequest(emu, 'web-app-id', 'web-app-secret', form)).body).toEqual({ error: 'invalid_grant' });

    const other = await codeFor();
    const mismatch = await tokenRequest(emu, 'web-app-id', 'web-app-secret', { ...form, code: other, redirect_uri: 'http://127.0.0.1/other' });
    expect(mismatch.body).toEqual({ error: 'invalid_grant' });

    const temporary = await tokenRequest(emu, 'web-app-id', 'web-app-secret', { ...form, code: await codeFor() });
    expect(temporary.body.refresh_token).toBeUndefined();
  });

  it('codes live 10 minutes', async () => {
    const code = await codeFor();
    now += 601_000;
    const late = await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1/callback' });
    expect(late.body).toEqual({ error: 'invalid_grant' });
  });

  it('refresh_token rotates: the new one works, the old one is invalid', async () => {
    const code = await codeFor({ duration: 'permanent' });
    const first = await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1/callback' });
    const rt = first.body.refresh_token as string;
    const refreshed = await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'refresh_token', refresh_token: rt, scope: 'read' });
    expect(refreshed.body).toMatchObject({ access_token: expect.any(String), scope: 'read', refresh_token: expect.any(String) });
    expect(refreshed.body.refresh_token).not.toBe(rt);
    expect((await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'refresh_token', refresh_token: rt })).body).toEqual({ error: 'invalid_grant' });
    const again = await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token as string });
    expect(again.body.scope).toBe('identity read');
    expect((await tokenRequest(emu, 'script-app-id', 'script-app-secret', { grant_type: 'refresh_token', refresh_token: again.body.refresh_token as string })).body).toEqual({ error: 'invalid_grant' });
  });

  it('without rotation the refresh token keeps working', async () => {
    const fixed = await startEmulator({ rotateRefreshTokens: false });
    try {
      const res = await fetch(`${fixed.url}/api/v1/authorize?client_id=web-app-id&response_type=code&state=x&redirect_uri=http://127.0.0.1/callback&duration=permanent&scope=read`, { redirect: 'manual' });
      const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
      const first = await tokenRequest(fixed, 'web-app-id', 'web-app-secret', { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1/callback' });
      const rt = first.body.refresh_token as string;
      for (let i = 0; i < 2; i++) {
        const r = await tokenRequest(fixed, 'web-app-id', 'web-app-secret', { grant_type: 'refresh_token', refresh_token: rt });
        expect(r.body.access_token).toEqual(expect.any(String));
        expect(r.body.refresh_token).toBeUndefined();
      }
    } finally {
      await fixed.close();
    }
  });
});

describe('authorize', () => {
  it('code flow redirects with code and state (also .compact)', async () => {
    for (const compact of [false, true]) {
      const { status, location } = await authorizeUrl({ client_id: 'web-app-id', response_type: 'code', state: 'abc', redirect_uri: 'http://127.0.0.1:5555/cb', duration: 'permanent', scope: 'identity' }, compact);
      expect(status).toBe(302);
      expect(location!.origin + location!.pathname).toBe('http://127.0.0.1:5555/cb');
      expect(location!.searchParams.get('state')).toBe('abc');
      expect(location!.searchParams.get('code')).toMatch(/.{10,}/);
    }
  });

  it('implicit flow puts the token in the fragment, never a refresh token', async () => {
    const { location } = await authorizeUrl({ client_id: 'installed-app-id', response_type: 'token', state: 'st', redirect_uri: 'http://127.0.0.1/callback', scope: 'identity read', duration: 'permanent' });
    const frag = new URLSearchParams(location!.hash.slice(1));
    expect(Object.fromEntries(frag)).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: '3600', scope: 'identity read', state: 'st' });
    expect((await api(emu, frag.get('access_token')!, '/api/v1/me')).json.name).toBe('demo_user');
  });

  it('user override and denial', async () => {
    const asOther = await authorizeUrl({ client_id: 'installed-app-id', response_type: 'token', state: 's', redirect_uri: 'http://127.0.0.1/callback', user: 'other_user' });
    const token = new URLSearchParams(asOther.location!.hash.slice(1)).get('access_token')!;
    expect((await api(emu, token, '/api/v1/me')).json.name).toBe('other_user');
    const denied = await authorizeUrl({ client_id: 'installed-app-id', response_type: 'token', state: 's', redirect_uri: 'http://127.0.0.1/callback', deny: '1' });
    expect(denied.location!.hash).toBe('#error=access_denied&state=s');
  });

  it('errors: redirected per OAuth, or a page when the redirect cannot be trusted', async () => {
    const base = { client_id: 'web-app-id', state: 's', redirect_uri: 'http://127.0.0.1/callback' };
    expect((await authorizeUrl({ ...base, response_type: 'bogus' })).location!.searchParams.get('error')).toBe('unsupported_response_type');
    expect((await authorizeUrl({ ...base, response_type: 'code', scope: 'nonsense' })).location!.searchParams.get('error')).toBe('invalid_scope');
    expect((await authorizeUrl({ ...base, response_type: 'code', state: '' })).location!.searchParams.get('error')).toBe('invalid_request');
    expect((await authorizeUrl({ ...base, response_type: 'code', duration: 'forever' })).location!.searchParams.get('error')).toBe('invalid_request');
    const script = await authorizeUrl({ ...base, client_id: 'script-app-id', response_type: 'token' });
    expect(script.location!.hash).toBe('#error=unauthorized_client&state=s');
    expect((await authorizeUrl({ ...base, client_id: 'nope', response_type: 'code' })).status).toBe(400);
    expect((await authorizeUrl({ ...base, response_type: 'code', redirect_uri: 'https://evil.example/cb' })).status).toBe(400);
  });

  it('apps without anyLoopbackRedirect need the exact redirect URI', async () => {
    const strict = await startEmulator({ apps: [{ type: 'web', id: 'strict', secret: 's', redirectUri: 'http://127.0.0.1:9000/cb' }] });
    try {
      const go = (uri: string) => fetch(`${strict.url}/api/v1/authorize?client_id=strict&response_type=code&state=s&redirect_uri=${encodeURIComponent(uri)}`, { redirect: 'manual' });
      expect((await go('http://127.0.0.1:9000/cb')).status).toBe(302);
      expect((await go('http://127.0.0.1:9001/cb')).status).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe('token lifetime, scopes and revocation', () => {
  it('tokens expire on the injected clock and expireTokens()', async () => {
    const token = await scriptToken(emu);
    expect((await api(emu, token, '/api/v1/me')).status).toBe(200);
    now += 3_599_000;
    expect((await api(emu, token, '/api/v1/me')).status).toBe(200);
    now += 1_000;
    const expired = await api(emu, token, '/api/v1/me');
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer realm="reddit", error="invalid_token"');
    expect(expired.json).toEqual({ message: 'Unauthorized', error: 401 });

    const fresh = await scriptToken(emu);
    emu.expireTokens();
    expect((await api(emu, fresh, '/api/v1/me')).status).toBe(401);
    expect((await api(emu, 'garbage', '/api/v1/me')).status).toBe(401);
  });

  it('a missing scope answers 403 insufficient_scope', async () => {
    const token = await scriptToken(emu, 'read');
    const res = await api(emu, token, '/api/v1/me');
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="reddit", error="insufficient_scope"');
    expect((await api(emu, token, '/r/aww/new')).status).toBe(200);
  });

  it('revoke answers 204; revoking a refresh token revokes its access tokens', async () => {
    const code = await codeFor({ duration: 'permanent' });
    const { body } = await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1/callback' });
    const revoke = (token: string, auth = basic('web-app-id', 'web-app-secret')) =>
      fetch(`${emu.url}/api/v1/revoke_token`, { method: 'POST', headers: { authorization: auth }, body: new URLSearchParams({ token, token_type_hint: 'refresh_token' }) });
    expect((await revoke(body.refresh_token as string, basic('web-app-id', 'bad'))).status).toBe(401);
    expect((await api(emu, body.access_token as string, '/api/v1/me')).status).toBe(200);
    expect((await revoke(body.refresh_token as string)).status).toBe(204);
    expect((await api(emu, body.access_token as string, '/api/v1/me')).status).toBe(401);
    expect((await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'refresh_token', refresh_token: body.refresh_token as string })).body).toEqual({ error: 'invalid_grant' });

    const access = await scriptToken(emu);
    const r = await fetch(`${emu.url}/api/v1/revoke_token`, { method: 'POST', headers: { authorization: basic('script-app-id', 'script-app-secret') }, body: new URLSearchParams({ token: access }) });
    expect(r.status).toBe(204);
    expect((await api(emu, access, '/api/v1/me')).status).toBe(401);
  });

  it('revokeAll() ends every token', async () => {
    const token = await scriptToken(emu);
    emu.revokeAll();
    expect((await api(emu, token, '/api/v1/me')).status).toBe(401);
  });
});
