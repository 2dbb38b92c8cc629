/**
 * The emulator's media side on its own: the storage host's checks (as the platform's storage
 * makes them), the lease and submit endpoints, and the result websocket.
 */
import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { request } from 'node:https';
import { connect } from 'node:net';
import { acceptKey, frame } from '../../../lib/emulator/media/websocket.js';
import type { Emulator } from '../../../lib/emulator/index.js';
import { storageError } from '../../../lib/media/urls.js';
import { api, scriptToken } from '../helpers.js';
import { start } from '../../integration/setup.js';
import { BaseWebSocket, PNG, uploadsOf } from '../../integration/media/helpers.js';

type Lease = { args: { action: string; fields: Array<{ name: string; value: string }> }; asset: { asset_id: string; websocket_url: string; processing_state: string; payload: { filepath: string } } };

/** A lease from the emulator, as a platform client gets it. */
async function lease(emu: Emulator, token: string, filepath = 'cat.png', mimetype = 'image/png'): Promise<Lease> {
  const res = await api(emu, token, '/api/media/asset.json', { form: { filepath, mimetype } });
  expect(res.status).toBe(200);
  return res.json as Lease;
}

/** POST a multipart form to the storage host. */
async function post(emu: Emulator, form: FormData, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${emu.storage.url}/`, { method: 'POST', body: form, headers });
  return { status: res.status, text: await res.text() };
}

function leaseForm(l: Lease, mutate: (fields: Array<{ name: string; value: string }>) => Array<{ name: string; value: string }> = (f) => f, file: Blob = new Blob([PNG], { type: 'image/png' })): FormData {
  const form = new FormData();
  for (const { name, value } of mutate([...l.args.fields])) form.append(name, value);
  form.append('file', file, 'cat.png');
  return form;
}

describe('the lease endpoint', () => {
  it("answers the platform's shape: the action on another port (over plain http named with its scheme), fields, the asset and its websocket", async () => {
    const emu = await start();
    const l = await lease(emu, await scriptToken(emu));
    // `//host` means https: a plain-http storage host must say http.
    expect(l.args.action).toBe(emu.storage.url);
    expect(l.args.action).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(emu.storage.url).port).not.toBe(new URL(emu.url).port);
    expect(l.args.fields.map((f) => f.name)).toEqual(['acl', 'key', 'X-Amz-Credential', 'X-Amz-Algorithm', 'X-Amz-Date', 'success_action_status', 'content-type', 'x-amz-storage-class', 'x-amz-meta-ext', 'policy', 'X-Amz-Signature', 'x-amz-security-token']);
    expect(l.args.fields.find((f) => f.name === 'content-type')!.value).toBe('image/png');
    expect(l.asset).toEqual({ asset_id: expect.any(String), processing_state: 'incomplete', payload: { filepath: 'cat.png' }, websocket_url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/ws\/\w+\?m=/) });
  });

  it('storage.https alone: the API stays http, the storage host is https, named //host:port as the platform names its own', async () => {
    const emu = await start({ storage: { https: true } });
    expect(emu.url).toMatch(/^http:\/\//);
    expect(emu.storage.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const l = await lease(emu, await scriptToken(emu));
    expect(l.args.action).toBe(emu.storage.url.replace('https:', ''));
    expect(l.asset.websocket_url).toMatch(/^wss:\/\//);
    const answer = await new Promise<number>((resolve, reject) => {
      request(`${emu.storage.url}/rte_images/none`, { ca: emu.ca }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject).end();
    });
    expect(answer).toBe(404);
  });

  it('with https: the storage host is https too (same certificate), its websocket wss', async () => {
    const emu = await start({ https: true });
    expect(emu.storage.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const call = (url: string, headers: Record<string, string> = {}, form?: Record<string, string>) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, { ca: emu.ca, method: form ? 'POST' : 'GET', headers: form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => void (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject).end(form ? new URLSearchParams(form).toString() : undefined);
    });
    const basic = `Basic ${Buffer.from('script-app-id:script-app-secret').toString('base64')}`;
    const token = JSON.parse((await call(`${emu.url}/api/v1/access_token`, { authorization: basic }, { grant_type: 'password', username: 'demo_user', password: 'demo_password' })).body).access_token;
    const l = JSON.parse((await call(`${emu.url}/api/media/asset.json`, { authorization: `bearer ${token}` }, { filepath: 'a.png', mimetype: 'image/png' })).body) as Lease;
    expect(l.args.action).toBe(emu.storage.url.replace('https:', ''));
    expect(l.asset.websocket_url).toMatch(new RegExp(`^wss://127\\.0\\.0\\.1:${new URL(emu.storage.url).port}/ws/`));
    expect(await call(`${emu.storage.url}/rte_images/none`)).toMatchObject({ status: 404, body: expect.stringContaining('<Code>NoSuchKey</Code>') });
  });

  it('refuses a type the platform does not take, and a caller without the submit scope', async () => {
    const emu = await start();
    const res = await api(emu, await scriptToken(emu), '/api/media/asset.json', { form: { filepath: 'a.bmp', mimetype: 'image/bmp' } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual(['mimetype']);
    const readOnly = await api(emu, await scriptToken(emu, 'read'), '/api/media/asset.json', { form: { filepath: 'a.png', mimetype: 'image/png' } });
    expect(readOnly.status).toBe(403);
  });
});

describe('the storage host', () => {
  it('stores a right upload: 201 with the XML Location, and serves the file back', async () => {
    const emu = await start();
    const l = await lease(emu, await scriptToken(emu));
    const { status, text } = await post(emu, leaseForm(l));
    expect(status).toBe(201);
    const key = l.args.fields.find((f) => f.name === 'key')!.value;
    expect(text).toContain(`<Location>${emu.storage.url}/${encodeURIComponent(key)}</Location>`);
    expect(text).toContain(`<ETag>"${createHash('md5').update(PNG).digest('hex')}"</ETag>`);
    for (const path of [encodeURIComponent(key), key]) {
      const res = await fetch(`${emu.storage.url}/${path}`);
      expect([res.status, res.headers.get('content-type'), Buffer.from(await res.arrayBuffer())]).toEqual([200, 'image/png', PNG]);
    }
    expect((await fetch(`${emu.storage.url}/rte_images/none`)).status).toBe(404);
  });

  it.each([
    ['fields out of order', (f: Lease['args']['fields']) => [f[1]!, f[0]!, ...f.slice(2)], 403, 'AccessDenied', /must be the lease's, in its order/],
    ['a field missing', (f: Lease['args']['fields']) => f.filter((x) => x.name !== 'policy'), 403, 'AccessDenied', /expected acl, key/],
    ['a value changed', (f: Lease['args']['fields']) => f.map((x) => (x.name === 'content-type' ? { ...x, value: 'image/gif' } : x)), 403, 'AccessDenied', /Invalid according to Policy/],
    ['an unknown key', (f: Lease['args']['fields']) => f.map((x) => (x.name === 'key' ? { ...x, value: 'rte_images/other' } : x)), 403, 'AccessDenied', /no lease has the key rte_images\/other/],
  ])('refuses %s', async (_, mutate, status, code, message) => {
    const emu = await start();
    const l = await lease(emu, await scriptToken(emu));
    const res = await post(emu, leaseForm(l, mutate));
    expect(res.status).toBe(status);
    expect(storageError(res.text)).toMatch(new RegExp(`^${code}: .*${message.source}`));
    expect(uploadsOf(emu)[0]).toMatchObject({ status, error: code });
  });

  it('refuses a field after the file, a second file, a file of another type, and no file', async () => {
    const emu = await start();
    const token = await scriptToken(emu);
    const after = leaseForm(await lease(emu, token));
    after.append('late', 'x');
    expect(await post(emu, after)).toMatchObject({ status: 400, text: expect.stringContaining('The file must be the last field; late came after it.') });
    const twice = leaseForm(await lease(emu, token));
    twice.append('file', new Blob([PNG], { type: 'image/png' }), 'again.png');
    expect(await post(emu, twice)).toMatchObject({ status: 400, text: expect.stringContaining('exactly one file') });
    const jpeg = leaseForm(await lease(emu, token), undefined, new Blob([PNG], { type: 'image/jpeg' }));
    expect(await post(emu, jpeg)).toMatchObject({ status: 400, text: expect.stringContaining('The file is image/jpeg, but the lease is for image/png.') });
    const none = new FormData();
    for (const { name, value } of (await lease(emu, token)).args.fields) none.append(name, value);
    expect(await post(emu, none)).toMatchObject({ status: 400, text: expect.stringContaining('exactly one file') });
    expect(emu.storage.uploads.every((u) => u.status === 400)).toBe(true);
  });

  it('refuses an upload carrying an Authorization header (one auth mechanism), and one too large', async () => {
    const emu = await start();
    const token = await scriptToken(emu);
    const withAuth = await post(emu, leaseForm(await lease(emu, token)), { authorization: `bearer ${token}` });
    expect(withAuth).toMatchObject({ status: 400, text: expect.stringContaining('Only one auth mechanism allowed') });
    const big = new Blob([new Uint8Array(20 * 1024 * 1024 + 1)], { type: 'image/png' });
    const tooLarge = await post(emu, leaseForm(await lease(emu, token), undefined, big));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.text).toMatch(/<Code>EntityTooLarge<\/Code><Message>[^<]+<\/Message><ProposedSize>\d+<\/ProposedSize><MaxSizeAllowed>20971520<\/MaxSizeAllowed>/);
  });

  it('answers CORS for any origin, never with credentials', async () => {
    const emu = await start();
    const res = await fetch(`${emu.storage.url}/`, { method: 'OPTIONS', headers: { origin: 'http://example.test', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

/** A raw WebSocket handshake, to see exactly what the server writes. */
function rawHandshake(url: string, key = 'dGhlIHNhbXBsZSBub25jZQ=='): Promise<Buffer> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (Buffer.concat(chunks).includes('\r\n\r\n')) {
        socket.destroy();
        resolve(Buffer.concat(chunks));
      }
    });
    socket.on('error', reject);
  });
}

describe('the result websocket', () => {
  it('frames and the accept key follow RFC 6455', () => {
    expect(acceptKey('dGhlIHNhbXBsZSBub25jZQ==')).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    expect([...frame(0x1, Buffer.from('hi'))]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...frame(0x8, Buffer.from([0x03, 0xe8]))]).toEqual([0x88, 2, 0x03, 0xe8]);
    expect([...frame(0x1, Buffer.alloc(300)).subarray(0, 4)]).toEqual([0x81, 126, 0x01, 0x2c]);
    expect([...frame(0x1, Buffer.alloc(70000)).subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70]);
  });

  it('accepts the lease holder (101), refuses a wrong token (403) and an unknown asset (404)', async () => {
    const emu = await start();
    const l = await lease(emu, await scriptToken(emu));
    const ok = (await rawHandshake(l.asset.websocket_url)).toString();
    expect(ok).toMatch(/^HTTP\/1.1 101 Switching Protocols\r\n/);
    expect(ok).toContain('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
    expect((await rawHandshake(l.asset.websocket_url.replace(/m=.*/, 'm=guess'))).toString()).toMatch(/^HTTP\/1.1 403/);
    expect((await rawHandshake(l.asset.websocket_url.replace(/\/ws\/\w+/, '/ws/nope'))).toString()).toMatch(/^HTTP\/1.1 404/);
  });

  it('says success with the redirect once the post exists, also to a socket opened after it, then closes cleanly', async () => {
    const emu = await start({ mediaDelay: 5 });
    const token = await scriptToken(emu);
    const l = await lease(emu, token);
    const { text } = await post(emu, leaseForm(l));
    const url = /<Location>([^<]+)<\/Location>/.exec(text)![1]!;
    const submit = await api(emu, token, '/api/submit', { form: { sr: 'aww', title: 'hi', kind: 'image', url, api_type: 'json' } });
    expect(submit.json.json.data.websocket_url).toBe(l.asset.websocket_url);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const socket = new BaseWebSocket(l.asset.websocket_url);
    const message = await new Promise<string>((resolve) => { socket.onmessage = (e) => resolve(String(e.data)); });
    const closed = await new Promise<CloseEvent>((resolve) => { socket.onclose = resolve; });
    expect(JSON.parse(message)).toEqual({ type: 'success', payload: { redirect: emu.mediaPosts[0]!.permalink } });
    expect([closed.code, closed.wasClean]).toEqual([1000, true]);
  });

  it('storage.websockets: refuse (403), close (open, then closed with 1011 and no word), silent (open, no word); setWebsockets changes it', async () => {
    const emu = await start({ mediaDelay: 5, storage: { websockets: 'refuse' } });
    const token = await scriptToken(emu);
    const l = await lease(emu, token);
    expect((await rawHandshake(l.asset.websocket_url)).toString()).toMatch(/^HTTP\/1.1 403/);
    const { text } = await post(emu, leaseForm(l));
    const url = /<Location>([^<]+)<\/Location>/.exec(text)![1]!;
    await api(emu, token, '/api/submit', { form: { sr: 'aww', title: 'hi', kind: 'image', url, api_type: 'json' } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    /** What a socket hears within 300 ms: its messages and how it closed. */
    const hear = async () => {
      const socket = new BaseWebSocket(l.asset.websocket_url);
      const heard: string[] = [];
      socket.onmessage = (e) => void heard.push(String(e.data));
      const closed = new Promise<number>((resolve) => { socket.onclose = (e) => resolve(e.code); });
      const code = await Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve('open'), 300))]);
      socket.close();
      return { heard, code };
    };
    emu.storage.setWebsockets('close');
    expect(await hear()).toEqual({ heard: [], code: 1011 });
    emu.storage.setWebsockets('silent');
    expect(await hear()).toEqual({ heard: [], code: 'open' });
    emu.storage.setWebsockets('answer');
    expect(await hear()).toEqual({ heard: [JSON.stringify({ type: 'success', payload: { redirect: emu.mediaPosts[0]!.permalink } })], code: 1000 });
    expect(() => emu.storage.setWebsockets('maybe' as 'silent')).toThrow('emulator: storage websockets must be one of answer, refuse, silent, close, got maybe');
  });

  it('the submit checks its file: an image URL for an image, a video and a poster for a video', async () => {
    const emu = await start();
    const token = await scriptToken(emu);
    const l = await lease(emu, token);
    const url = /<Location>([^<]+)<\/Location>/.exec((await post(emu, leaseForm(l))).text)![1]!;
    const asVideo = await api(emu, token, '/api/submit', { form: { sr: 'aww', title: 'v', kind: 'video', url } });
    expect(asVideo.json.json.errors.map((e: string[]) => e[2])).toEqual(['url', 'video_poster_url']);
    const elsewhere = await api(emu, token, '/api/submit', { form: { sr: 'aww', title: 'i', kind: 'image', url: 'https://example.com/cat.png' } });
    expect(elsewhere.json.json.errors).toEqual([['BAD_URL', 'url must be an image uploaded through /api/media/asset.json', 'url']]);
    expect(emu.mediaPosts).toHaveLength(0);
  });
});
