/**
 * Connections opened ahead of a process's first requests (lib/transport/undici/warm.ts), over real
 * loopback sockets: a server of the test's own counts the connections and what arrives on each.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import { directAgent } from '../../../lib/transport/undici/agent.js';
import { createUndiciFetch } from '../../../lib/transport/undici/fetch.js';
import { warmUp } from '../../../lib/transport/undici/warm.js';
import { until, waitWhile } from '../../support/wait.js';

interface Counted {
  origin: string;
  /** Requests (their first line) by connection, in the order the connections came. */
  connections: string[][];
  sockets: net.Socket[];
  closed: number;
  close(): Promise<void>;
}

const servers: Counted[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** An HTTP/1.1 server answering every request `ok`, keeping connections open. */
async function counted(): Promise<Counted> {
  const state: Counted = { origin: '', connections: [], sockets: [], closed: 0, close: async () => {} };
  const server = net.createServer((socket) => {
    const requests: string[] = [];
    state.connections.push(requests);
    state.sockets.push(socket);
    socket.on('close', () => state.closed++);
    socket.on('error', () => {});
    let buffered = '';
    socket.on('data', (data) => {
      buffered += data.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\r\n\r\n')) >= 0) {
        requests.push(buffered.slice(0, buffered.indexOf('\r\n')));
        buffered = buffered.slice(end + 4);
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\nok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => {
    for (const socket of state.sockets) socket.destroy();
    server.close(() => resolve());
  });
  servers.push(state);
  return state;
}

const fetchOver = () => createUndiciFetch(() => directAgent());
const get = async (f: typeof fetch, url: string) => (await f(url)).text();

describe('connections opened ahead', () => {
  it('one is opened before any request, and the first request rides it', async () => {
    const s = await counted();
    warmUp([s.origin]);
    await until('the warm connection', () => s.connections.length === 1);
    expect(s.connections).toEqual([[]]);
    await expect(get(fetchOver(), `${s.origin}/first`)).resolves.toBe('ok');
    expect(s.connections).toEqual([['GET /first HTTP/1.1']]);
  });

  it('once per origin per process, whoever asks', async () => {
    const s = await counted();
    warmUp([s.origin, `${s.origin}/other/path`]);
    warmUp([s.origin]);
    await until('the warm connection', () => s.connections.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(s.connections).toHaveLength(1);
  });

  it('one the server closed before it was used is left: the request opens its own', async () => {
    const s = await counted();
    warmUp([s.origin]);
    await until('the warm connection', () => s.sockets.length === 1);
    s.sockets[0]!.destroy();
    await until('the close', () => s.closed === 1);
    await expect(get(fetchOver(), `${s.origin}/after-close`)).resolves.toBe('ok');
    expect(s.connections).toEqual([[], ['GET /after-close HTTP/1.1']]);
  });

  it('one never asked for is closed when it has waited long enough', async () => {
    const s = await counted();
    warmUp([s.origin], 50);
    await until('the warm connection', () => s.connections.length === 1);
    await until('the idle close', () => s.closed === 1, 5000);
    expect(s.connections).toEqual([[]]);
  });

  it('keeps nothing alive: a process with only a warm connection may exit', async () => {
    const s = await counted();
    const tcp = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    const before = tcp();
    warmUp([s.origin]);
    await until('the warm connection', () => s.connections.length === 1);
    // The server's side of it is this process's too: it counts once, the warm side not at all.
    expect(tcp()).toBe(before + 1);
  });

  it('one that cannot be made leaves the failure to the request, as without it', async () => {
    const s = await counted();
    const origin = s.origin;
    await s.close();
    warmUp([origin]);
    const error = await fetchOver()(`${origin}/refused`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });

  it('a request sent while the warm connection is still being made waits for it instead of opening another', async () => {
    const s = await counted();
    warmUp([s.origin]);
    // At once: the handshake has not completed yet.
    await expect(get(fetchOver(), `${s.origin}/at-once`)).resolves.toBe('ok');
    await waitWhile(() => s.connections.length === 0);
    expect(s.connections).toEqual([['GET /at-once HTTP/1.1']]);
  });

  it('ignores what is not an http(s) origin', () => {
    expect(() => warmUp(['not a url', 'ftp://example.com', 'file:///etc/passwd'])).not.toThrow();
  });
});
