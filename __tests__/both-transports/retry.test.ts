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
    tokenOk();
    nock(API).get('/slow').query(true).times(2).delay(1500).reply(200, {});
    const started = Date.now();
    // The timeout covers the token request too: 60 ms was too short for it on a loaded machine (the
    // token request timed out: NetworkError, and the GET was never sent).
    const error = await failure(client({ retryAttempts: 1, requestTimeout: 250 })('/slow').get());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(2);
    // Neither send waited for its answer (1.5 s each).
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('a body that stalls after the headers is a timeout too, not a hang', async () => {
    tokenOk();
    nock(API).get('/stall').query(true).delayBody(600).reply(200, { late: true });
    // The token first, with the default timeout: 100 ms is for the stalled body alone (on a loaded
    // machine a token request could take that long, and the GET was then never sent).
    const reddit = client({ retryAttempts: 0 });
    await reddit.auth();
    const started = Date.now();
    const error = await failure(reddit('/stall').get({}, { requestTimeout: 100 }));
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('does not retry a timed-out PATCH', async () => {
    tokenOk();
    nock(API).patch('/slow').query({ raw_json: '1' }).delay(1500).reply(200, {});
    // The timeout covers the token request too: 50 ms was too short for it on a loaded machine
    // (the token request timed out, was retried, and the PATCH was never sent).
    const error = await failure(client({ retryAttempts: 3, requestTimeout: 250 })('/slow').patch({ a: 1 }));
    expect(error).toMatchObject({ name: 'TimeoutError', attempts: 1 });
  });

  it('counts the timeout from the send, not from time waiting in the throttle queue', async () => {
    tokenOk();
    nock(API).get('/x').query(true).times(3).delay(20).reply(200, {});
    // With a 150 ms throttle the third call waits ~300 ms in the queue, far past its 100 ms timeout.
    // The timeout as a call option: the token request keeps the default one.
    const reddit = client({ throttle: 150, retryAttempts: 0 });
    await expect(Promise.all([1, 2, 3].map(() => reddit('/x').get({}, { requestTimeout: 100 })))).resolves.toHaveLength(3);
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
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
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
