/**
 * Connections opened ahead of a process's first requests (lib/transport/undici/warm.ts), over real
 * loopback sockets: the test server counts its connections and which one each request came on.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { directAgent } from '../../../lib/transport/undici/agent.js';
import { createUndiciFetch } from '../../../lib/transport/undici/fetch.js';
import { warmUp } from '../../../lib/transport/undici/warm.js';
import { closeAll, serve } from '../../support/servers.js';
import { until, waitWhile } from '../../support/wait.js';

afterEach(() => closeAll());

/** An HTTP/1.1 server answering every request `ok`, keeping connections open. */
const ok = () => serve((_req, res) => res.end('ok'));
const fetchOver = () => createUndiciFetch(() => directAgent());
const get = async (f: typeof fetch, url: string) => (await f(url)).text();
const arrivals = (s: Awaited<ReturnType<typeof ok>>) => s.seen.map((r) => `${r.url} on ${r.connection}`);

describe('connections opened ahead', () => {
  it('one is opened before any request, and the first request rides it', async () => {
    const s = await ok();
    warmUp([s.origin]);
    await until('the warm connection', () => s.connections() === 1);
    expect(s.seen).toEqual([]);
    await expect(get(fetchOver(), `${s.origin}/first`)).resolves.toBe('ok');
    expect(s.connections()).toBe(1);
    expect(arrivals(s)).toEqual(['/first on 1']);
  });

  it('once per origin per process, whoever asks', async () => {
    const s = await ok();
    warmUp([s.origin, `${s.origin}/other/path`]);
    warmUp([s.origin]);
    await until('the warm connection', () => s.connections() === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(s.connections()).toBe(1);
  });

  it('one the server closed before it was used is left: the request opens its own', async () => {
    const s = await ok();
    warmUp([s.origin]);
    await until('the warm connection', () => s.connections() === 1);
    s.drop();
    await until('the close', () => s.closed() === 1);
    await expect(get(fetchOver(), `${s.origin}/after-close`)).resolves.toBe('ok');
    expect(s.connections()).toBe(2);
    expect(arrivals(s)).toEqual(['/after-close on 2']);
  });

  it('one never asked for is closed when it has waited long enough', async () => {
    const s = await ok();
    warmUp([s.origin], 50);
    await until('the warm connection', () => s.connections() === 1);
    await until('the idle close', () => s.closed() === 1, 5000);
    expect(s.seen).toEqual([]);
  });

  it('keeps nothing alive: a process with only a warm connection may exit', async () => {
    const s = await ok();
    const tcp = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    const before = tcp();
    warmUp([s.origin]);
    await until('the warm connection', () => s.connections() === 1);
    // The server's side of it is this process's too: it counts once, the warm side not at all.
    expect(tcp()).toBe(before + 1);
  });

  it('one that cannot be made leaves the failure to the request, as without it', async () => {
    const { origin } = await ok();
    await closeAll();
    warmUp([origin]);
    const error = await fetchOver()(`${origin}/refused`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });

  it('a request sent while the warm connection is still being made waits for it instead of opening another', async () => {
    const s = await ok();
    warmUp([s.origin]);
    // At once: the handshake has not completed yet.
    await expect(get(fetchOver(), `${s.origin}/at-once`)).resolves.toBe('ok');
    await waitWhile(() => s.connections() === 0);
    expect(s.connections()).toBe(1);
    expect(arrivals(s)).toEqual(['/at-once on 1']);
  });

  it('ignores what is not an http(s) origin', () => {
    expect(() => warmUp(['not a url', 'ftp://example.com', 'file:///etc/passwd'])).not.toThrow();
  });
});
