/** Tokens kept across restarts in a file (tokenStore), and cookie mode driven from Node. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthError, ResponseError, type TokenStore, type Tokens } from '../../lib/index.js';
import { authorizeRedirect, client, failure, grants, requestsTo, shiftClock, start, tokenRequests, type Emulator } from './setup.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'snoopath-token-store-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The store an app would write: tokens as JSON in a file. */
function fileStore(file: string): TokenStore & { writes: number } {
  const store = {
    writes: 0,
    async get(): Promise<Tokens | undefined> {
      try {
        return JSON.parse(await readFile(file, 'utf8')) as Tokens;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async set(tokens: Tokens): Promise<void> {
      store.writes++;
      await writeFile(file, JSON.stringify(tokens));
    },
  };
  return store;
}

describe('tokenStore: tokens kept in a file across restarts', () => {
  it('script: a second instance reading the file makes calls without a token request', async () => {
    const emu = await start();
    const file = join(dir, 'script.json');
    const first = client(emu, 'script', { tokenStore: fileStore(file) });
    await first('/api/v1/me').get();
    const saved = JSON.parse(await readFile(file, 'utf8')) as Tokens;
    expect(saved.accessToken).toBe(first.getAccessToken());
    expect(saved.expiresAt).toBeGreaterThan(Date.now() + 3500_000);
    expect(grants(emu)).toEqual(['password']);

    const store = fileStore(file);
    const second = client(emu, 'script', { tokenStore: store });
    await expect(second('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(grants(emu)).toEqual(['password']);
    expect(requestsTo(emu, '/api/v1/me')[1]!.headers.authorization).toBe(`bearer ${saved.accessToken}`);
    expect(store.writes).toBe(0);
  });

  it('script: a stored token the platform no longer knows is replaced (401, renewal) and the file updated', async () => {
    const emu = await start();
    const file = join(dir, 'stale.json');
    await writeFile(file, JSON.stringify({ accessToken: 'a-token-from-another-life', expiresAt: Date.now() + 3600_000 }));
    const reddit = client(emu, 'script', { tokenStore: fileStore(file) });
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, '/api/v1/me').map((r) => r.status)).toEqual([401, 200]);
    expect((JSON.parse(await readFile(file, 'utf8')) as Tokens).accessToken).toBe(reddit.getAccessToken());
  });

  it('explicit permanent: the stored refresh token renews in a new process, the rotated one is written back', async () => {
    const emu = await start();
    const file = join(dir, 'explicit.json');
    const permanent = (store: TokenStore) => client(emu, 'explicit', { oauth: { duration: 'permanent' }, tokenStore: store });

    const first = permanent(fileStore(file));
    const refreshToken = await first.auth(await authorizeRedirect(first.getAuthUrl()));
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ accessToken: first.getAccessToken(), refreshToken });

    // "Restart": a new instance uses the stored access token as is.
    const second = permanent(fileStore(file));
    await expect(second('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(grants(emu)).toEqual(['authorization_code']);
    expect(second.getRefreshToken()).toBe(refreshToken);

    // Expired on the platform: renewed with the stored refresh token, which rotates; the file follows.
    emu.expireTokens();
    await second('/api/v1/me').get();
    expect(grants(emu)).toEqual(['authorization_code', 'refresh_token']);
    const after = JSON.parse(await readFile(file, 'utf8')) as Tokens;
    expect(after.refreshToken).toBe(second.getRefreshToken());
    expect(after.refreshToken).not.toBe(refreshToken);
    expect(after.accessToken).toBe(second.getAccessToken());

    // A third "restart" after expiry: only the rotated refresh token works, and it is the one on file.
    emu.expireTokens();
    const third = permanent(fileStore(file));
    await expect(third('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(tokenRequests(emu, 'refresh_token').map((r) => new URLSearchParams(r.body).get('refresh_token'))).toEqual([refreshToken, after.refreshToken]);
  });
});

/** Log in with the emulator's shortcut and return the session cookie (`name=value`). */
async function login(emu: Emulator, user = 'demo_user'): Promise<string> {
  const res = await fetch(`${emu.url}/login?user=${user}`);
  await res.arrayBuffer();
  const setCookie = res.headers.get('set-cookie');
  expect(setCookie).toMatch(/^reddit_session=[^;]+;.*HttpOnly/);
  return setCookie!.split(';')[0]!;
}

/** Node's fetch keeps no cookies: a fetch that sends the session cookie, as a browser would. */
function cookieFetch(cookie: string, seen: RequestInit[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(init ?? {});
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('cookie', cookie);
    return fetch(new Request(request, { headers }));
  };
}

describe('cookie mode (useBrowserCookies) from Node with a cookie-sending fetch', () => {
  it('no Authorization; the modhash is read from /api/me.json before the first write and sent as X-Modhash', async () => {
    const emu = await start();
    const cookie = await login(emu);
    const inits: RequestInit[] = [];
    const reddit = client(emu, 'cookies', { fetch: cookieFetch(cookie, inits) });

    const hot = await reddit('/r/$subreddit/new').listing<{ data: { name: string } }>({ $subreddit: 'aww', limit: 2 });
    const target = hot.children[0]!.data.name;
    await expect(reddit('/api/vote').post({ id: target, dir: 1 })).resolves.toEqual({});
    await expect(reddit('/api/vote').post({ id: target, dir: 0 })).resolves.toEqual({});

    const calls = emu.requests.filter((r) => r.path !== '/login');
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /r/aww/new', 'GET /api/me.json', 'POST /api/vote', 'POST /api/vote']);
    expect(calls.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(calls.every((r) => r.user === 'demo_user' && r.status === 200)).toBe(true);
    expect(inits.every((i) => i.credentials === 'include')).toBe(true);
    // The modhash the emulator gave this session is the one sent with each write; GETs carry none.
    const me = await fetch(`${emu.url}/api/me.json`, { headers: { cookie } }).then((r) => r.json() as Promise<{ data: { modhash: string } }>);
    expect(calls[2]!.headers['x-modhash']).toBe(me.data.modhash);
    expect(calls[3]!.headers['x-modhash']).toBe(me.data.modhash);
    expect(calls[0]!.headers['x-modhash']).toBeUndefined();
    expect(requestsTo(emu, '/api/me.json')[0]!.query).not.toHaveProperty('api_type');
  });

  it('sanity: the emulator refuses a cookie write without the modhash (403 USER_REQUIRED)', async () => {
    const emu = await start();
    const cookie = await login(emu);
    const res = await fetch(`${emu.url}/api/vote`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'id=t3_x&dir=1',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ json: { errors: [['USER_REQUIRED', expect.any(String), null]] } });
  });

  it('the modhash is read again once it is 10 minutes old', async () => {
    const emu = await start();
    shiftClock(0); // the client reads Date.now through the test clock from its construction on
    const reddit = client(emu, 'cookies', { fetch: cookieFetch(await login(emu)) });
    await reddit('/api/vote').post({ id: 't3_a', dir: 1 }).catch(() => undefined);
    await reddit('/api/vote').post({ id: 't3_a', dir: 1 }).catch(() => undefined);
    expect(requestsTo(emu, '/api/me.json')).toHaveLength(1);
    shiftClock(10 * 60_000 + 1000);
    await reddit('/api/vote').post({ id: 't3_a', dir: 1 }).catch(() => undefined);
    expect(requestsTo(emu, '/api/me.json')).toHaveLength(2);
    expect(requestsTo(emu, '/api/vote').every((r) => r.headers['x-modhash'])).toBe(true);
  });

  it('logged out: reads work, a write is AuthError no_session and never sent', async () => {
    const emu = await start();
    const reddit = client(emu, 'cookies');
    await expect(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 1 })).resolves.toMatchObject({ kind: 'Listing' });
    const error = await failure(reddit('/api/vote').post({ id: 't3_x', dir: 1 }));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('no_session');
    expect(requestsTo(emu, '/api/vote')).toHaveLength(0);
  });

  it('a session ended elsewhere (logout): the stale modhash write is refused with ResponseError 403', async () => {
    const emu = await start();
    const cookie = await login(emu);
    const reddit = client(emu, 'cookies', { fetch: cookieFetch(cookie) });
    const hot = await reddit('/r/$subreddit/new').listing<{ data: { name: string } }>({ $subreddit: 'aww', limit: 1 });
    await reddit('/api/vote').post({ id: hot.children[0]!.data.name, dir: 1 });
    await fetch(`${emu.url}/logout`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    const error = await failure(reddit('/api/vote').post({ id: hot.children[0]!.data.name, dir: 0 }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(403);
    expect(error.errors[0]![0]).toBe('USER_REQUIRED');
    expect(requestsTo(emu, '/api/vote').map((r) => r.status)).toEqual([200, 403]);
  });
});
