/** Faults that used to hang, leak or answer wrongly: waits, token stores, token requests, stalled bodies. */
import { describe, expect, it, jest } from '@jest/globals';
import { AuthError, NetworkError, TimeoutError, type TokenStore } from '../../lib/index.js';
import { client, failure, requestsTo, start, tokenRequests, TOKEN_PATH, type Emulator } from '../integration/setup.js';
import { waitWhile } from '../support/wait.js';

const ME = '/api/v1/me';

describe('abort rejects at once wherever the call waits', () => {
  it('a call waiting for the shared token request rejects at once; the request goes on for the others', async () => {
    const emu = await start();
    const reddit = client(emu);
    // The token answers 2 s late; "at once" is judged from the abort, with room for a loaded machine.
    emu.fault({ path: TOKEN_PATH, delay: 2000 });
    const controller = new AbortController();
    const aborted = reddit(ME).get(undefined, { signal: controller.signal });
    const other = reddit(ME).get();
    // Until the token request is sent (a loaded machine may be late), bounded.
    await waitWhile(() => tokenRequests(emu).length === 0);
    const abortedAt = Date.now();
    controller.abort();
    const error = await failure(aborted);
    expect(error.name).toBe('AbortError');
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    await expect(other).resolves.toMatchObject({ name: 'demo_user' });
    expect(tokenRequests(emu)).toHaveLength(1);
    // The aborted call sent nothing of its own.
    expect(requestsTo(emu, ME)).toHaveLength(1);
  });

  it('a call waiting for a token store that has not answered rejects at once', async () => {
    const emu = await start();
    let asked = false;
    const reddit = client(emu, 'script', { tokenStore: { get: () => ((asked = true), new Promise(() => {})), set: () => undefined } });
    const controller = new AbortController();
    const call = reddit(ME).get(undefined, { signal: controller.signal });
    // Until the call waits for the store (a loaded machine may be late), bounded.
    await waitWhile(() => !asked);
    expect(asked).toBe(true);
    controller.abort(new Error('user left'));
    await expect(call).rejects.toThrow('user left');
  });

  it('an already aborted signal rejects before anything is sent', async () => {
    const emu = await start();
    const reddit = client(emu);
    await expect(reddit(ME).get(undefined, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(emu.requests).toHaveLength(0);
  });

  it('a cookie-mode write waiting for the shared modhash read rejects at once', async () => {
    const emu = await start();
    const res = await fetch(`${emu.url}/login?user=demo_user`);
    await res.arrayBuffer();
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const reddit = client(emu, 'cookies', {
      fetch: async (input, init) => {
        const request = new Request(input as Request, init);
        const headers = new Headers(request.headers);
        headers.set('cookie', cookie);
        return fetch(new Request(request, { headers }));
      },
    });
    emu.fault({ path: '/api/me.json', delay: 2000 });
    const controller = new AbortController();
    const write = reddit('/api/vote').post({ id: 't3_x', dir: 1 }, { signal: controller.signal });
    // Until the modhash read is sent (a loaded machine may be late), bounded.
    await waitWhile(() => requestsTo(emu, '/api/me.json').length === 0);
    const abortedAt = Date.now();
    controller.abort();
    await expect(write).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - abortedAt).toBeLessThan(1000);
  });
});

describe('tokenStore failures', () => {
  const token = { accessToken: 'stored-access-token-1234', expiresAt: Date.now() + 3600_000 };

  it('a rejected get() fails that call (reported), and the next call reads the store again', async () => {
    const emu = await start();
    let reads = 0;
    const store: TokenStore = {
      get: async () => {
        reads++;
        if (reads === 1) throw new Error('database is starting');
        return undefined;
      },
      set: () => undefined,
    };
    const reddit = client(emu, 'script', { tokenStore: store });
    const events: Array<{ operation: string; error: Error }> = [];
    reddit.on('token_store_error', (e) => events.push(e));
    const first = await failure(reddit(ME).get());
    expect(first).toBeInstanceOf(AuthError);
    expect(first).toMatchObject({ code: 'token_store_error' });
    expect(first.message).toMatch(/tokenStore\.get\(\) failed \(database is starting\)/);
    expect(first.cause).toBeInstanceOf(Error);
    expect(events.map((e) => e.operation)).toEqual(['get']);
    await expect(reddit(ME).get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(reads).toBe(2);
  });

  it('a get() that never settles is bounded by requestTimeout, then read again by the next call', async () => {
    const emu = await start();
    let reads = 0;
    // The instance's requestTimeout bounds the store and, next, the token request and the GET too:
    // 1 s leaves them room on a loaded machine (150 ms did not always), and a hang still never ends.
    const reddit = client(emu, 'script', {
      requestTimeout: 1000,
      tokenStore: { get: () => (++reads === 1 ? new Promise(() => {}) : undefined), set: () => undefined },
    });
    const started = Date.now();
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/tokenStore\.get\(\) did not settle within 1000 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(reddit(ME).get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(reads).toBe(2);
  });

  it('a rejected set() is an event, and the call whose token is fine resolves', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { tokenStore: { get: () => undefined, set: async () => Promise.reject(new Error('disk full')) } });
    const events: Array<{ operation: string; error: Error }> = [];
    reddit.on('token_store_error', (e) => events.push(e));
    await expect(reddit(ME).get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(events).toHaveLength(1);
    expect(events[0]!.operation).toBe('set');
    expect(events[0]!.error.message).toMatch(/disk full/);
    expect(events[0]!.error.message).not.toContain(reddit.getAccessToken()!);
  });

  it('a set() that throws synchronously or never settles does not fail or hang the call', async () => {
    const emu = await start();
    const throwing = client(emu, 'script', { tokenStore: { get: () => undefined, set: () => { throw new Error('sync boom'); } } });
    await expect(throwing(ME).get()).resolves.toMatchObject({ name: 'demo_user' });
    // requestTimeout bounds the hung set() and also the token request and the GET: 1 s leaves those room on a loaded machine.
    const hanging = client(emu, 'script', { requestTimeout: 1000, tokenStore: { get: () => token, set: () => new Promise<void>(() => {}) } });
    hanging.setAccessToken('');
    emu.expireTokens();
    const events: string[] = [];
    hanging.on('token_store_error', (e) => events.push(e.error.name));
    await expect(hanging(ME).get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(events).toEqual(['TimeoutError']);
  });
});

describe('token requests follow requestTimeout and retryAttempts', () => {
  it('no 30 s cap of openid-client: no timeout signal of its own is made for a grant', async () => {
    const emu = await start();
    const spy = jest.spyOn(AbortSignal, 'timeout');
    try {
      const reddit = client(emu);
      await reddit.auth();
      await reddit.appOnlyAuth();
      await reddit.deauth();
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('a token endpoint that hangs: retryAttempts + 1 sends, each requestTimeout long, and the host named', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { requestTimeout: 100, retryAttempts: 2, retryDelay: 0 });
    emu.fault({ path: TOKEN_PATH, hang: true, times: 10 });
    const error = await failure(reddit.auth());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(3);
    expect(error.message).toContain(emu.url);
    expect(error.message).toMatch(/within 100 ms/);
    expect(tokenRequests(emu)).toHaveLength(3);
  });

  it('attempts counts the sends of a token request that kept failing with 5xx', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 2 });
    emu.fault({ path: TOKEN_PATH, status: 503, times: 10 });
    const error = await failure(reddit.auth());
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 503, attempts: 3 });
  });

  it('attempts counts the sends of a token request whose connection was reset', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 2 });
    emu.fault({ path: TOKEN_PATH, reset: true, times: 10 });
    const error = await failure(reddit.auth());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.attempts).toBe(3);
  });

  it('a call waiting for a token request keeps that request\'s count (5xx and reset alike)', async () => {
    const emu = await start();
    const failing = client(emu, 'script', { retryAttempts: 2 });
    emu.fault({ path: TOKEN_PATH, status: 502, times: 3 });
    expect(await failure(failing(ME).get())).toMatchObject({ name: 'AuthError', status: 502, attempts: 3 });
    const reset = client(emu, 'script', { retryAttempts: 2 });
    emu.fault({ path: TOKEN_PATH, reset: true, times: 3 });
    expect(await failure(reset(ME).get())).toMatchObject({ name: 'NetworkError', attempts: 3 });
    expect(requestsTo(emu, ME)).toHaveLength(0);
  });

  it('attempts is 1 on a refused grant', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { oauth: { password: 'wrong-password' } });
    const error = await failure(reddit.auth());
    expect(error).toMatchObject({ name: 'AuthError', code: 'invalid_grant', attempts: 1 });
  });

  it('an authServerUri that refuses connections: NetworkError with the cause kept', async () => {
    const emu = await start();
    const closed = await start();
    const url = closed.url;
    await closed.close();
    const reddit = client(emu, 'script', { authServerUri: url, retryAttempts: 1 });
    const error = await failure(reddit.auth());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain(url);
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.cause).toBeDefined();
    expect(error.attempts).toBe(2);
  });
});

describe('a body that stalls after the headers is a timeout of that send, retried like one', () => {
  const stalled = (emu: Emulator, times: number, method = 'GET', path = ME) => emu.fault({ method, path, stall: true, times });

  it('a GET whose body stalls once is sent again and resolves', async () => {
    const emu = await start();
    // The token first, with the default timeout; the short one is the GET's alone (call option), with
    // room for the resend to answer on a loaded machine.
    const reddit = client(emu, 'script');
    await reddit.auth();
    stalled(emu, 1);
    const retries: Error[] = [];
    reddit.on('retry', (r) => retries.push(r.error));
    await expect(reddit(ME).get(undefined, { requestTimeout: 500 })).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, ME)).toHaveLength(2);
    expect(retries.map((e) => e.name)).toEqual(['TimeoutError']);
  });

  it('a GET whose body always stalls ends in TimeoutError after retryAttempts + 1 sends', async () => {
    const emu = await start();
    // The token first, with the default timeout: 100 ms is for the stalled GETs alone.
    const reddit = client(emu, 'script', { retryAttempts: 2, retryDelay: 0 });
    await reddit.auth();
    stalled(emu, 10);
    const error = await failure(reddit(ME).get(undefined, { requestTimeout: 100 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(3);
    expect(requestsTo(emu, ME)).toHaveLength(3);
  });

  it('a POST whose body stalls is not sent again (the platform may have acted)', async () => {
    const emu = await start();
    const reddit = client(emu, 'script');
    await reddit.auth();
    stalled(emu, 10, 'POST', '/api/vote');
    const error = await failure(reddit('/api/vote').post({ id: 't3_x', dir: 1 }, { requestTimeout: 100 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(1);
    expect(requestsTo(emu, '/api/vote')).toHaveLength(1);
  });

  it('a token answer whose body stalls is retried like the send', async () => {
    const emu = await start();
    // Token requests take the instance's requestTimeout: 1 s leaves the resend room on a loaded machine.
    const reddit = client(emu, 'script', { requestTimeout: 1000 });
    emu.fault({ path: TOKEN_PATH, stall: true });
    await expect(reddit.auth()).resolves.toBeUndefined();
    expect(tokenRequests(emu)).toHaveLength(2);
  });
});
