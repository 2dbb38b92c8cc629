/** Requests and answers written the cassette's way: each credential out, by its place and by its value. */
import { describe, expect, it } from '@jest/globals';
import { toRecordedRequest, toRecordedResponse, type WireRequest, type WireResponse } from '../../lib/testing/capture.js';
import { SecretBook } from '../../lib/testing/secrets.js';

const enc = new TextEncoder();
const request = (method: string, url: string, headers: Record<string, string> = {}, body?: string | Uint8Array): WireRequest =>
  ({ method, url, headers: new Headers(headers), body: typeof body === 'string' ? enc.encode(body) : body });
const response = (status: number, headers: Record<string, string> | Headers, body: string | Uint8Array = ''): WireResponse =>
  ({ status, statusText: '', headers: headers instanceof Headers ? headers : new Headers(headers), body: typeof body === 'string' ? enc.encode(body) : body });
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('token requests', () => {
  it('Basic credentials: the client id stays, the secret and the encoded pair are out; the password grant\'s password too', () => {
    const book = new SecretBook();
    const secret = 'sEcReT:with/odd+chars';
    const basic = btoa(`my-app:${encodeURIComponent(secret)}`);
    const r = toRecordedRequest(request('POST', 'https://www.reddit.com/api/v1/access_token', { authorization: `Basic ${basic}`, ...FORM }, 'grant_type=password&username=me&password=hunter2%26more'), book);
    expect(r).toEqual({
      method: 'POST', url: 'https://www.reddit.com/api/v1/access_token',
      headers: { authorization: 'Basic my-app:REDACTED_CLIENT_SECRET', 'content-type': 'application/x-www-form-urlencoded' },
      form: { grant_type: 'password', username: 'me', password: 'REDACTED_PASSWORD' },
    });
    expect(book.text(`${secret} ${basic} hunter2&more`)).toBe('REDACTED_CLIENT_SECRET REDACTED_SECRET REDACTED_PASSWORD');
  });

  it('an installed app\'s empty secret stays empty; refresh and revoke requests lose their tokens', () => {
    const book = new SecretBook();
    const installed = toRecordedRequest(request('POST', 'https://www.reddit.com/api/v1/access_token', { authorization: `Basic ${btoa('inst:')}`, ...FORM }, 'grant_type=client_credentials'), book);
    expect(installed.headers?.authorization).toBe('Basic inst:');
    const refresh = toRecordedRequest(request('POST', 'https://www.reddit.com/api/v1/access_token', FORM, 'grant_type=refresh_token&refresh_token=rt-123456'), book);
    expect(refresh.form).toEqual({ grant_type: 'refresh_token', refresh_token: 'REDACTED_REFRESH_TOKEN' });
    const revoke = toRecordedRequest(request('POST', 'https://www.reddit.com/api/v1/revoke_token', FORM, 'token=rt-123456&token_type_hint=refresh_token'), book);
    expect(revoke.form).toEqual({ token: 'REDACTED_REFRESH_TOKEN', token_type_hint: 'refresh_token' });
  });

  it('token answers teach the tokens, which then leave every header and body', () => {
    const book = new SecretBook();
    const answer = toRecordedResponse(response(200, { 'content-type': 'application/json' }, '{"access_token":"at-abcdef","refresh_token":"rt-ghijkl","expires_in":3600}'), book, 'https://www.reddit.com/api/v1/access_token');
    expect(answer.json).toEqual({ access_token: 'REDACTED_ACCESS_TOKEN', refresh_token: 'REDACTED_REFRESH_TOKEN', expires_in: 3600 });
    const call = toRecordedRequest(request('GET', 'https://oauth.reddit.com/r/aww/hot?limit=1&note=at-abcdef', { authorization: 'bearer at-abcdef' }), book);
    expect(call).toEqual({ method: 'GET', url: 'https://oauth.reddit.com/r/aww/hot?limit=1&note=REDACTED_ACCESS_TOKEN', headers: { authorization: 'bearer REDACTED_ACCESS_TOKEN' } });
  });
});

describe('cookies and modhash', () => {
  it('cookie and x-modhash headers, set-cookie lines and the modhash of an answer', () => {
    const book = new SecretBook();
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('set-cookie', 'reddit_session=sess-1234567; Path=/; HttpOnly');
    headers.append('set-cookie', 'loid=loid-7654321; Path=/');
    const me = toRecordedResponse(response(200, headers, '{"kind":"t2","data":{"name":"me","modhash":"mh-abcdefgh"}}'), book, 'https://www.reddit.com/api/me.json');
    expect(me.headers['set-cookie']).toEqual(['reddit_session=REDACTED_COOKIE; Path=/; HttpOnly', 'loid=REDACTED_COOKIE_2; Path=/']);
    expect(me.json).toEqual({ kind: 't2', data: { name: 'me', modhash: 'REDACTED_MODHASH' } });
    const write = toRecordedRequest(request('POST', 'https://www.reddit.com/api/vote', { cookie: 'reddit_session=sess-1234567; loid=loid-7654321', 'x-modhash': 'mh-abcdefgh', ...FORM }, 'id=t3_x&dir=1&uh=mh-abcdefgh'), book);
    expect(write.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded', cookie: 'reddit_session=REDACTED_COOKIE; loid=REDACTED_COOKIE_2', 'x-modhash': 'REDACTED_MODHASH' });
    expect(write.form).toEqual({ id: 't3_x', dir: '1', uh: 'REDACTED_MODHASH' });
  });
});

describe('bodies', () => {
  it('JSON bodies: credential keys by place, other strings by value; key order kept', () => {
    const book = new SecretBook();
    book.learn('secret', 'my-own-secret');
    const r = toRecordedRequest(request('PATCH', 'https://oauth.reddit.com/api/v1/me/prefs', { 'content-type': 'application/json' }, '{"b":1,"a":"has my-own-secret inside","nested":{"password":"x"}}'), book);
    expect(r.json).toEqual({ b: 1, a: 'has REDACTED_SECRET inside', nested: { password: 'REDACTED_PASSWORD' } });
    expect(Object.keys(r.json as object)).toEqual(['b', 'a', 'nested']);
  });

  it('repeated form fields become arrays; other text bodies keep the security rules\' patterns', () => {
    const book = new SecretBook();
    expect(toRecordedRequest(request('POST', 'https://x.test/a', FORM, 'id=1&id=2&id=3'), book).form).toEqual({ id: ['1', '2', '3'] });
    expect(toRecordedRequest(request('POST', 'https://x.test/a', { 'content-type': 'text/plain' }, 'login with password=letmein now'), book).text).toBe('login with password=[redacted] now');
  });

  it('uploads and binary bodies are summed up; binary answers kept as base64', () => {
    const book = new SecretBook();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]);
    expect(toRecordedRequest(request('POST', 'https://storage.test/', { 'content-type': 'multipart/form-data; boundary=x' }, bytes), book).bytes).toEqual({ size: 6, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(toRecordedResponse(response(200, { 'content-type': 'image/png' }, bytes), book, 'https://storage.test/x.png').base64).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('answers: hop headers dropped, the rest sorted; HTML kept as text, with known values out', () => {
    const book = new SecretBook();
    book.learn('access_token', 'at-123456');
    const r = toRecordedResponse(response(503, { 'content-type': 'text/html', date: 'Mon', 'content-length': '9', 'x-b': '1', 'x-a': 'at-123456' }, '<p>at-123456</p>'), book, 'https://x.test/');
    expect(r).toEqual({ status: 503, headers: { 'content-type': 'text/html', 'x-a': 'REDACTED_ACCESS_TOKEN', 'x-b': '1' }, text: '<p>REDACTED_ACCESS_TOKEN</p>' });
  });
});
