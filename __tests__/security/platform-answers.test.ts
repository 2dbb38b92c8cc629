/**
 * Realistic platform answers, as seen in recorded traffic (empty 403/404 bodies, CDN pages, JSON
 * content types over other text, errors in 200s, redirects), each with what the client must make
 * of it; and messages that help (issue 16, "Error messages that help").
 */
import { describe, expect, it } from '@jest/globals';
import { ResponseError, TimeoutError } from '../../lib/index.js';
import { client, failure, requestsTo, start, TOKEN_PATH } from '../integration/setup.js';

const ME = '/api/v1/me';
const JSON_TYPE = 'application/json; charset=UTF-8';
const CDN_PAGE = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>Our CDN was unable to reach our servers.</body></html>';

interface Row {
  name: string;
  fault: Record<string, unknown>;
  expected: { status: number; body: unknown; errors?: unknown[]; message?: RegExp };
}

const table: Row[] = [
  { name: '403 with an empty body (JSON content type)', fault: { status: 403, body: '', contentType: JSON_TYPE }, expected: { status: 403, body: '', errors: [] } },
  { name: '404 with an empty body', fault: { status: 404, body: '', contentType: JSON_TYPE }, expected: { status: 404, body: '', errors: [], message: /not found/ } },
  { name: '404 the platform way', fault: { status: 404, body: '{"message": "Not Found", "error": 404}' }, expected: { status: 404, body: { message: 'Not Found', error: 404 }, errors: [], message: /Not Found/ } },
  { name: 'CDN 502 page', fault: { status: 502, body: CDN_PAGE, contentType: 'text/html; charset=UTF-8', times: 10 }, expected: { status: 502, body: CDN_PAGE, errors: [], message: /gave up after 2 attempt/ } },
  { name: '503 under a JSON content type with an HTML body', fault: { status: 503, body: CDN_PAGE, contentType: JSON_TYPE, times: 10 }, expected: { status: 503, body: CDN_PAGE, errors: [] } },
  { name: '500 under a JSON content type with a truncated body', fault: { status: 500, body: '{"message": "Internal', contentType: JSON_TYPE, times: 10 }, expected: { status: 500, body: '{"message": "Internal', errors: [] } },
  {
    name: '200 with json.errors',
    fault: { status: 200, body: '{"json": {"errors": [["SUBREDDIT_NOEXIST", "that subreddit doesn\'t exist", "sr"]]}}' },
    expected: { status: 200, body: { json: { errors: [['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']] } }, errors: [['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']], message: /SUBREDDIT_NOEXIST: that subreddit doesn't exist \(sr\)/ },
  },
  {
    name: '400 from a newer handler: reason and explanation',
    fault: { status: 400, body: '{"reason": "BAD_SR_NAME", "explanation": "This community name isn\'t recognizable. Check the spelling and try again.", "fields": ["sr"]}' },
    expected: { status: 400, body: { reason: 'BAD_SR_NAME', explanation: "This community name isn't recognizable. Check the spelling and try again.", fields: ['sr'] }, errors: [], message: /This community name isn't recognizable.*BAD_SR_NAME/ },
  },
  {
    name: '400 with json.errors',
    fault: { status: 400, body: '{"json": {"errors": [["BAD_NUMBER", "that number is too big", "limit"]]}}' },
    expected: { status: 400, body: { json: { errors: [['BAD_NUMBER', 'that number is too big', 'limit']] } }, errors: [['BAD_NUMBER', 'that number is too big', 'limit']], message: /BAD_NUMBER: that number is too big \(limit\)/ },
  },
];

describe('recorded kinds of platform answers', () => {
  it.each(table)('$name', async ({ fault, expected }) => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 1, retryDelay: 0 });
    await reddit.auth();
    emu.fault({ path: ME, ...fault });
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(expected.status);
    expect(error.body).toEqual(expected.body);
    if (expected.errors) expect(error.errors).toEqual(expected.errors);
    if (expected.message) expect(error.message).toMatch(expected.message);
  });

  it('302 to /subreddits/search for an unknown subreddit: SUBREDDIT_NOT_FOUND naming it, the search not requested', async () => {
    const emu = await start();
    const reddit = client(emu);
    await expect(reddit('/r/$subreddit/about').get({ $subreddit: 'progr' })).rejects.toMatchObject({ code: 'SUBREDDIT_NOT_FOUND', message: expect.stringContaining('r/progr does not exist') });
    expect(requestsTo(emu, '/subreddits/search')).toHaveLength(0);
  });

  it('429 with an HTML body and Retry-After: waited out, then answered', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault({ path: ME, status: 429, body: '<html><body>Too Many Requests</body></html>', contentType: 'text/html', headers: { 'retry-after': '1' } });
    await expect(reddit(ME).get()).resolves.toMatchObject({ name: 'demo_user' });
  });

  it('401 with an HTML body: the token is renewed and the call sent again once', async () => {
    const emu = await start();
    const reddit = client(emu);
    await reddit.auth();
    emu.fault({ path: ME, status: 401, body: '<html>401</html>', contentType: 'text/html', headers: { 'www-authenticate': 'Bearer realm="reddit", error="invalid_token"' } });
    await expect(reddit(ME).get()).resolves.toMatchObject({ name: 'demo_user' });
    expect(requestsTo(emu, TOKEN_PATH)).toHaveLength(2);
  });
});

describe('error messages that help', () => {
  it('403 on an endpoint that needs a user, with an application-only token: says so and how to fix it', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/application-only token/);
    expect(error.message).toMatch(/auth\(\)/);
  });

  it('403 with bypassAuth: says the call went out application-only', async () => {
    const emu = await start();
    const reddit = client(emu);
    const error = await failure(reddit(ME).get(undefined, { bypassAuth: true }));
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/application-only token .*bypassAuth/);
  });

  it('403 for a missing scope (insufficient_scope): says which way to fix it', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { oauth: { scope: ['read'] }, checkScopes: false });
    const error = await failure(reddit(ME).get());
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/lacks a scope/);
    expect(error.message).not.toMatch(/application-only/);
  });

  it('an HTML 200 to listing(): the server answered HTML, with the content type and the start of the body; the path is not blamed', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.fault({ path: '/r/aww/hot', html: true });
    const error = await failure(reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/HTML page/);
    expect(error.message).toContain('text/html; charset=UTF-8');
    expect(error.message).toMatch(/starting "<!doctype html>/i);
    expect(error.message).not.toMatch(/use get\(\)|check the path/);
    expect(error.body).toMatch(/^<!doctype html>/i);
  });

  it('an empty 200 or plain text to listing() is told the same way', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.fault({ path: '/r/aww/hot', status: 200, body: '', contentType: 'text/plain' });
    expect((await failure(reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww' }))).message).toMatch(/empty body/);
    emu.fault({ path: '/r/aww/hot', status: 200, body: 'maintenance', contentType: 'text/plain' });
    expect((await failure(reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww' }))).message).toMatch(/text that is not JSON .*"maintenance"/);
  });

  it('get() of an HTML 200 still resolves to its text (the spec\'s rule for non-JSON answers)', async () => {
    const emu = await start();
    const reddit = client(emu);
    emu.fault({ path: '/r/aww/hot', html: true });
    await expect(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww' })).resolves.toMatch(/<html/);
  });

  it('an authServerUri that does not answer: the error names the host and says it timed out', async () => {
    const emu = await start();
    const silent = await start();
    silent.fault({ path: TOKEN_PATH, hang: true, times: 10 });
    const reddit = client(emu, 'script', { authServerUri: silent.url, requestTimeout: 100, retryAttempts: 1, retryDelay: 0 });
    const error = await failure(reddit.auth());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain(silent.url);
    expect(error.message).toMatch(/timed out: no complete answer within 100 ms/);
  });

  it('the first retry event does not say that retries were exhausted; the final error does say it gave up', async () => {
    const emu = await start();
    const reddit = client(emu, 'script', { retryAttempts: 2, retryDelay: 0 });
    await reddit.auth();
    emu.fault({ path: ME, status: 503, times: 10 });
    const retries: string[] = [];
    const answers: string[] = [];
    reddit.on('retry', (r) => retries.push(r.error.message));
    reddit.on('response_error', (e) => answers.push(e.message));
    const error = await failure(reddit(ME).get());
    expect(retries).toHaveLength(2);
    for (const message of [...retries, ...answers]) {
      expect(message).not.toMatch(/exhausted|gave up/);
      expect(message).toMatch(/sent again/);
    }
    expect(error.message).toMatch(/gave up after 3 attempt\(s\) \(retryAttempts: 2\)/);
  });
});
