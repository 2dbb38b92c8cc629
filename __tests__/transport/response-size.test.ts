/**
 * maxResponseSize (issue 21, item 2): an answer is read up to that many decoded bytes, then the read
 * stops at once, the connection closes and the call rejects with ResponseError RESPONSE_TOO_LARGE,
 * never retried. Compression bombs and endless bodies, on the Node transport (undici, which decodes
 * as the body streams) and through a fetch option (the runtime's fetch, read as a counted stream).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, deflateSync, gzipSync } from 'node:zlib';
import Snoopath, { ResponseError, type SnoopathOptions } from '../../lib/index.js';
import type { LooseClient } from '../both-transports/helpers.js';
import { closeAll, serve, type TestServer } from '../support/servers.js';
import { waitWhile } from '../support/wait.js';

afterEach(() => closeAll());

const MiB = 1024 * 1024;
/** 64 MiB of JSON-ish zeros, compressed: a bomb of 102 bytes in brotli, 65 KB in gzip. */
const inflated = Buffer.alloc(64 * MiB, 0x30);
const bombs = {
  br: brotliCompressSync(inflated, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: gzipSync(inflated),
  deflate: deflateSync(inflated),
};

const transports = {
  undici: {},
  fetch: { fetch: (input: Request, init?: RequestInit) => globalThis.fetch(input, init) },
} as const;

function clientOf(server: TestServer, transport: keyof typeof transports, extra: Partial<SnoopathOptions> = {}): LooseClient {
  const reddit = new Snoopath({
    userAgent: 'node:size-test:1.0 (by /u/tester)', apiServerUri: server.origin, authServerUri: server.origin,
    throttle: 0, retryDelay: 5, retryAttempts: 3, limiter: 'instance',
    oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' },
    ...transports[transport], ...extra,
  } as SnoopathOptions) as LooseClient;
  reddit.setAccessToken('token-1');
  return reddit;
}

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected the call to reject'); }, (e: unknown) => e as ResponseError);

/** Writes an endless body (chunked), counting what it wrote until the client closed the connection. */
function endless(res: ServerResponse, chunk: Buffer, written: { bytes: number; closed: boolean }, headers: Record<string, string> = {}) {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.on('close', () => (written.closed = true));
  const pump = () => {
    while (!res.destroyed && res.write(chunk)) written.bytes += chunk.length;
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

describe.each(Object.keys(transports) as Array<keyof typeof transports>)('maxResponseSize, %s transport', (transport) => {
  it.each(Object.keys(bombs) as Array<keyof typeof bombs>)('a %s bomb that inflates past the limit: RESPONSE_TOO_LARGE at once, sent once', async (encoding) => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
      res.end(bombs[encoding]);
    });
    const reddit = clientOf(server, transport, { maxResponseSize: MiB });
    const retries: unknown[] = [];
    reddit.on('retry', (e) => retries.push(e));
    const error = await rejection(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE', status: 200, method: 'GET', attempts: 1, body: '' });
    expect(error.message).toMatch(/maxResponseSize \(1048576 bytes decoded\)/);
    expect(error.message).toContain(encoding);
    // Not retried: the same server would send the same bomb again.
    expect(server.seen).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('an endless chunked body: reading stops at the limit and the connection closes', async () => {
    const written = { bytes: 0, closed: false };
    const server = await serve((_req, res) => endless(res, Buffer.alloc(64 * 1024, 0x20), written));
    const reddit = clientOf(server, transport, { maxResponseSize: 2 * MiB, requestTimeout: 60_000 });
    const error = await rejection(reddit('/api/v1/me').get());
    expect(error.code).toBe('RESPONSE_TOO_LARGE');
    // The server sees the socket's close a moment after the client closed it.
    await waitWhile(() => !written.closed, 5000, 50);
    expect(written.closed).toBe(true);
    // What the client could have held: the limit plus the sockets' buffers, never what the server meant to send.
    expect(written.bytes).toBeLessThan(32 * MiB);
    expect(server.seen).toHaveLength(1);
  });

  it('an endless brotli stream of zeros (a bomb with no end): stops at the limit, the server stops writing', async () => {
    const written = { bytes: 0, closed: false };
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
      res.on('close', () => (written.closed = true));
      const compressor = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      compressor.pipe(res);
      const zeros = Buffer.alloc(MiB, 0x30);
      const pump = () => {
        while (!res.destroyed && compressor.write(zeros)) written.bytes += zeros.length;
        if (!res.destroyed) compressor.once('drain', pump);
      };
      res.on('close', () => compressor.destroy());
      pump();
    });
    const reddit = clientOf(server, transport, { maxResponseSize: 4 * MiB, requestTimeout: 60_000 });
    const before = process.memoryUsage().rss;
    const error = await rejection(reddit('/api/v1/me').get());
    expect(error.code).toBe('RESPONSE_TOO_LARGE');
    // The server sees the socket's close a moment after the client closed it.
    await waitWhile(() => !written.closed, 5000, 50);
    expect(written.closed).toBe(true);
    // Inflated bytes the server fed its compressor before the client closed: bounded by the limit and buffers.
    expect(written.bytes).toBeLessThan(512 * MiB);
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * MiB);
  });

  it('an answer of exactly the limit is read; one byte more is refused', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(1000) });
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url!.startsWith('/more') ? `${body} ` : body);
    });
    const reddit = clientOf(server, transport, { maxResponseSize: Buffer.byteLength(body) });
    await expect(reddit('/exact').get()).resolves.toEqual(JSON.parse(body));
    await expect(reddit('/more').get()).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
  });

  it('a declared Content-Length past the limit is refused; the call option raises the limit for one call', async () => {
    const big = JSON.stringify({ text: 'y'.repeat(3 * MiB) });
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) });
      res.end(big);
    });
    const reddit = clientOf(server, transport, { maxResponseSize: MiB });
    await expect(reddit('/w/page').get()).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
    await expect(reddit('/w/page').get(undefined, { maxResponseSize: 4 * MiB })).resolves.toMatchObject({ text: expect.any(String) });
  });

  it('the default (32 MiB) lets a large real answer through and stops a bomb', async () => {
    const page = JSON.stringify({ items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, body: 'z'.repeat(200) })) });
    const server = await serve((req, res) => {
      if (req.url!.startsWith('/page')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(page));
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
        res.end(bombs.br);
      }
    });
    const reddit = clientOf(server, transport);
    await expect(reddit('/page').get()).resolves.toMatchObject({ items: expect.any(Array) });
    await expect(reddit('/bomb').get()).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE', message: expect.stringContaining('33554432') });
  });
});

describe('the maxResponseSize option', () => {
  const make = (value: unknown) => () => new Snoopath({ userAgent: 'node:x:1 (by /u/x)', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' }, maxResponseSize: value } as never);

  it('takes a whole number of bytes, in the constructor and per call', async () => {
    expect(make(1024)).not.toThrow();
    const server = await serve((_req, res) => res.end('{}'));
    const reddit = clientOf(server, 'undici');
    await expect(reddit('/x').get(undefined, { maxResponseSize: 2 })).resolves.toEqual({});
    await expect(reddit('/x').get(undefined, { maxResponseSize: 0 })).rejects.toMatchObject({ name: 'ConfigError', option: 'maxResponseSize' });
  });

  it.each([0, -1, 1.5, '32MiB', Infinity])('refuses %p with a ConfigError saying what it takes', (value) => {
    expect(make(value)).toThrow(expect.objectContaining({ name: 'ConfigError', option: 'maxResponseSize', message: expect.stringMatching(/whole number of bytes above 0/) }));
  });
});
