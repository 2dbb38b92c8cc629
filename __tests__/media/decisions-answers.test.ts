/** The pure decisions of media posts about the platform's answers: URLs, the lease, the storage host's XML, websocket messages. */
import { describe, expect, it } from '@jest/globals';
import { ResponseError } from '../../lib/errors/classes.js';
import { parseLease } from '../../lib/media/lease.js';
import { readMessage } from '../../lib/media/result/listener.js';
import { bareUrl, fileUrl, postIdentity, storageError, uploadUrl, websocketUrl, xmlText } from '../../lib/media/urls.js';

const API = 'https://oauth.reddit.com';

describe('the upload URL from the lease action', () => {
  it.each([
    ['//reddit-uploaded-media.s3-accelerate.amazonaws.com', 'https://reddit-uploaded-media.s3-accelerate.amazonaws.com'],
    ['//bucket.example.com/prefix/', 'https://bucket.example.com/prefix'],
    ['https://bucket.example.com', 'https://bucket.example.com'],
    // // means https whatever the API's scheme: a loopback host too (an emulator's storage host on https).
    ['//127.0.0.1:4001', 'https://127.0.0.1:4001'],
    ['//localhost:4001', 'https://localhost:4001'],
    // Plain http only when the action says so, and only on loopback.
    ['http://127.0.0.1:4001', 'http://127.0.0.1:4001'],
    ['http://[::1]:4001', 'http://[::1]:4001'],
  ])('%s -> %s', (action, expected) => {
    expect(uploadUrl(action)).toBe(expected);
  });

  it.each([
    'http://bucket.example.com',
    'ftp://bucket.example.com',
    'javascript:alert(1)',
    '/relative/path',
    '',
  ])('refuses %s', (action) => {
    expect(uploadUrl(action)).toBeUndefined();
  });
});

describe('the websocket URL', () => {
  it.each([
    ['wss://ws-abc.wss.redditmedia.com/rte_images/x?m=token', 'wss://ws-abc.wss.redditmedia.com/rte_images/x?m=token'],
    ['ws://127.0.0.1:4001/ws/a?m=t', 'ws://127.0.0.1:4001/ws/a?m=t'],
    ['ws://localhost:4001/ws/a', 'ws://localhost:4001/ws/a'],
    ['ws://example.com/ws', undefined],
    ['https://example.com/ws', undefined],
    ['not a url', undefined],
  ])('%s -> %s', (url, expected) => {
    expect(websocketUrl(url)).toBe(expected);
  });

  it('error messages never show the query (it carries a token)', () => {
    expect(bareUrl('wss://h/ws/a?m=secret#x')).toBe('wss://h/ws/a');
  });
});

describe("the uploaded file's URL", () => {
  const fields = [{ name: 'acl', value: 'private' }, { name: 'key', value: 'rte_images/abc' }];
  const xml = (location: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${location}</Location><Bucket>b</Bucket><Key>rte_images/abc</Key></PostResponse>`;
  it.each([
    ['the Location', xml('https://bucket.s3.amazonaws.com/rte_images%2Fabc'), fields, 'https://bucket.s3.amazonaws.com/rte_images%2Fabc'],
    ['the Location, XML entities decoded', xml('https://b/x?a=1&amp;b=2&#38;c=&#x27;3&apos;'), fields, "https://b/x?a=1&b=2&c='3'"],
    ['action + key without a Location (success_action_status 204)', '', fields, 'https://bucket.example.com/rte_images/abc'],
    ['action + key when the Location is not a URL', xml('rte_images/abc'), fields, 'https://bucket.example.com/rte_images/abc'],
    ['nothing without either', '', [{ name: 'acl', value: 'private' }], undefined],
    // A hostile or broken host: references to no character XML allows do not throw; that Location is not used.
    ['action + key when the Location holds an out-of-range reference', xml('https://b/&#x110000;'), fields, 'https://bucket.example.com/rte_images/abc'],
    ['action + key when the Location holds a huge decimal reference', xml(`https://b/&#${'9'.repeat(400)};`), fields, 'https://bucket.example.com/rte_images/abc'],
    ['action + key when the Location holds a surrogate', xml('https://b/&#xD800;'), fields, 'https://bucket.example.com/rte_images/abc'],
  ])('%s', (_, body, given, expected) => {
    expect(fileUrl(body, 'https://bucket.example.com', given)).toBe(expected);
  });

  it('reads the storage host errors', () => {
    const body = '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message><ProposedSize>3</ProposedSize></Error>';
    expect(storageError(body)).toBe('EntityTooLarge: Your proposed upload exceeds the maximum allowed size');
    expect(xmlText(body, 'ProposedSize')).toBe('3');
    expect(storageError('<html>busy</html>')).toBeUndefined();
    expect(storageError({ json: 1 })).toBeUndefined();
  });

  it('reads an error whose text holds references to no allowed character: U+FFFD instead of a RangeError', () => {
    const body = '<Error><Code>AccessDenied</Code><Message>no &#x110000; &#0; &#1114112; &#xFFFE; &#x1F600; &#9;ok</Message></Error>';
    expect(storageError(body)).toBe('AccessDenied: no \uFFFD \uFFFD \uFFFD \uFFFD \u{1F600} \tok');
  });
});

describe('a post from its URL', () => {
  it.each([
    ['https://www.reddit.com/r/pics/comments/abc123/a_cat/', { id: 'abc123', name: 't3_abc123' }],
    ['http://127.0.0.1:4000/r/aww/comments/1dm4etc/', { id: '1dm4etc', name: 't3_1dm4etc' }],
    ['https://www.reddit.com/user/me/submitted/', {}],
  ])('%s', (url, expected) => {
    expect(postIdentity(url)).toEqual(expected);
  });
});

describe('the lease answer', () => {
  const answer = {
    args: { action: '//reddit-uploaded-media.s3-accelerate.amazonaws.com', fields: [{ name: 'acl', value: 'private' }, { name: 'key', value: 'rte_images/x' }, { name: 'n', value: 5 }, { name: 'empty', value: null }] },
    asset: { asset_id: 'x', processing_state: 'incomplete', payload: { filepath: 'cat.png' }, websocket_url: 'wss://ws.example/x?m=t' },
  };

  it('gives the upload URL, the fields in order (values as text) and the asset', () => {
    expect(parseLease(answer, `${API}/api/media/asset.json`)).toEqual({
      action: 'https://reddit-uploaded-media.s3-accelerate.amazonaws.com',
      fields: [{ name: 'acl', value: 'private' }, { name: 'key', value: 'rte_images/x' }, { name: 'n', value: '5' }, { name: 'empty', value: '' }],
      assetId: 'x',
      websocketUrl: 'wss://ws.example/x?m=t',
    });
  });

  it.each([
    [{}, /lacks args.action, args.fields or asset.asset_id/],
    [{ ...answer, asset: {} }, /lacks args.action/],
    [{ ...answer, args: { ...answer.args, action: 'http://evil.example' } }, /neither https nor a loopback http URL/],
    [{ ...answer, args: { ...answer.args, fields: [{ value: 'x' }] } }, /a field of args.fields has no name/],
    ['<html>', /lacks args.action/],
  ])('a ResponseError with step lease for %p', (body, message) => {
    const result = parseLease(body, `${API}/api/media/asset.json`);
    expect(result).toBeInstanceOf(ResponseError);
    expect(result).toMatchObject({ step: 'lease', status: 200, method: 'POST', body });
    expect((result as Error).message).toMatch(message);
  });
});

describe('websocket messages', () => {
  const enc = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;
  it.each([
    [JSON.stringify({ type: 'success', payload: { redirect: 'https://www.reddit.com/r/pics/comments/a/b/' } }), { type: 'success', url: 'https://www.reddit.com/r/pics/comments/a/b/' }],
    [enc({ type: 'success', payload: { redirect: 'u' } }), { type: 'success', url: 'u' }],
    [JSON.stringify({ type: 'failed' }), { type: 'failed', reason: undefined }],
    [JSON.stringify({ type: 'failed', payload: { message: 'bad codec' } }), { type: 'failed', reason: 'bad codec' }],
    [JSON.stringify({ type: 'processing' }), undefined],
    [JSON.stringify({ type: 'success', payload: {} }), undefined],
    ['not json', undefined],
    [42, undefined],
  ])('%p', (data, outcome) => {
    expect(readMessage(data)).toEqual(outcome);
  });
});
