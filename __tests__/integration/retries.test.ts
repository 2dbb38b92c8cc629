/** Retries, timeouts and faults over real sockets: 5xx pages, bad JSON, resets, hangs, chaos. */
import { describe, expect, it } from '@jest/globals';
import { NetworkError, ResponseError, TimeoutError } from '../../lib/index.js';
import { client, failure, grants, requestsTo, start } from './setup.js';

const ME = '/api/v1/me';

describe('5xx answers', () => {
  it('HTML 500, 502 and 503 pages are retried, retryDelay apart, then the call succeeds', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryDelay: 60 });
    await reddit.auth();
    for (const status of [500, 502, 503]) emu.fault({ path: ME, status });
    const retries: Array<{ attempt: number; delay: number; error: Error }> = [];
    const errors: ResponseError[] = [];
    reddit.on('retry', (r) => retries.push(r));
    reddit.on('response_error', (e) => errors.push(e));
    const me = await reddit('/api/v1/me').get<{ name: string }>();
    expect(me.name).toBe('demo_user');

    const sent = requestsTo(emu, ME);
    expect(sent.map((r) => r.status)).toEqual([500, 502, 503, 200]);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(55);
    expect(retries.map((r) => r.delay)).toEqual([60, 60, 60]);
    expect(errors.map((e) => e.status)).toEqual([500, 502, 503]);
    expect(typeof errors[0]!.body).toBe('string');
    expect(errors[0]!.body).toMatch(/<html|<!doctype/i);
  });

  it('gives up after retryAttempts + 1 sends with the last ResponseError, HTML kept as text', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 2 });
    await reddit.auth();
    emu.fault({ path: ME, status: 503, times: 10 });
    const error = await failure(reddit('/api/v1/me').get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ status: 503, attempts: 3 });
    expect(error.body).toMatch(/Service Unavailable/);
    expect(requestsTo(emu, ME)).toHaveLength(3);
  });

  it('a POST is retried on a 5xx too (the platform answered: it did not act)', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault({ path: '/api/vote', status: 502 });
    const post = (await reddit('/r/$subreddit/new').listing<{ data: { name: string } }>({ $subreddit: 'aww', limit: 1 })).children[0]!;
    await expect(reddit('/api/vote').post({ id: post.data.name, dir: 1 })).resolves.toEqual({});
    expect(requestsTo(emu, '/api/vote').map((r) => r.status)).toEqual([502, 200]);
  });

  it('a token request that gets a 5xx is retried like an idempotent call', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.fault({ path: '/api/v1/access_token', status: 503, times: 2 });
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, '/api/v1/access_token').map((r) => r.status)).toEqual([503, 503, 200]);
  });
});

describe('broken 200 answers', () => {
  it('invalid JSON on a 200 is a ResponseError keeping the text; it is not retried', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault({ path: '/r/aww/hot', invalidJson: true });
    const error = await failure(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(200);
    expect(error.attempts).toBe(1);
    expect(typeof error.body).toBe('string');
    expect(error.body).toMatch(/^\{"kind": "Listing"/);
    expect(error.message).toMatch(/not valid JSON/);
    expect(requestsTo(emu, '/r/aww/hot')).toHaveLength(1);
  });

  it('an HTML page on a 200 resolves to its text (a 2xx that is not JSON)', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault({ path: '/r/aww/hot', html: true });
    const text = await reddit('/r/$subreddit/hot').get({ $subreddit: 'aww' });
    expect(typeof text).toBe('string');
    expect(text).toMatch(/<html|<!doctype/i);
  });
});

describe('connection resets', () => {
  it('a GET whose connection is reset is sent again and succeeds', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault({ path: ME, reset: true });
    const retries: Error[] = [];
    reddit.on('retry', (r) => retries.push(r.error));
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([0, 200]);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toBeInstanceOf(NetworkError);
  });

  it('a POST whose connection is reset rejects at once: NetworkError, attempts 1, sent once', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault({ path: '/api/vote', reset: true });
    const error = await failure(reddit('/api/vote').post({ id: 't3_whatever', dir: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.attempts).toBe(1);
    expect(error.cause).toBeDefined();
    expect(requestsTo(emu, '/api/vote')).toHaveLength(1);
  });

  it('resets on every send exhaust the budget: NetworkError with attempts = retryAttempts + 1', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 3 });
    await reddit.auth();
    emu.fault({ path: ME, reset: true, times: 10 });
    const error = await failure(reddit('/api/v1/me').get());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.attempts).toBe(4);
    expect(requestsTo(emu, ME)).toHaveLength(4);
  });
});

describe('timeouts', () => {
  /**
   * A client whose instance requestTimeout is `ms`, holding a token another client got with the
   * default timeout: on a loaded machine a token request could take longer than a short timeout
   * meant for the call under test.
   */
  async function timing(emu: Awaited<ReturnType<typeof start>>, extra: Parameters<typeof client>[2]) {
    const helper = client(emu, 'script');
    await helper.auth();
    const reddit = client(emu, 'script', extra);
    reddit.setAccessToken(helper.getAccessToken()!);
    return reddit;
  }

  it('a hung GET times out after requestTimeout and is sent again within the budget', async () => {
    const emu = await start();
    // 500 ms: the resend must answer within it on a loaded machine.
    const reddit = await timing(emu, { requestTimeout: 500 });
    emu.fault({ path: ME, hang: true });
    const started = Date.now();
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    expect(requestsTo(emu, ME).map((r) => r.status)).toEqual([0, 200]);
  });

  it('GETs that keep hanging end in TimeoutError with attempts = retryAttempts + 1', async () => {
    const emu = await start();
    const reddit = await timing(emu, { requestTimeout: 150, retryAttempts: 2 });
    emu.fault({ path: ME, hang: true, times: 10 });
    const started = Date.now();
    const error = await failure(reddit('/api/v1/me').get());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(3);
    expect(error.message).toMatch(/150 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 145);
    expect(requestsTo(emu, ME)).toHaveLength(3);
  });

  it('a hung POST is not sent again: TimeoutError with attempts 1', async () => {
    const emu = await start();
    const reddit = await timing(emu, { requestTimeout: 150 });
    emu.fault({ path: '/api/comment', hang: true, times: 5 });
    const error = await failure(reddit('/api/comment').post({ thing_id: 't3_x', text: 'hi' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(1);
    expect(requestsTo(emu, '/api/comment')).toHaveLength(1);
  });

  it('a slow answer within requestTimeout is simply awaited; the per-call requestTimeout wins', async () => {
    const emu = await start();
    // The instance's 100 ms against answers 1 s late; the per-call 3000 ms leaves the delayed answer room on a loaded machine.
    const reddit = await timing(emu, { requestTimeout: 100, retryAttempts: 0 });
    emu.fault({ path: ME, delay: 1000 });
    await expect(reddit('/api/v1/me').get(undefined, { requestTimeout: 3000 })).resolves.toMatchObject({ name: 'demo_user' });
    emu.fault({ path: ME, delay: 1000 });
    expect(await failure(reddit('/api/v1/me').get())).toBeInstanceOf(TimeoutError);
  });
});

describe('chaos mode', () => {
  it('a batch of GETs all succeed through random 5xx, resets and delays, with retries to spare', async () => {
    const emu = await start({ seed: 7, chaos: { rate: 0.3, faults: ['status500', 'status502', 'status503', 'reset', 'delay'] } });
    const reddit = client(emu, 'script', { retryAttempts: 30, retryDelay: 5, requestTimeout: 5000 });
    let retried = 0;
    reddit.on('retry', () => retried++);
    const subs = ['aww', 'programming', 'snoopath'];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => reddit('/r/$subreddit/new').listing({ $subreddit: subs[i % 3]!, limit: 5, count: i })),
    );
    expect(results.every((page) => page.allChildren.length === 5)).toBe(true);
    const api = requestsTo(emu, /^\/r\//);
    const failed = api.filter((r) => r.status !== 200);
    // The seed makes the draws reproducible: some requests failed, and each call succeeded once.
    expect(failed.length).toBeGreaterThan(0);
    expect(api.filter((r) => r.status === 200)).toHaveLength(30);
    expect(retried).toBeGreaterThanOrEqual(failed.length);
    expect(grants(emu).every((g) => g === 'password')).toBe(true);
  });
});
