import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { ResponseError } from '../../lib/index.js';
import { API, client, failure, tokenOk, WWW, mockNetwork } from './helpers.js';

mockNetwork();

describe('requests on the wire', () => {
  it('sends GET args in the query with api_type, a bearer token and the User-Agent', async () => {
    tokenOk();
    const scope = nock(API, { reqheaders: { authorization: /^bearer access-token-\d+$/, 'user-agent': 'node:test:1.0 (by /u/tester)' } })
      .get('/r/aww/hot').query({ limit: '2', sr_detail: 'true', api_type: 'json', raw_json: '1' }).reply(200, { ok: 1 });
    await expect(client()('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: 2, sr_detail: true, skip: undefined })).resolves.toEqual({ ok: 1 });
    expect(scope.isDone()).toBe(true);
  });

  it('sends POST args as a form body, arrays joined with commas', async () => {
    tokenOk();
    let body = '';
    let type = '';
    nock(API).post('/api/vote').query({ raw_json: '1' }).reply(function (_uri, requestBody) {
      body = requestBody as string;
      type = String(this.req.headers['content-type']);
      return [200, {}];
    });
    await client()('/api/vote').post({ id: 't3_abc', dir: -1, ids: ['a', 'b'], gone: null });
    expect(type).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(body).toString()).toBe('id=t3_abc&dir=-1&ids=a%2Cb&api_type=json');
  });

  it('sends a JSON body with bodyType json, api_type in the query', async () => {
    tokenOk();
    let body: unknown;
    nock(API).patch('/api/v1/me/prefs').query({ api_type: 'json', raw_json: '1' }).reply(200, (_uri, b) => ((body = b), {}));
    await client()('/api/v1/me/prefs').patch({ nightmode: true, label: null, skip: undefined }, { bodyType: 'json' });
    expect(body).toEqual({ nightmode: true, label: null });
  });

  it('leaves api_type out when apiType is false, and raw_json when rawJson is false (instance or call)', async () => {
    tokenOk(4);
    const scopes = [
      nock(API).get('/a').query({ raw_json: '1' }).reply(200, {}),
      nock(API).get('/b').query({ raw_json: '1' }).reply(200, {}),
      // No query at all: the interceptor matches only a bare path.
      nock(API).get('/c').reply(200, {}),
      nock(API).get('/d').query({ api_type: 'json' }).reply(200, {}),
    ];
    await client({ apiType: false })('/a').get();
    await client()('/b').get({}, { apiType: false });
    await client({ apiType: false, rawJson: false })('/c').get();
    await client()('/d').get({}, { rawJson: false });
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true, true]);
  });

  it('sends the User-Agent on token requests too', async () => {
    const token = nock(WWW, { reqheaders: { 'user-agent': 'node:test:1.0 (by /u/tester)' } }).post('/api/v1/access_token').reply(200, { access_token: 'tok-abcdef', token_type: 'bearer', expires_in: 3600 });
    nock(API).get('/x').query(true).reply(200, {});
    await client()('/x').get();
    expect(token.isDone()).toBe(true);
  });
});

describe('results', () => {
  it('resolves text for a non-JSON 2xx and "" for an empty body or a 204', async () => {
    tokenOk();
    nock(API).get('/text').query(true).reply(200, 'plain words', { 'content-type': 'text/plain' });
    nock(API).get('/empty').query(true).reply(200, '');
    nock(API).delete('/gone').query({ raw_json: '1' }).reply(204);
    const reddit = client();
    await expect(reddit('/text').get()).resolves.toBe('plain words');
    await expect(reddit('/empty').get()).resolves.toBe('');
    await expect(reddit('/gone').delete()).resolves.toBe('');
  });

  it('rejects a 2xx with json.errors as ResponseError carrying the triples', async () => {
    tokenOk();
    nock(API).post('/api/comment').query({ raw_json: '1' }).reply(200, { json: { errors: [['NO_TEXT', 'we need something here', 'text']] } });
    const error = await failure(client()('/api/comment').post({ thing_id: 't3_x', text: '' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(200);
    expect(error.errors).toEqual([['NO_TEXT', 'we need something here', 'text']]);
    expect(error.message).toContain('NO_TEXT');
  });

  it('rejects invalid JSON on a 200 as ResponseError keeping the text', async () => {
    tokenOk();
    nock(API).get('/bad').query(true).reply(200, '{"oops": ', { 'content-type': 'application/json' });
    const error = await failure(client()('/bad').get());
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.body).toBe('{"oops": ');
  });

  it('decodes HTML entities in values (instance option or per call), never in keys', async () => {
    tokenOk(2);
    const body = { 'a&amp;b': 'fish &amp; chips &lt;3', list: ['&gt;'], n: 1 };
    nock(API).get('/e').query(true).times(3).reply(200, body);
    const reddit = client();
    await expect(reddit('/e').get()).resolves.toEqual(body);
    await expect(reddit('/e').get({}, { decodeHtmlEntities: true })).resolves.toEqual({ 'a&amp;b': 'fish & chips <3', list: ['>'], n: 1 });
    await expect(client({ decodeHtmlEntities: true })('/e').get({}, { decodeHtmlEntities: false })).resolves.toEqual(body);
  });

  it('never mutates args or call options', async () => {
    tokenOk();
    nock(API).get('/r/aww/hot').query(true).reply(200, {});
    const args = Object.freeze({ $subreddit: 'aww', limit: 5 });
    const options = Object.freeze({ retryAttempts: 1 });
    await client()('/r/$subreddit/hot').get(args, options);
    expect(args).toEqual({ $subreddit: 'aww', limit: 5 });
  });
});
