/**
 * Redirect safety is decided by origin (scheme, host and port), never by host alone (issue 21,
 * tests that must exist): a redirect to the same host over another scheme (the bearer token in
 * clear) or on another port is another origin, refused before anything is sent there.
 */
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { ResponseError } from '../../lib/index.js';
import { createUndiciFetch } from '../../lib/transport/undici/fetch.js';
import { NockDispatcher } from '../support/nock-dispatcher.js';
import { API, client, failure, mockNetwork, tokenOk, expectUnused } from './helpers.js';

mockNetwork();

const ME = '/api/v1/me';

describe('a redirect to the same host is another origin when the scheme or the port differs', () => {
  it.each([
    ['another scheme (http)', 'http://oauth.reddit.com'],
    ['another port', 'https://oauth.reddit.com:8443'],
    ['another scheme and port', 'http://oauth.reddit.com:443'],
  ])('%s: refused, naming the origin; nothing is sent there, no credential leaves', async (_what, elsewhere) => {
    tokenOk();
    const first = nock(API).get(ME).query(true).reply(302, '', { location: `${elsewhere}${ME}` });
    const there = nock(elsewhere).get(ME).query(true).reply(200, { name: 'stolen' });
    const reported: ResponseError[] = [];
    const reddit = client();
    reddit.on('response_error', (e) => reported.push(e));
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(302);
    expect(error.message).toMatch(/another origin/);
    expect(error.message).toContain(new URL(elsewhere).origin);
    expect(first.isDone()).toBe(true);
    expectUnused(there);
    expect(reported).toHaveLength(1);
  });

  it('the default port written out is the same origin: followed, with the credentials', async () => {
    tokenOk();
    const first = nock(API).get('/old-me').query(true).reply(302, '', { location: `https://oauth.reddit.com:443${ME}` });
    const there = nock(API, { reqheaders: { authorization: /^bearer / } }).get(ME).query(true).reply(200, { name: 'bot' });
    await expect(client()(('/old-me')).get()).resolves.toEqual({ name: 'bot' });
    expect(first.isDone() && there.isDone()).toBe(true);
  });

  it('a custom fetch that followed to the same host over http: its answer is refused', async () => {
    tokenOk();
    const followed = async (input: Request) => {
      const answer = new Response('{"name":"from http"}', { status: 200, headers: { 'content-type': 'application/json' } });
      Object.defineProperties(answer, { redirected: { value: true }, url: { value: `http://oauth.reddit.com${new URL(input.url).pathname}` } });
      return answer;
    };
    const reddit = client({ fetch: async (input, init) => (new URL(input.url).pathname === ME ? followed(input) : globalThis.fetch(input, init)) });
    const error = await failure(reddit(ME).get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toContain('http://oauth.reddit.com');
  });
});

describe("the Node transport's own redirect: 'follow'", () => {
  it.each([
    ['another scheme', 'http://oauth.reddit.com'],
    ['another port', 'https://oauth.reddit.com:8443'],
  ])('does not follow a redirect to %s: the 3xx comes back as it is', async (_what, elsewhere) => {
    const first = nock(API).get('/away').reply(301, '', { location: `${elsewhere}/landed` });
    const there = nock(elsewhere).get('/landed').reply(200, 'landed');
    const answer = await createUndiciFetch(new NockDispatcher())(`${API}/away`, { headers: { authorization: 'bearer secret-token' } });
    expect([answer.status, answer.redirected, answer.headers.get('location')]).toEqual([301, false, `${elsewhere}/landed`]);
    await answer.text();
    expect(first.isDone()).toBe(true);
    expectUnused(there);
  });
});
