/**
 * The Node transport (lib/transport/undici/fetch.ts) over real loopback sockets: what fetch would do,
 * field by field, for everything the client relies on.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { Agent } from 'undici';
import { createUndiciFetch } from '../../../lib/transport/undici/fetch.js';
import { closeAll, serve } from '../../support/servers.js';
import { waitWhile } from '../../support/wait.js';

const agents: Agent[] = [];
/** A transport over a fresh pool, closed after the test. */
function transport(options: ConstructorParameters<typeof Agent>[0] = {}): typeof fetch {
  const agent = new Agent(options);
  agents.push(agent);
  return createUndiciFetch(agent);
}

afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.destroy()));
  await closeAll();
});

const json = { name: 'demo_user', text: 'x'.repeat(2000) };

describe('answers', () => {
  it('gives status, statusText, ok, url, headers (repeated ones too) and the body, once', async () => {
    const server = await serve((_req, res) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.setHeader('x-ratelimit-remaining', '998.0');
      res.writeHead(201, 'Made', { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
    const response = await transport()(`${server.origin}/api/v1/me?raw_json=1#fragment`);
    expect(response).toMatchObject({ status: 201, statusText: 'Made', ok: true, redirected: false, url: `${server.origin}/api/v1/me?raw_json=1` });
    expect(response.headers.get('x-ratelimit-remaining')).toBe('998.0');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(Object.prototype.toString.call(response)).toBe('[object Response]');
    const copy = response.clone();
    expect(await response.json()).toEqual(json);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(await copy.text()).toBe(JSON.stringify(json));
    expect(server.seen[0]).toMatchObject({ method: 'GET', url: '/api/v1/me?raw_json=1' });
    expect(server.seen[0]!.headers).toMatchObject({ accept: '*/*', 'accept-encoding': 'gzip, deflate, br' });
  });

  it('has no body for HEAD, 204 and 304; a 500 is not ok and its body is readable', async () => {
    const server = await serve((req, res) => {
      const status = Number(req.url!.slice(1));
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 500 ? 'oops' : undefined);
    });
    const f = transport();
    for (const status of [204, 304]) {
      const r = await f(`${server.origin}/${status}`);
      expect(r.body).toBeNull();
      expect(await r.text()).toBe('');
    }
    const head = await f(`${server.origin}/200`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    const failed = await f(`${server.origin}/500`);
    expect(failed.ok).toBe(false);
    expect(await new Response(failed.body).text()).toBe('oops');
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['deflate', deflateRawSync],
    ['br', brotliCompressSync],
  ] as const)('decodes a %s body', async (encoding, compress) => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
      res.end(compress(Buffer.from(JSON.stringify(json))));
    });
    expect(await (await transport()(server.origin)).json()).toEqual(json);
  });

  it('decodes stacked encodings last first, and leaves an unknown one as it came', async () => {
    const body = Buffer.from('hello');
    const server = await serve((req, res) => {
      if (req.url === '/stacked') {
        res.writeHead(200, { 'content-encoding': 'deflate, gzip' });
        res.end(gzipSync(deflateSync(body)));
      } else {
        res.writeHead(200, { 'content-encoding': 'x-custom' });
        res.end(body);
      }
    });
    const f = transport();
    expect(await (await f(`${server.origin}/stacked`)).text()).toBe('hello');
    expect(await (await f(`${server.origin}/other`)).text()).toBe('hello');
  });

  it('an empty body is empty whatever its encoding; a compressed body cut mid-way rejects the read', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      if (req.url === '/empty') return res.end();
      const gz = gzipSync(Buffer.from(JSON.stringify(json)));
      res.write(gz.subarray(0, gz.length >> 1));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const f = transport();
    expect(await (await f(`${server.origin}/empty`)).text()).toBe('');
    await expect((await f(`${server.origin}/cut`)).text()).rejects.toThrow();
  });

  it('a connection that fails is a TypeError whose cause carries the code, as with fetch', async () => {
    const server = await serve((_req, res) => res.end());
    const { port } = server;
    await closeAll();
    const error = await transport()(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
  });
});

describe('redirects', () => {
  async function servers() {
    const other = await serve((_req, res) => res.end('other host'));
    const server = await serve((req, res) => {
      const to = req.url === '/away' ? `${other.origin}/stolen` : req.url === '/see-other' ? '/landed' : req.url === '/here' ? '/landed' : undefined;
      if (!to) return void res.end(`landed ${req.method}`);
      res.writeHead(req.url === '/see-other' ? 303 : 302, { location: to });
      res.end();
    });
    return { server, other };
  }

  it("'manual' hands back the 3xx with its Location, for any target", async () => {
    const { server, other } = await servers();
    const r = await transport()(`${server.origin}/away`, { redirect: 'manual', headers: { authorization: 'bearer secret' } });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`${other.origin}/stolen`);
    expect(other.seen).toHaveLength(0);
  });

  it("'follow' follows the same origin (303 after a POST becomes a GET without body) and never another host", async () => {
    const { server, other } = await servers();
    const f = transport();
    const same = await f(`${server.origin}/here`);
    expect([same.status, same.redirected, same.url, await same.text()]).toEqual([200, true, `${server.origin}/landed`, 'landed GET']);
    const posted = await f(`${server.origin}/see-other`, { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(await posted.text()).toBe('landed GET');
    expect(server.seen.at(-1)).toMatchObject({ method: 'GET', body: Buffer.alloc(0) });
    expect(server.seen.at(-1)!.headers['content-type']).toBeUndefined();
    const away = await f(`${server.origin}/away`, { headers: { authorization: 'bearer secret' } });
    expect(away.status).toBe(302);
    expect(other.seen).toHaveLength(0);
  });

  it("'error' rejects on a redirect", async () => {
    const { server } = await servers();
    await expect(transport()(`${server.origin}/here`, { redirect: 'error' })).rejects.toThrow(TypeError);
  });
});

describe('abort', () => {
  it('an aborted signal rejects with its reason before anything is sent', async () => {
    const server = await serve((_req, res) => res.end());
    const reason = new Error('stop');
    await expect(transport()(server.origin, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(server.seen).toHaveLength(0);
  });

  it('aborting while waiting for the answer rejects with the reason', async () => {
    const server = await serve(() => new Promise(() => {}));
    const controller = new AbortController();
    const pending = transport()(server.origin, { signal: controller.signal });
    // Until the request is in (a loaded machine may be late), bounded.
    await waitWhile(() => server.seen.length === 0);
    expect(server.seen).toHaveLength(1);
    const reason = new Error('timed out');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('aborting mid-body rejects the body read with the reason and frees the connection', async () => {
    let closed = false;
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial":');
      req.socket.on('close', () => (closed = true));
    });
    const controller = new AbortController();
    const response = await transport()(server.origin, { signal: controller.signal });
    const reason = new Error('body stalled');
    setTimeout(() => controller.abort(reason), 30);
    await expect(response.text()).rejects.toBe(reason);
    // The server sees the close a few turns of the event loop later: waited for (up to 5 s), not
    // for a fixed 50 ms that a loaded machine can outlast. A connection kept open still fails it.
    await waitWhile(() => !closed, 5000, 50);
    expect(closed).toBe(true);
  });
});

describe('request bodies', () => {
  it('strings, bytes and URLSearchParams go whole with Content-Length and the content type fetch would set', async () => {
    const server = await serve((_req, res) => res.end());
    const f = transport();
    await f(server.origin, { method: 'POST', body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await f(server.origin, { method: 'POST', body: new URLSearchParams({ q: 'cats & dogs' }) });
    await f(server.origin, { method: 'PUT', body: new Uint8Array([1, 2, 3]) });
    expect(server.seen.map((s) => [s.headers['content-type'], s.headers['content-length'], s.headers['transfer-encoding'], s.body.toString('latin1')])).toEqual([
      ['application/x-www-form-urlencoded', '7', undefined, 'a=1&b=2'],
      ['application/x-www-form-urlencoded;charset=UTF-8', '15', undefined, 'q=cats+%26+dogs'],
      [undefined, '3', undefined, '\x01\x02\x03'],
    ]);
  });

  it('a Request body (how ky hands a call over) is sent whole with its length when small', async () => {
    const server = await serve((_req, res) => res.end());
    const request = new Request(server.origin, { method: 'POST', body: JSON.stringify(json), headers: { 'content-type': 'application/json' } });
    await transport()(request);
    expect(server.seen[0]!.headers['content-length']).toBe(String(JSON.stringify(json).length));
    expect(JSON.parse(server.seen[0]!.body.toString())).toEqual(json);
  });

  it('FormData goes as multipart with its exact length; the file part streams', async () => {
    const server = await serve((_req, res) => res.end());
    const form = new FormData();
    form.append('key', 'uploads/a "b".png');
    form.append('note', 'line1\nline2');
    form.append('file', new Blob([new Uint8Array(300_000).fill(7)], { type: 'image/png' }), 'a.png');
    await transport()(server.origin, { method: 'POST', body: form });
    const seen = server.seen[0]!;
    expect(Number(seen.headers['content-length'])).toBe(seen.body.length);
    const parsed = await new Response(new Uint8Array(seen.body), { headers: { 'content-type': seen.headers['content-type']! } }).formData();
    expect(parsed.get('key')).toBe('uploads/a "b".png');
    expect(parsed.get('note')).toBe('line1\r\nline2');
    const file = parsed.get('file') as File;
    expect([file.name, file.type, file.size]).toEqual(['a.png', 'image/png', 300_000]);
    expect(new Uint8Array(await file.arrayBuffer()).every((b) => b === 7)).toBe(true);
  });

  /**
   * A body far larger than anything buffered, produced only as the server takes it in: the producer
   * waits until the server has received what came before. A transport that read it whole first
   * would never send a byte, and the call would time out.
   */
  async function streamedUpload(wrap: (source: AsyncIterable<Uint8Array>, origin: string) => Parameters<typeof fetch>) {
    const CHUNK = 64 * 1024;
    const CHUNKS = 256; // 16 MiB, 16 times the transport's buffering limit
    let received = 0;
    const server = await serve(async (req, res) => {
      for await (const chunk of req) received += (chunk as Buffer).length;
      res.end(String(received));
    }, { stream: true });
    async function* produce() {
      for (let i = 0; i < CHUNKS; i++) {
        const deadline = Date.now() + 5000;
        // Never more than 4 MiB ahead of the server.
        while (received < (i - 64) * CHUNK) {
          if (Date.now() > deadline) throw new Error(`the body was not streamed: chunk ${i} produced, only ${received} bytes received`);
          await new Promise((r) => setTimeout(r, 2));
        }
        yield new Uint8Array(CHUNK).fill(i % 256);
      }
    }
    const response = await transport()(...wrap(produce(), server.origin));
    expect(await response.text()).toBe(String(CHUNK * CHUNKS));
    return server.seen[0]!;
  }

  it('a large streamed body is sent as it is produced, never held whole', async () => {
    const seen = await streamedUpload((source, origin) => [origin, { method: 'PUT', body: source as unknown as BodyInit, duplex: 'half' } as RequestInit]);
    expect(seen.headers['transfer-encoding']).toBe('chunked');
  });

  it('a large Request body (the way ky passes one) streams on past the buffering limit', async () => {
    await streamedUpload((source, origin) => {
      const stream = (ReadableStream as unknown as { from(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> }).from(source);
      return [new Request(origin, { method: 'PUT', body: stream, duplex: 'half' } as RequestInit)];
    });
  });
});

describe('pools', () => {
  it('many origins at once: every answer from its own server, connections kept alive per origin', async () => {
    const servers = await Promise.all(Array.from({ length: 12 }, (_, i) => serve((req, res) => res.end(`server ${i} ${req.url}`))));
    const f = transport();
    const calls = servers.flatMap((s, i) => Array.from({ length: 8 }, (_, k) => f(`${s.origin}/${k}`).then((r) => r.text()).then((text) => expect(text).toBe(`server ${i} /${k}`))));
    await Promise.all(calls);
    // Sequential calls after that reuse the open connections: no new ones.
    const before = servers.map((s) => s.connections());
    for (const s of servers) for (let k = 0; k < 3; k++) await (await f(`${s.origin}/again`)).text();
    expect(servers.map((s) => s.connections())).toEqual(before);
    expect(servers.every((s) => s.connections() <= 8)).toBe(true);
  });

  it('a caller that sends its next request as soon as it has read an answer rides one connection', async () => {
    const server = await serve((req, res) => res.end(`answer ${req.url}`));
    const f = transport();
    for (let k = 0; k < 10; k++) expect(await (await f(`${server.origin}/${k}`)).text()).toBe(`answer /${k}`);
    expect(server.connections()).toBe(1);
  });
});
