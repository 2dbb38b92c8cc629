/**
 * The client on its default Node transport, over real loopback sockets: which transport it picks,
 * timeouts through it, and the proxy option (a local proxy written for the test).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import dc from 'node:diagnostics_channel';
import { Agent, ProxyAgent } from 'undici';
import Snoopath, { TimeoutError, type SnoopathOptions } from '../../../lib/index.js';
import { createUndiciFetch } from '../../../lib/transport/undici/fetch.js';
import { client, grants, requestsTo, start, USER_AGENT, type LooseClient } from '../../integration/setup.js';
import { closeAll, serve, startProxy } from '../../support/servers.js';

afterEach(() => closeAll());

describe('the default transport in Node', () => {
  it('is undici: the global fetch is never called, and the process-wide dispatcher is left alone', async () => {
    const emu = await start();
    const globalFetch = globalThis.fetch;
    const dispatcherKey = Symbol.for('undici.globalDispatcher.1');
    const dispatcherBefore = (globalThis as Record<symbol, unknown>)[dispatcherKey];
    let globalCalls = 0;
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      globalCalls++;
      return globalFetch(...args);
    };
    try {
      const reddit = client(emu);
      await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
      const page = await reddit('/r/$subreddit/new').listing({ $subreddit: 'aww', limit: 5 });
      expect(page.allChildren).toHaveLength(5);
    } finally {
      globalThis.fetch = globalFetch;
    }
    expect(globalCalls).toBe(0);
    expect((globalThis as Record<symbol, unknown>)[dispatcherKey]).toBe(dispatcherBefore);
    expect(grants(emu)).toEqual(['password']);
    // What the Node transport sends, where fetch would send its own defaults.
    expect(requestsTo(emu, '/api/v1/me')[0]!.headers).toMatchObject({ 'user-agent': USER_AGENT, 'accept-encoding': 'gzip, deflate, br' });
  });

  it('a fetch option still wins, for token requests too', async () => {
    const emu = await start();
    const urls: string[] = [];
    const reddit = client(emu, 'script', {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(input instanceof Request ? new URL(input.url).pathname : String(input));
        return globalThis.fetch(input, init);
      },
    });
    await reddit('/api/v1/me').get();
    expect(urls).toEqual(['/api/v1/access_token', '/api/v1/me']);
  });

  it('a body that stalls after the headers ends in TimeoutError, never a hang', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"late":');
    });
    const reddit = new Snoopath({
      userAgent: USER_AGENT, apiServerUri: server.origin, authServerUri: server.origin, throttle: 0, retryDelay: 5,
      oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' },
    }) as LooseClient;
    reddit.setAccessToken('token-1');
    const error = await reddit('/api/v1/me').get(undefined, { requestTimeout: 150, retryAttempts: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    // Whether a stalled body is sent again is the transport's retry rule (issue 12 retries it); every send is counted.
    expect(server.seen).toHaveLength((error as TimeoutError).attempts);
  });
});

describe('the proxy option', () => {
  const envNames = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
  const savedEnv = Object.fromEntries(envNames.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of envNames) {
      if (savedEnv[n] === undefined) delete process.env[n];
      else process.env[n] = savedEnv[n];
    }
  });

  it('sends every request, token requests too, through the proxy, with the credentials of its URL', async () => {
    const emu = await start();
    const proxy = await startProxy();
    const { host } = new URL(emu.url);
    const reddit = client(emu, 'script', { proxy: proxy.url.replace('//', '//agent:pr0xy-pass@') } as Partial<SnoopathOptions>);
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(proxy.seen.length).toBeGreaterThanOrEqual(1);
    for (const s of proxy.seen) {
      expect(s.target).toContain(host);
      expect(s.auth).toBe(`Basic ${Buffer.from('agent:pr0xy-pass').toString('base64')}`);
    }
    expect(grants(emu)).toEqual(['password']);
    expect(requestsTo(emu, '/api/v1/me')[0]!.headers['proxy-authorization']).toBeUndefined();
  });

  it("'env' reads HTTP_PROXY (and NO_PROXY) when the first instance with it is made", async () => {
    const emu = await start();
    const proxy = await startProxy();
    for (const n of envNames) delete process.env[n];
    process.env.HTTP_PROXY = proxy.url;
    const reddit = client(emu, 'script', { proxy: 'env' } as Partial<SnoopathOptions>);
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(proxy.seen.length).toBeGreaterThanOrEqual(1);
  });

  it('https goes through a CONNECT tunnel: the proxy sees the host, never a request', async () => {
    const emu = await start({ https: true });
    const proxy = await startProxy();
    const agent = new ProxyAgent({ uri: proxy.url, requestTls: { ca: emu.ca! } });
    try {
      const reddit = client(emu, 'script', { fetch: createUndiciFetch(agent) });
      await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
      expect(proxy.seen.length).toBeGreaterThanOrEqual(1);
      expect(proxy.seen.every((s) => s.kind === 'connect' && s.target === new URL(emu.url).host)).toBe(true);
    } finally {
      await agent.destroy();
    }
  });
});

describe('the first call opens its connections ahead', () => {
  /** What happens on the wire, in order: sockets opened, undici requests created (their paths). */
  function watch() {
    const seen: string[] = [];
    const socket = () => seen.push('socket');
    const request = (message: unknown) => seen.push(`request ${(message as { request: { path: string } }).request.path.split('?')[0]}`);
    dc.subscribe('net.client.socket', socket);
    dc.subscribe('undici:request:create', request);
    return { seen, stop: () => (dc.unsubscribe('net.client.socket', socket), dc.unsubscribe('undici:request:create', request)) };
  }

  it('an instance that makes no call opens none; its first call opens one before the token request, which rides it', async () => {
    const emu = await start();
    const wire = watch();
    try {
      const reddit = client(emu);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(wire.seen).toEqual([]);
      await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
      expect(wire.seen.slice(0, 2)).toEqual(['socket', 'request /api/v1/access_token']);
    } finally {
      wire.stop();
    }
  });

  it('a call refused while it is being built opens none', async () => {
    const emu = await start();
    const wire = watch();
    try {
      const reddit = client(emu);
      await expect(reddit('/r/$subreddit/hot').get()).rejects.toMatchObject({ name: 'ArgumentError' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(wire.seen).toEqual([]);
    } finally {
      wire.stop();
    }
  });

  it('none with a fetch of the application\'s own', async () => {
    const emu = await start();
    const wire = watch();
    const agent = new Agent();
    try {
      const reddit = client(emu, 'script', { fetch: createUndiciFetch(agent) });
      await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
      expect(wire.seen.slice(0, 2)).toEqual(['request /api/v1/access_token', 'socket']);
    } finally {
      wire.stop();
      await agent.destroy();
    }
  });
});
