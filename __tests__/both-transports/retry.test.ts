import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { NetworkError, ResponseError, TimeoutError } from '../../lib/index.js';
import { API, client, failure, leakText, tokenOk, mockNetwork, expectUnused } from './helpers.js';

mockNetwork();

describe('5xx answers are sent again, retryDelay apart, up to retryAttempts times', () => {
  it('succeeds after two 503s (HTML bodies) with attempts counted', async () => {
    tokenOk();
    nock(API).get('/x').query(true).times(2).reply(503, '<html>busy</html>', { 'content-type': 'text/html' });
    nock(API).get('/x').query(true).reply(200, { ok: true });
    const reddit = client({ retryAttempts: 2, retryDelay: 30 });
    const retries: number[] = [];
    reddit.on('retry', ({ attempt, delay }) => retries.push(attempt * 1000 + delay));
    const started = Date.now();
    await expect(reddit('/x').get()).resolves.toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(retries).toEqual([1030, 2030]);
  });

  it('gives up with ResponseError after retryAttempts + 1 sends, HTML kept as text', async () => {
    tokenOk();
    const scope = nock(API).post('/api/submit').query({ raw_json: '1' }).times(3).reply(500, '<html>oops</html>');
    const error = await failure(client({ retryAttempts: 2 })('/api/submit').post({ title: 't' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ status: 500, attempts: 3, method: 'POST', body: '<html>oops</html>' });
    expect(scope.isDone()).toBe(true);
  });

  it('uses the per-call retryAttempts over the instance value', async () => {
    tokenOk();
    nock(API).get('/x').query(true).reply(502, '');
    const error = await failure(client({ retryAttempts: 5 })('/x').get({}, { retryAttempts: 0 }));
    expect(error).toMatchObject({ name: 'ResponseError', status: 502, attempts: 1 });
  });

  it('emits response_error for each non-2xx answer', async () => {
    tokenOk();
    nock(API).get('/x').query(true).times(2).reply(500, '');
    nock(API).get('/x').query(true).reply(200, {});
    const reddit = client({ retryAttempts: 3 });
    const seen: number[] = [];
    reddit.on('response_error', (e) => seen.push(e.status));
    await reddit('/x').get();
    expect(seen).toEqual([500, 500]);
  });
});

describe('other 4xx answers reject at once', () => {
  it.each([400, 403, 404])('%i is not retried', async (status) => {
    tokenOk();
    const scope = nock(API).get('/x').query(true).reply(status, { message: 'no', error: status });
    const error = await failure(client({ retryAttempts: 3 })('/x').get());
    expect(error).toMatchObject({ name: 'ResponseError', status, attempts: 1, body: { message: 'no', error: status } });
    expect(scope.isDone()).toBe(true);
  });
});

describe('network failures and timeouts', () => {
  it('retries a GET after a connection error, then succeeds', async () => {
    tokenOk();
    nock(API).get('/x').query(true).replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    nock(API).get('/x').query(true).reply(200, { ok: 1 });
    await expect(client({ retryAttempts: 1 })('/x').get()).resolves.toEqual({ ok: 1 });
  });

  it('rejects a POST at once on a connection error: NetworkError with attempts 1', async () => {
    tokenOk();
    const scope = nock(API).post('/api/vote').query({ raw_json: '1' }).replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const error = await failure(client({ retryAttempts: 3 })('/api/vote').post({ id: 't3_x', dir: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.attempts).toBe(1);
    expect(scope.isDone()).toBe(true);
  });

  it('times out a slow send after requestTimeout and retries GETs in the same budget', async () => {
    nock(API).get('/slow').query(true).times(2).delay(3000).reply(200, {});
    // The instance's requestTimeout would cover a token request too, which a loaded machine could
    // make that late (60 ms was seen to be): the token is given, so the timeout is the GET's alone.
    const reddit = client({ retryAttempts: 1, requestTimeout: 250 });
    reddit.setAccessToken('access-token-given');
    const started = Date.now();
    const error = await failure(reddit('/slow').get());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(2);
    // Neither send waited for its answer (3 s each): two timeouts take about 500 ms.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a body that stalls after the headers is a timeout too, not a hang', async () => {
    tokenOk();
    nock(API).get('/stall').query(true).delayBody(3000).reply(200, { late: true });
    // The token first, with the default timeout: 100 ms is for the stalled body alone (on a loaded
    // machine a token request could take that long, and the GET was then never sent).
    const reddit = client({ retryAttempts: 0 });
    await reddit.auth();
    const started = Date.now();
    const error = await failure(reddit('/stall').get({}, { requestTimeout: 100 }));
    expect(error).toMatchObject({ name: 'TimeoutError' });
    // 100 ms against a body 3 s late, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('does not retry a timed-out PATCH', async () => {
    nock(API).patch('/slow').query({ raw_json: '1' }).delay(1500).reply(200, {});
    // The timeout would cover a token request too (50 ms was too short for one on a loaded machine:
    // it timed out, was retried, and the PATCH was never sent): the token is given.
    const reddit = client({ retryAttempts: 3, requestTimeout: 250 });
    reddit.setAccessToken('access-token-given');
    const error = await failure(reddit('/slow').patch({ a: 1 }));
    expect(error).toMatchObject({ name: 'TimeoutError', attempts: 1 });
  });

  it('counts the timeout from the send, not from time waiting in the throttle queue', async () => {
    tokenOk();
    nock(API).get('/x').query(true).times(3).delay(20).reply(200, {});
    // With a 600 ms throttle the second call waits ~600 ms in the queue and the third ~1200 ms, past
    // their 400 ms timeout; each send itself (20 ms) has 380 ms to spare on a loaded machine.
    // The timeout as a call option: the token request keeps the default one.
    const reddit = client({ throttle: 600, retryAttempts: 0 });
    await expect(Promise.all([1, 2, 3].map(() => reddit('/x').get({}, { requestTimeout: 400 })))).resolves.toHaveLength(3);
  });
});

describe('429 answers', () => {
  it('waits for Retry-After and sends again without using retryAttempts', async () => {
    tokenOk();
    nock(API).get('/x').query(true).reply(429, '', { 'retry-after': '1' });
    nock(API).get('/x').query(true).reply(200, { ok: 1 });
    const started = Date.now();
    await expect(client({ retryAttempts: 0 })('/x').get()).resolves.toEqual({ ok: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up with ResponseError 429 after 10 consecutive 429s', async () => {
    tokenOk();
    const scope = nock(API).get('/x').query(true).times(10).reply(429, '<html>slow down</html>', { 'retry-after': '0' });
    const error = await failure(client({ retryAttempts: 60 })('/x').get());
    expect(error).toMatchObject({ name: 'ResponseError', status: 429, attempts: 10 });
    expect(scope.isDone()).toBe(true);
  }, 20000);
});

describe('abort', () => {
  it('rejects with the signal reason while waiting between retries, and stops sending', async () => {
    tokenOk();
    const scope = nock(API).get('/x').query(true).times(5).reply(500, '');
    const controller = new AbortController();
    const promise = client({ retryAttempts: 4, retryDelay: 2000 })('/x').get({}, { signal: controller.signal });
    // "At once" is judged from the abort (its timer may fire late on a loaded machine), against a 2 s retry wait.
    let abortedAt = Infinity;
    setTimeout(() => {
      abortedAt = Date.now();
      controller.abort();
    }, 100);
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(scope.pendingMocks()).toHaveLength(1);
    expectUnused(scope);
  });

  it('removes a queued call: it rejects at once and is never sent', async () => {
    tokenOk();
    nock(API).get('/first').query(true).reply(200, {});
    const second = nock(API).get('/second').query(true).reply(200, {});
    const reddit = client({ throttle: 500 });
    const controller = new AbortController();
    const first = reddit('/first').get();
    const queued = reddit('/second').get({}, { signal: controller.signal });
    await first;
    controller.abort(new Error('changed my mind'));
    await expect(queued).rejects.toThrow('changed my mind');
    await new Promise((r) => setTimeout(r, 700));
    expectUnused(second);
  });
});

describe('errors never carry secrets', () => {
  it('a failing call after a token request leaks neither token nor credentials', async () => {
    tokenOk();
    nock(API).get('/x').query(true).reply(403, (_u, _b) => ({ message: 'Forbidden', error: 403 }));
    const error = await failure(client()('/x').get());
    const text = leakText(error);
    expect(text).not.toMatch(/access-token-\d+/);
    expect(text).not.toContain('sekrit');
    expect(text).not.toContain('hunter2');
  });
});
