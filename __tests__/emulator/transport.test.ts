import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpsRequest } from 'node:https';
import { X509Certificate } from 'node:crypto';
import type { Emulator } from '../../lib/emulator/index.js';
import { startEmulator } from '../../lib/emulator/index.js';
import { api, appOnlyToken, scriptToken, tokenRequest } from './helpers.js';
import { waitWhile } from '../support/wait.js';

let now = 1_800_000_000_000; // a multiple of 600 s: a window starts here
let emu: Emulator;
let token: string;

beforeAll(async () => {
  emu = await startEmulator({ now: () => now, rateLimit: { budget: 5, window: 600 } });
  token = await scriptToken(emu);
});
afterAll(() => emu.close());

describe('rate limits', () => {
  it('headers on every API call; 429 with Retry-After over budget; the next window starts afresh', async () => {
    now += 100_500;
    const first = await api(emu, token, '/api/v1/me');
    expect(first.headers.get('x-ratelimit-used')).toBe('1');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4.0');
    expect(first.headers.get('x-ratelimit-reset')).toBe('499');
    for (let i = 0; i < 4; i++) await api(emu, token, '/r/aww/hot?limit=1');
    // Token requests and the other app do not count against this app's budget.
    const sameApp = await appOnlyToken(emu);
    const web = (await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'client_credentials' })).body.access_token as string;
    expect((await api(emu, web, '/r/aww/hot?limit=1')).headers.get('x-ratelimit-used')).toBe('1');
    expect((await api(emu, sameApp, '/r/aww/hot?limit=1')).status).toBe(429);
    const over = await api(emu, token, '/api/v1/me');
    expect(over.status).toBe(429);
    expect(over.headers.get('x-ratelimit-used')).toBe('5');
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0.0');
    expect(over.headers.get('retry-after')).toBe('500');
    expect(over.headers.get('content-type')).toContain('text/html');
    now += 499_500;
    const fresh = await api(emu, token, '/api/v1/me');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-used')).toBe('1');
    expect(fresh.headers.get('x-ratelimit-reset')).toBe('600');
  });

  it('counts per client id', async () => {
    emu.setRateLimit({ budget: 2, window: 60 });
    const web = (await tokenRequest(emu, 'web-app-id', 'web-app-secret', { grant_type: 'client_credentials' })).body.access_token as string;
    expect((await api(emu, token, '/r/aww/hot')).headers.get('x-ratelimit-used')).toBe('1');
    expect((await api(emu, web, '/r/aww/hot')).headers.get('x-ratelimit-used')).toBe('1');
    expect((await api(emu, token, '/r/aww/hot')).headers.get('x-ratelimit-used')).toBe('2');
  });

  it('setRateLimit(false): no limit and no headers', async () => {
    emu.setRateLimit(false);
    const res = await api(emu, token, '/api/v1/me');
    expect(res.headers.get('x-ratelimit-used')).toBeNull();
    expect(() => emu.setRateLimit({ budget: 1, window: 0 })).toThrow('window > 0');
    emu.setRateLimit({ budget: 1000, window: 600 });
  });
});

describe('CORS', () => {
  it('answers preflights with 204 and decorates every answer', async () => {
    const pre = await fetch(`${emu.url}/api/v1/me`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-modhash');
    expect(pre.headers.get('x-ratelimit-used')).toBeNull();
    const res = await api(emu, token, '/api/v1/me', { headers: { origin: 'http://localhost:9999' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:9999');
    expect(res.headers.get('access-control-expose-headers')).toBe('x-ratelimit-used, x-ratelimit-remaining, x-ratelimit-reset, retry-after');
    const denied = await api(emu, 'bad', '/api/v1/me', { headers: { origin: 'http://localhost:9999' } });
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://localhost:9999');
  });
});

describe('faults and the request log', () => {
  it('logs requests with method, path, query, headers, body, status, client and user', async () => {
    emu.clearLog();
    await api(emu, token, '/r/aww/hot?limit=2', { headers: { 'user-agent': 'node:test:1.0 (by /u/me)' } });
    await api(emu, token, '/api/vote', { form: { id: 't3_nope', dir: '1' } });
    expect(emu.requests).toHaveLength(2);
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: '/r/aww/hot', query: { limit: '2' }, status: 200, clientId: 'script-app-id', user: 'demo_user', at: now });
    expect(emu.requests[0]!.headers['user-agent']).toBe('node:test:1.0 (by /u/me)');
    expect(emu.requests[1]).toMatchObject({ method: 'POST', body: 'id=t3_nope&dir=1', status: 400 });
    emu.clearLog();
    expect(emu.requests).toHaveLength(0);
  });

  it('status faults, times, method and RegExp matching', async () => {
    emu.fault({ path: '/api/v1/me', status: 503, times: 2 });
    const a = await api(emu, token, '/api/v1/me');
    expect(a.status).toBe(503);
    expect(a.headers.get('content-type')).toContain('text/html');
    expect((await api(emu, token, '/api/v1/me')).status).toBe(503);
    expect((await api(emu, token, '/api/v1/me')).status).toBe(200);

    emu.fault({ method: 'POST', path: /^\/api\//, status: 429, headers: { 'retry-after': '7' } });
    expect((await api(emu, token, '/api/v1/me')).status).toBe(200);
    const limited = await api(emu, token, '/api/vote', { form: { id: 't3_x', dir: '1' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');

    emu.fault({ status: 400, body: '{"json":{"errors":[["RATELIMIT","you are doing that too much. try again in 3 minutes.","ratelimit"]]}}' });
    const custom = await api(emu, token, '/api/comment', { form: { thing_id: 't3_x', text: 'x' } });
    expect(custom.json.json.errors[0][0]).toBe('RATELIMIT');
    expect(custom.headers.get('content-type')).toContain('application/json');

    emu.fault({ path: '/never' });
    emu.clearFaults();
    expect((await api(emu, token, '/never')).status).toBe(404);
  });

  it('html and invalidJson faults', async () => {
    emu.fault({ path: '/api/v1/me', html: true });
    const html = await api(emu, token, '/api/v1/me');
    expect(html.status).toBe(200);
    expect(html.text).toMatch(/^<!doctype html>/);
    emu.fault({ path: '/api/v1/me', invalidJson: true });
    const broken = await api(emu, token, '/api/v1/me');
    expect(broken.headers.get('content-type')).toContain('application/json');
    expect(() => JSON.parse(broken.text)).toThrow();
  });

  it('delay postpones the answer; with a status it then fails', async () => {
    emu.fault({ path: '/api/v1/me', delay: 150 });
    let t0 = Date.now();
    expect((await api(emu, token, '/api/v1/me')).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    emu.fault({ path: '/api/v1/me', delay: 50, status: 502 });
    t0 = Date.now();
    expect((await api(emu, token, '/api/v1/me')).status).toBe(502);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });

  it('reset destroys the socket', async () => {
    emu.fault({ path: '/api/v1/me', reset: true });
    await expect(api(emu, token, '/api/v1/me')).rejects.toThrow();
    expect((await api(emu, token, '/api/v1/me')).status).toBe(200);
  });

  it('hang never answers; close() ends it promptly', async () => {
    const own = await startEmulator();
    own.fault({ path: '/api/v1/me', hang: true });
    const pending = fetch(`${own.url}/api/v1/me`).then((r) => r.text());
    const settled = pending.then(() => 'answered', () => 'failed');
    // Until the hung request is logged (the client's first request may take a while on a loaded machine), bounded.
    await waitWhile(() => own.requests.length === 0);
    expect(own.requests[0]).toMatchObject({ path: '/api/v1/me', status: 0 });
    const t0 = Date.now();
    await own.close();
    // A close that waited for the hung request would never end: 3 s is room for a loaded machine.
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(await settled).toBe('failed');
    await own.close();
  });
});

describe('chaos mode', () => {
  it('fails about `rate` of the requests, deterministically for a seed', async () => {
    const run = async () => {
      const chaotic = await startEmulator({ rateLimit: false, seed: 7, chaos: { rate: 0.3, faults: ['status500', 'status502', 'status503', 'html', 'invalidJson'] } });
      try {
        const out: string[] = [];
        for (let i = 0; i < 60; i++) {
          const res = await fetch(`${chaotic.url}/r/aww/hot?limit=1`);
          const text = await res.text();
          let ok = res.status === 200;
          try {
            ok &&= JSON.parse(text).kind === 'Listing';
          } catch {
            ok = false;
          }
          out.push(ok ? 'ok' : `${res.status}`);
        }
        return out;
      } finally {
        await chaotic.close();
      }
    };
    const a = await run();
    const failures = a.filter((x) => x !== 'ok').length;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(35);
    expect(await run()).toEqual(a);
  });

  it('reset and delay kinds', async () => {
    const chaotic = await startEmulator({ chaos: { rate: 1, faults: ['reset'] } });
    try {
      await expect(fetch(`${chaotic.url}/r/aww/hot`)).rejects.toThrow();
    } finally {
      await chaotic.close();
    }
    const slow = await startEmulator({ chaos: { rate: 1, faults: ['delay'] } });
    try {
      const t0 = Date.now();
      expect((await fetch(`${slow.url}/r/aww/hot`)).status).toBe(200);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    } finally {
      await slow.close();
    }
  });
});

describe('https', () => {
  it('serves with a generated self-signed certificate exposed as `ca`', async () => {
    const secure = await startEmulator({ https: true });
    try {
      expect(secure.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const cert = new X509Certificate(secure.ca!);
      expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
      expect(cert.subjectAltName).toContain('DNS:localhost');
      expect(cert.verify(cert.publicKey)).toBe(true);
      const body = await new Promise<string>((resolve, reject) => {
        const req = httpsRequest(`${secure.url}/r/aww/hot.json?limit=1`, { ca: secure.ca }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve(text));
        });
        req.on('error', reject);
        req.end();
      });
      expect(JSON.parse(body).kind).toBe('Listing');
      // Without the CA the certificate is rejected.
      await expect(fetch(`${secure.url}/r/aww/hot`)).rejects.toThrow();
    } finally {
      await secure.close();
    }
  });
});
