import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '../../lib/emulator/index.js';
import { startEmulator } from '../../lib/emulator/index.js';
import { api } from './helpers.js';

let emu: Emulator;

beforeAll(async () => {
  emu = await startEmulator({ sessionRateLimit: { budget: 1000, window: 600 } });
});
afterAll(() => emu.close());

function cookieOf(res: Response): string {
  const set = res.headers.get('set-cookie') ?? '';
  return set.split(';')[0] as string;
}

describe('cookie sessions', () => {
  it('GET /login sets reddit_session; /api/me.json answers the account with its modhash', async () => {
    expect((await api(emu, undefined, '/api/me.json')).json).toEqual({});
    const res = await fetch(`${emu.url}/login?user=demo_user`);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^reddit_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const me = await api(emu, undefined, '/api/me.json', { headers: { cookie: cookieOf(res) } });
    expect(me.json).toMatchObject({ kind: 't2', data: { name: 'demo_user', modhash: expect.stringMatching(/^[0-9a-f]{24}$/) } });
  });

  it('GET /login with dest redirects; unknown users are refused', async () => {
    const res = await fetch(`${emu.url}/login?user=other_user&dest=${encodeURIComponent('http://127.0.0.1:1234/app')}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://127.0.0.1:1234/app');
    expect((await fetch(`${emu.url}/login?user=ghost`)).status).toBe(400);
  });

  it('POST /api/login checks the password', async () => {
    const bad = await api(emu, undefined, '/api/login', { form: { user: 'demo_user', passwd: 'nope', api_type: 'json' } });
    expect(bad.json).toEqual({ json: { errors: [['WRONG_PASSWORD', 'wrong password', 'passwd']] } });
    const res = await fetch(`${emu.url}/api/login`, { method: 'POST', body: new URLSearchParams({ user: 'demo_user', passwd: 'demo_password', api_type: 'json' }) });
    const body = (await res.json()) as any;
    expect(body.json.errors).toEqual([]);
    expect(body.json.data.modhash).toEqual(expect.any(String));
    expect(cookieOf(res)).toBe(`reddit_session=${body.json.data.cookie}`);
  });

  it('cookie writes need the X-Modhash header', async () => {
    const login = await fetch(`${emu.url}/login?user=demo_user`);
    const cookie = cookieOf(login);
    const modhash = (await api(emu, undefined, '/api/me.json', { headers: { cookie } })).json.data.modhash;
    const post = (await api(emu, undefined, '/r/aww/new?limit=1', { headers: { cookie } })).json.data.children[0].data;
    const without = await api(emu, undefined, '/api/vote', { form: { id: post.name, dir: '1' }, headers: { cookie } });
    expect(without.status).toBe(403);
    expect(without.json.json.errors[0][0]).toBe('USER_REQUIRED');
    const wrong = await api(emu, undefined, '/api/vote', { form: { id: post.name, dir: '1' }, headers: { cookie, 'x-modhash': 'bad' } });
    expect(wrong.status).toBe(403);
    const ok = await api(emu, undefined, '/api/vote', { form: { id: post.name, dir: '1' }, headers: { cookie, 'x-modhash': modhash } });
    expect(ok).toMatchObject({ status: 200, json: {} });
    const info = await api(emu, undefined, `/api/info?id=${post.name}`, { headers: { cookie } });
    expect(info.json.data.children[0].data.likes).toBe(true);
    expect(emu.requests.at(-1)).toMatchObject({ user: 'demo_user', status: 200 });
  });

  it('logged-out calls read listings but cannot write', async () => {
    expect((await api(emu, undefined, '/r/aww/hot.json?limit=2')).json.data.dist).toBe(2);
    const vote = await api(emu, undefined, '/api/vote', { form: { id: 't3_x', dir: '1' } });
    expect(vote.status).toBe(403);
    expect((await api(emu, undefined, '/api/v1/me')).status).toBe(403);
  });

  it('logout ends the session', async () => {
    const cookie = cookieOf(await fetch(`${emu.url}/login?user=demo_user`));
    await fetch(`${emu.url}/logout`, { headers: { cookie } });
    expect((await api(emu, undefined, '/api/me.json', { headers: { cookie } })).json).toEqual({});
  });

  it('cookie and logged-out calls have their own budget (per session / per address)', async () => {
    const small = await startEmulator({ sessionRateLimit: { budget: 2, window: 60 } });
    try {
      const cookie = cookieOf(await fetch(`${small.url}/login?user=demo_user`));
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await api(small, undefined, '/api/me.json', { headers: { cookie } })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const anon = [];
      for (let i = 0; i < 3; i++) anon.push((await api(small, undefined, '/r/aww/hot')).status);
      expect(anon).toEqual([200, 200, 429]);
    } finally {
      await small.close();
    }
  });

  it('with https the cookie is SameSite=None; Secure', async () => {
    const secure = await startEmulator({ https: true });
    try {
      const { request } = await import('node:https');
      const header = await new Promise<string>((resolve, reject) => {
        const req = request(`${secure.url}/login?user=demo_user`, { ca: secure.ca }, (res) => {
          res.resume();
          resolve(String(res.headers['set-cookie']));
        });
        req.on('error', reject);
        req.end();
      });
      expect(header).toMatch(/SameSite=None; Secure$/);
    } finally {
      await secure.close();
    }
  });
});
