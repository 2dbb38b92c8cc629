/**
 * Faults on demand (`emu.inject`), over HTTP: each kind answers as the platform does when it
 * happens there, for as many requests as asked, and then the emulator is itself again.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../../lib/emulator/index.js';
import { api, scriptToken, tokenRequest } from '../helpers.js';

const running: Emulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});
async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  const emu = await startEmulator({ rateLimit: false, ...options });
  running.push(emu);
  return emu;
}

describe('request faults', () => {
  it('rateLimited: 429 with Retry-After and the headers of a spent window, for the next request only', async () => {
    const emu = await start({ rateLimit: { budget: 600, window: 600 } });
    const token = await scriptToken(emu);
    expect(emu.inject('rateLimited', { retryAfter: 3 })).toBe(1);
    const refused = await api(emu, token, '/r/aww/hot');
    expect(refused.status).toBe(429);
    expect(Object.fromEntries(['retry-after', 'x-ratelimit-remaining', 'x-ratelimit-used', 'x-ratelimit-reset'].map((h) => [h, refused.headers.get(h)])))
      .toEqual({ 'retry-after': '3', 'x-ratelimit-remaining': '0.0', 'x-ratelimit-used': '600', 'x-ratelimit-reset': '3' });
    expect((await api(emu, token, '/r/aww/hot')).status).toBe(200);
  });

  it('rateLimited without Retry-After nor rate headers, as the platform sometimes answers', async () => {
    const emu = await start();
    const token = await scriptToken(emu);
    emu.inject('rateLimited', { retryAfter: false, rateHeaders: false, times: 2, path: '/r/aww/new' });
    for (let i = 0; i < 2; i++) {
      const res = await api(emu, token, '/r/aww/new');
      expect(res.status).toBe(429);
      expect([...res.headers.keys()].filter((h) => h === 'retry-after' || h.startsWith('x-ratelimit'))).toEqual([]);
    }
    expect((await api(emu, token, '/r/aww/hot')).status).toBe(200);
    expect((await api(emu, token, '/r/aww/new')).status).toBe(200);
  });

  it('ratelimitError: a write answers 200 with RATELIMIT in the platform\'s words; reads go on', async () => {
    const emu = await start();
    const token = await scriptToken(emu);
    emu.inject('ratelimitError', { wait: 150 });
    expect((await api(emu, token, '/api/v1/me')).status).toBe(200);
    const refused = await api(emu, token, '/api/comment', { form: { thing_id: emu.posts[0]?.name ?? 't3_x', text: 'hi', api_type: 'json' } });
    expect(refused.status).toBe(200);
    expect(refused.json).toEqual({ json: { errors: [['RATELIMIT', 'you are doing that too much. try again in 3 minutes.', 'ratelimit']], ratelimit: 150 } });
    emu.inject('ratelimitError', { wait: 9 });
    expect((await api(emu, token, '/api/vote', { form: { id: 't3_x', dir: '1' } })).json.json.errors[0][1]).toBe('you are doing that too much. try again in 9 seconds.');
  });

  it('serverError: the next N requests answer the 5xx with the platform\'s HTML page', async () => {
    const emu = await start();
    const token = await scriptToken(emu);
    emu.inject('serverError', { times: 2 });
    emu.inject('serverError', { status: 502 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api(emu, token, '/api/v1/me')).status);
    expect(statuses).toEqual([503, 503, 502, 200]);
    expect(emu.requests.slice(-4, -1).every((r) => r.status >= 500)).toBe(true);
  });

  it('reset: the connection closes without an answer', async () => {
    const emu = await start();
    emu.inject('reset', { path: '/r/aww/hot' });
    await expect(fetch(`${emu.url}/r/aww/hot`)).rejects.toThrow('fetch failed');
    expect((await fetch(`${emu.url}/r/aww/hot`)).status).toBe(200);
  });

  it('slow: answered as usual, late', async () => {
    const emu = await start();
    const token = await scriptToken(emu);
    emu.inject('slow', { delay: 300, method: 'GET' });
    const started = performance.now();
    const res = await api(emu, token, '/api/v1/me');
    expect(res.status).toBe(200);
    expect(res.json.name).toBe('demo_user');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('bad options name the problem', async () => {
    const emu = await start();
    expect(() => emu.inject('serverError', { times: 0 })).toThrow(/times must be a number >= 1/);
    expect(() => emu.inject('serverError', { status: 404 })).toThrow(/status must be a number >= 500/);
    expect(() => emu.inject('deleted', { items: [] })).toThrow(/needs \{ items \}/);
    expect(() => emu.inject('nonsense' as 'reset')).toThrow(/unknown fault "nonsense"; one of rateLimited, /);
  });
});

describe('faults where the platform has them', () => {
  it('moreChildrenBusy: the next morechildren call is refused as a concurrent one is', async () => {
    const emu = await start({ moreChildrenDelay: 0, posts: [{ comments: 30 }] });
    const token = await scriptToken(emu);
    const form = { api_type: 'json', link_id: emu.posts[0]!.name, children: '' };
    emu.inject('moreChildrenBusy');
    const refused = await api(emu, token, '/api/morechildren', { form });
    expect([refused.status, refused.json, refused.headers.get('retry-after')]).toEqual([429, { message: 'Too Many Requests', error: 429 }, null]);
    expect((await api(emu, token, '/api/morechildren', { form })).status).toBe(200);
  });

  it('deleted and removed: gone from listings; /api/info shows [deleted] and [removed]', async () => {
    const emu = await start();
    const token = await scriptToken(emu);
    const [post] = emu.addItems({ kind: 'post', subreddit: 'snoopath', title: 'Will go' });
    const [kept, deleted, removed] = emu.addItems({ kind: 'comment', parent: post!, count: 3 });
    const listed = async (path: string) => (await api(emu, token, path)).json.data.children.map((t: { data: { name: string } }) => t.data.name);
    expect(await listed('/r/snoopath/comments')).toEqual([removed, deleted, kept]);

    expect(emu.inject('deleted', { items: [deleted!, post!] })).toBe(2);
    expect(emu.inject('removed', { items: removed! })).toBe(1);
    expect(await listed('/r/snoopath/comments')).toEqual([kept]);
    expect(await listed('/r/snoopath/new?limit=5')).not.toContain(post);

    const info = (await api(emu, token, `/api/info?id=${[post, kept, deleted, removed].join(',')}`)).json.data.children;
    expect(info.map((t: { data: Record<string, unknown> }) => [t.data.name, t.data.author, t.data.body ?? t.data.selftext, t.data.removed_by_category ?? null])).toEqual([
      [post, '[deleted]', '[deleted]', 'deleted'],
      [kept, expect.not.stringMatching(/deleted/), expect.stringMatching(/^Added comment/), null],
      [deleted, '[deleted]', '[deleted]', null],
      [removed, '[deleted]', '[removed]', 'moderator'],
    ]);
    const log = (await api(emu, token, '/r/snoopath/about/log')).json.data.children.map((t: { data: Record<string, unknown> }) => [t.data.action, t.data.target_fullname]);
    expect(log).toEqual([['removecomment', removed]]);
    // Nothing to take away twice.
    expect(emu.inject('removed', { items: [removed!, 't1_nothere'] })).toBe(0);
  });

  it('refreshRevoked: calls answer 401 and the refresh grant invalid_grant; new grants work', async () => {
    const emu = await start();
    const { key, secret, redirectUri } = emu.apps.web;
    const authorize = await fetch(`${emu.url}/api/v1/authorize?client_id=${key}&response_type=code&state=s&redirect_uri=${encodeURIComponent(redirectUri)}&duration=permanent&scope=*`, { redirect: 'manual' });
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const granted = await tokenRequest(emu, key, secret, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    const { access_token: access, refresh_token: refresh } = granted.body as { access_token: string; refresh_token: string };
    expect((await api(emu, access, '/api/v1/me')).status).toBe(200);

    expect(emu.inject('refreshRevoked')).toBe(1);
    expect((await api(emu, access, '/api/v1/me')).status).toBe(401);
    expect(await tokenRequest(emu, key, secret, { grant_type: 'refresh_token', refresh_token: refresh })).toEqual({ status: 200, body: { error: 'invalid_grant' } });
    // The account's other ways in are untouched.
    expect((await api(emu, await scriptToken(emu), '/api/v1/me')).status).toBe(200);
  });

  it('clearFaults forgets armed faults too', async () => {
    const emu = await start({ moreChildrenDelay: 0, posts: [{ comments: 5 }] });
    const token = await scriptToken(emu);
    emu.inject('moreChildrenBusy', { times: 5 });
    emu.inject('serverError', { times: 5 });
    emu.clearFaults();
    expect((await api(emu, token, '/api/morechildren', { form: { link_id: emu.posts[0]!.name, children: '' } })).status).toBe(200);
  });
});

/** Opens a media websocket by hand; answers what the server wrote within `ms` (handshake, then frames). */
function listen(url: string, ms: number): Promise<Buffer> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(Buffer.concat(chunks));
    }, ms);
  });
}

describe('media websockets', () => {
  /** An image post whose result is known: a socket opened now would get it at once. */
  async function processedPost(emu: Emulator): Promise<string> {
    const token = await scriptToken(emu);
    const lease = (await api(emu, token, '/api/media/asset.json', { form: { filepath: 'cat.png', mimetype: 'image/png' } })).json;
    const form = new FormData();
    for (const { name, value } of lease.args.fields as Array<{ name: string; value: string }>) form.append(name, value);
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'cat.png');
    const stored = await (await fetch(`${emu.storage.url}/`, { method: 'POST', body: form })).text();
    const url = /<Location>([^<]+)<\/Location>/.exec(stored)![1]!;
    await api(emu, token, '/api/submit', { form: { sr: 'aww', title: 'cat', kind: 'image', url, api_type: 'json' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    return lease.asset.websocket_url as string;
  }

  it('websocketRefused: the handshake is refused with the status asked; the next socket gets the result', async () => {
    const emu = await start({ mediaDelay: 0 });
    const url = await processedPost(emu);
    emu.inject('websocketRefused', { status: 503 });
    expect((await listen(url, 100)).toString()).toMatch(/^HTTP\/1.1 503 /);
    expect((await listen(url, 100)).toString()).toMatch(/^HTTP\/1.1 101 [^]*"type":"success"/);
    expect(emu.storage.uploads.filter((u) => u.path.startsWith('/ws/')).map((u) => [u.status, u.error])).toEqual([[503, 'injected'], [101, undefined]]);
  });

  it('websocketSilent: the handshake succeeds, and nothing ever comes', async () => {
    const emu = await start({ mediaDelay: 0 });
    const url = await processedPost(emu);
    emu.inject('websocketSilent');
    const silent = (await listen(url, 300)).toString();
    expect(silent).toMatch(/^HTTP\/1.1 101 /);
    expect(silent).not.toContain('success');
    expect((await listen(url, 100)).toString()).toContain('"type":"success"');
  });
});
