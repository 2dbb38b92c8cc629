/**
 * Media posts end to end: the client against the emulator and its storage host (another port),
 * over real sockets and a real websocket.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArgumentError, ResponseError, TimeoutError } from '../../lib/index.js';
import { client, failure, requestsTo, start } from '../integration/setup.js';
import { formOf, MP4, PNG, socketsOf, trackedWebSocket, until, uploadsOf } from './helpers.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const LEASE = '/api/media/asset.json';
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'snoopath-media-'));
  writeFileSync(join(dir, 'cat.png'), PNG);
  writeFileSync(join(dir, 'clip.mp4'), MP4);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('image posts', () => {
  it('from a Buffer: lease, upload to the storage host, submit, result; resolves to the post', async () => {
    const emu = await start({ mediaDelay: 10 });
    const reddit = client(emu);
    const post = await reddit.submitMedia({ sr: 'aww', title: 'A cat', kind: 'image', file: PNG, name: 'cat.png' });

    const [created] = emu.mediaPosts;
    expect(post).toEqual({ url: created!.permalink, id: created!.id, name: `t3_${created!.id}`, assetIds: [expect.any(String)], websocketUrls: [expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/ws\//)] });
    expect(created).toMatchObject({ kind: 'image', sr: 'aww', title: 'A cat', author: 'demo_user', failed: false });

    const [lease] = requestsTo(emu, LEASE, 'POST');
    expect(formOf(lease!.body)).toEqual({ filepath: 'cat.png', mimetype: 'image/png' });
    const [upload] = uploadsOf(emu);
    expect(upload).toMatchObject({ status: 201, key: expect.stringMatching(/^rte_images\//), file: { name: 'cat.png', type: 'image/png', size: PNG.length, sha256: sha256(PNG) } });
    expect(upload!.fields.at(-1)).toBe('file');
    expect(upload!.fields.slice(0, 3)).toEqual(['acl', 'key', 'X-Amz-Credential']);
    const [submit] = requestsTo(emu, '/api/submit', 'POST');
    expect(formOf(submit!.body)).toEqual({ sr: 'aww', title: 'A cat', kind: 'image', url: created!.url, api_type: 'json' });
    expect(created!.url).toMatch(new RegExp(`^${emu.storage.url}/`));
    // The websocket was opened before the submit, so the result could not be missed.
    expect(socketsOf(emu)).toHaveLength(1);
    expect(emu.storage.uploads.indexOf(socketsOf(emu)[0]!)).toBeGreaterThan(emu.storage.uploads.indexOf(upload!));
  });

  it('from a path: read from disk, name and type from the path', async () => {
    const emu = await start({ mediaDelay: 10 });
    const post = await client(emu).submitMedia({ sr: 'aww', title: 'From disk', kind: 'image', file: join(dir, 'cat.png') });
    expect(post.url).toBe(emu.mediaPosts[0]!.permalink);
    expect(uploadsOf(emu)[0]!.file).toEqual({ name: 'cat.png', type: 'image/png', size: PNG.length, sha256: sha256(PNG) });
  });

  it('from a Blob (a File): its name and type', async () => {
    const emu = await start({ mediaDelay: 10 });
    const file = new File([PNG], 'kitten.gif', { type: 'image/png' });
    await client(emu).submitMedia({ sr: 'aww', title: 'A File', kind: 'image', file });
    expect(uploadsOf(emu)[0]!.file).toMatchObject({ name: 'kitten.gif', type: 'image/png', size: PNG.length });
    expect(formOf(requestsTo(emu, LEASE)[0]!.body)).toEqual({ filepath: 'kitten.gif', mimetype: 'image/png' });
  });

  it('from a ReadableStream with a type: a name is made from the type', async () => {
    const emu = await start({ mediaDelay: 10 });
    const stream = new Blob([PNG]).stream();
    await client(emu).submitMedia({ sr: 'aww', title: 'A stream', kind: 'image', file: stream, type: 'image/png' });
    expect(uploadsOf(emu)[0]!.file).toMatchObject({ name: 'upload.png', type: 'image/png', sha256: sha256(PNG) });
  });

  it("passes the platform's other submit fields through", async () => {
    const emu = await start({ mediaDelay: 10 });
    await client(emu).submitMedia({ sr: 'r/aww', title: 'Flair', kind: 'image', file: PNG, name: 'a.png', nsfw: true, spoiler: true, sendreplies: false, flair_id: 'f-1', flair_text: 'Cute', extra: { collection_id: 'c-9' } });
    expect(emu.mediaPosts[0]!.fields).toEqual({ nsfw: 'true', spoiler: 'true', sendreplies: 'false', flair_id: 'f-1', flair_text: 'Cute', collection_id: 'c-9' });
    expect(emu.mediaPosts[0]!.sr).toBe('aww');
  });
});

describe('video posts', () => {
  it('a video with a poster: both uploaded, url and video_poster_url submitted, the result of the video awaited', async () => {
    const emu = await start({ mediaDelay: 10 });
    const post = await client(emu).submitMedia({ sr: 'aww', title: 'Clip', kind: 'video', file: join(dir, 'clip.mp4'), poster: { file: PNG, name: 'poster.png' } });
    const [created] = emu.mediaPosts;
    expect(post.url).toBe(created!.permalink);
    expect(post.assetIds).toHaveLength(2);
    const files = uploadsOf(emu).map((u) => u.file);
    expect(files).toEqual([
      { name: 'clip.mp4', type: 'video/mp4', size: MP4.length, sha256: sha256(MP4) },
      { name: 'poster.png', type: 'image/png', size: PNG.length, sha256: sha256(PNG) },
    ]);
    expect(uploadsOf(emu)[0]!.key).toMatch(/^rte_videos\//);
    const submitted = formOf(requestsTo(emu, '/api/submit')[0]!.body);
    expect(submitted).toMatchObject({ kind: 'video', url: created!.url, video_poster_url: created!.videoPosterUrl });
    // The websocket listened on is the video's, not the poster's.
    expect(socketsOf(emu).map((s) => s.path)).toEqual([`/ws/${post.assetIds[0]}`]);
  });

  it('a videogif without a poster: a default poster image is uploaded', async () => {
    const emu = await start({ mediaDelay: 10 });
    await client(emu).submitMedia({ sr: 'aww', title: 'Loop', kind: 'videogif', file: MP4, type: 'video/mp4' });
    expect(uploadsOf(emu).map((u) => [u.file?.name, u.file?.type])).toEqual([['upload.mp4', 'video/mp4'], ['poster.png', 'image/png']]);
    expect(emu.mediaPosts[0]).toMatchObject({ kind: 'videogif', videoPosterUrl: expect.stringContaining(emu.storage.url) });
  });
});

describe('gallery posts', () => {
  it('three images with captions and a link: JSON body, items by media id, the URL from the answer', async () => {
    const emu = await start({ mediaDelay: 10 });
    const files = [
      { file: PNG, name: 'a.png', caption: 'one', outboundUrl: 'https://example.com/a' },
      { file: new File([PNG], 'b.png', { type: 'image/png' }), caption: 'two' },
      { file: join(dir, 'cat.png'), caption: 'three' },
    ];
    const post = await client(emu).submitMedia({ sr: 'aww', title: 'Cats', kind: 'gallery', files, nsfw: false });
    const [created] = emu.mediaPosts;
    expect(post).toMatchObject({ url: created!.permalink, id: created!.id, name: created!.name });
    expect(post.assetIds).toHaveLength(3);
    expect(created!.items).toEqual([
      { mediaId: post.assetIds[0], caption: 'one', outboundUrl: 'https://example.com/a' },
      { mediaId: post.assetIds[1], caption: 'two', outboundUrl: '' },
      { mediaId: post.assetIds[2], caption: 'three', outboundUrl: '' },
    ]);
    const [request] = requestsTo(emu, '/api/submit_gallery_post.json', 'POST');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toMatchObject({ sr: 'aww', title: 'Cats', nsfw: false, api_type: 'json', items: expect.any(Array) });
    expect(uploadsOf(emu).map((u) => u.file?.name).sort()).toEqual(['a.png', 'b.png', 'cat.png']);
    // The answer carries the URL: no websocket is needed.
    expect(socketsOf(emu)).toHaveLength(0);
  });
});

describe('the upload goes to another host', () => {
  it('without Authorization or cookie (the API calls carry the token)', async () => {
    const emu = await start({ mediaDelay: 10 });
    const reddit = client(emu);
    await reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'video', file: MP4, type: 'video/mp4', poster: { file: PNG, type: 'image/png' } });
    expect(uploadsOf(emu)).toHaveLength(2);
    for (const seen of emu.storage.uploads) {
      expect(Object.keys(seen.headers)).not.toContain('authorization');
      expect(Object.keys(seen.headers)).not.toContain('cookie');
    }
    for (const call of [...requestsTo(emu, LEASE), ...requestsTo(emu, '/api/submit')]) {
      expect(call.headers.authorization).toBe(`bearer ${reddit.getAccessToken()}`);
    }
  });

  it('a 5xx once, then success: the upload is sent again', async () => {
    const emu = await start({ mediaDelay: 10 });
    emu.storage.fault({ method: 'POST', path: '/', status: 503 });
    const reddit = client(emu);
    const retries: unknown[] = [];
    reddit.on('retry', (event) => retries.push(event));
    const post = await reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' });
    expect(post.url).toBe(emu.mediaPosts[0]!.permalink);
    expect(uploadsOf(emu).map((u) => u.status)).toEqual([503, 201]);
    expect(uploadsOf(emu)[1]!.file!.sha256).toBe(sha256(PNG));
    expect(requestsTo(emu, LEASE)).toHaveLength(1);
    expect(retries).toHaveLength(1);
  });

  it('a connection reset once, then success: an upload is safe to repeat', async () => {
    const emu = await start({ mediaDelay: 10 });
    emu.storage.fault({ method: 'POST', path: '/', reset: true });
    await client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' });
    expect(uploadsOf(emu).map((u) => u.status)).toEqual([0, 201]);
  });

  it('a 5xx every time: ResponseError with step upload after the retries; nothing submitted', async () => {
    const emu = await start();
    emu.storage.fault({ method: 'POST', path: '/', status: 500, times: 3 });
    const error = await failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { retryAttempts: 2 }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ step: 'upload', status: 500, attempts: 3 });
    expect(error.message).toMatch(/^Media post, upload step \(to the storage host\): http:\/\/127\.0\.0\.1:\d+ answered 500 \(a server error; retries were exhausted/);
    expect(requestsTo(emu, '/api/submit')).toHaveLength(0);
  });

  it('a storage host that never answers: TimeoutError per send, retried, then reported for the upload step', async () => {
    const emu = await start();
    emu.storage.fault({ method: 'POST', path: '/', hang: true, times: 2 });
    const error = await failure(client(emu).uploadMedia(PNG, { name: 'a.png', requestTimeout: 150, retryAttempts: 1 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(2);
    expect(error.message).toMatch(/^Media post, upload step \(to the storage host\): http:\/\/127\.0\.0\.1:\d+ got no complete answer within 150 ms: pass a larger requestTimeout for large files\.$/);
    expect(uploadsOf(emu)).toHaveLength(2);
  });

  it('connections reset every time: NetworkError for the upload step after the retries', async () => {
    const emu = await start();
    emu.storage.fault({ method: 'POST', path: '/', reset: true, times: 2 });
    const error = await failure(client(emu).uploadMedia(PNG, { name: 'a.png', retryAttempts: 1 }));
    expect(error).toMatchObject({ name: 'NetworkError', attempts: 2 });
    expect(error.message).toMatch(/^Media post, upload step \(to the storage host\): could not reach http:\/\/127\.0\.0\.1:\d+ \(.+\): check the network\.$/);
  });

  it('a redirect is not followed', async () => {
    const emu = await start();
    emu.storage.fault({ method: 'POST', path: '/', status: 307, headers: { Location: `${emu.url}/api/v1/me` } });
    const error = await failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }));
    expect(error).toMatchObject({ name: 'ResponseError', step: 'upload', status: 307 });
    expect(error.message).toContain('a redirect, which is not followed');
    expect(requestsTo(emu, '/api/v1/me')).toHaveLength(0);
  });

  it("the storage host's refusal names its code (a client limit raised past the platform's)", async () => {
    const emu = await start();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1);
    const error = await failure(client(emu).uploadMedia(big, { name: 'big.png', limits: { image: 100 * 1024 * 1024 } }));
    expect(error).toMatchObject({ name: 'ResponseError', step: 'upload', status: 400 });
    expect(error.message).toContain('answered 400 (EntityTooLarge: Your proposed upload exceeds the maximum allowed size)');
    expect(uploadsOf(emu)[0]!.error).toBe('EntityTooLarge');
  });

  it("does not spend the platform's budget: the upload goes on while the budget is spent", async () => {
    // One API call per window: the lease spends it, so the submit waits for the window's end.
    const emu = await start({ rateLimit: { budget: 1, window: 600 } });
    const reddit = client(emu);
    const reached: unknown[] = [];
    reddit.on('rate_limit_reached', (state) => reached.push(state));
    const controller = new AbortController();
    const posting = failure(reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { signal: controller.signal }));
    await until(() => uploadsOf(emu).some((u) => u.status === 201));
    expect(reached).toHaveLength(1);
    expect(requestsTo(emu, '/api/submit')).toHaveLength(0);
    controller.abort(new Error('enough'));
    expect((await posting).message).toBe('enough');
  });
});

describe('galleries that fail', () => {
  it('a refused upload stops the gallery: no more uploads are started, nothing is submitted', async () => {
    const emu = await start();
    emu.storage.fault({ method: 'POST', path: '/', status: 403, body: '<Error><Code>AccessDenied</Code><Message>no</Message></Error>' });
    const files = Array.from({ length: 8 }, (_, i) => ({ file: PNG, name: `${i}.png` }));
    const error = await failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'gallery', files }));
    expect(error).toMatchObject({ name: 'ResponseError', step: 'upload', status: 403 });
    expect(error.message).toContain('answered 403 (AccessDenied: no)');
    // Three run at once: the refused one and at most the two started with it.
    expect(uploadsOf(emu).length).toBeLessThanOrEqual(3);
    expect(requestsTo(emu, '/api/submit_gallery_post.json')).toHaveLength(0);
  });
});

describe('checks before any request', () => {
  const cases: Array<[string, Parameters<ReturnType<typeof client>['submitMedia']>[0], Record<string, unknown>, RegExp]> = [
    ['an image over 20 MB', { sr: 'aww', title: 'x', kind: 'image', file: Buffer.alloc(20 * 1024 * 1024 + 1), name: 'a.png' }, {}, /file is 20.0 MB, over the 20.0 MB limit for images/],
    ['an image over a lowered limit', { sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { limits: { image: 10 } }, /over the 0.00 MB limit for images: .*options.limits.image/],
    ['a video for an image post', { sr: 'aww', title: 'x', kind: 'image', file: MP4, name: 'a.mp4' }, {}, /file is video\/mp4, but an image is needed here/],
    ['a type the platform does not take', { sr: 'aww', title: 'x', kind: 'video', file: MP4, name: 'a.webm' }, {}, /file is video\/webm, but a video is needed here/],
    ['a video as poster', { sr: 'aww', title: 'x', kind: 'video', file: MP4, name: 'a.mp4', poster: { file: MP4, name: 'p.mp4' } }, {}, /poster is video\/mp4, but an image is needed here/],
    ['a gallery of one', { sr: 'aww', title: 'x', kind: 'gallery', files: [{ file: PNG, name: 'a.png' }] }, {}, /A gallery takes 2 to 20 images; files has 1/],
    ['a gallery whose last item is too large', { sr: 'aww', title: 'x', kind: 'gallery', files: [{ file: PNG, name: 'a.png' }, { file: PNG, name: 'b.png' }] }, { limits: { image: PNG.length - 1 } }, /files\[0\] is/],
    ['bytes without name or type', { sr: 'aww', title: 'x', kind: 'image', file: PNG }, {}, /pass \{ type: 'image\/png' \} or \{ name: 'cat.png' \}/],
    ['a missing file', { sr: 'aww', title: 'x', kind: 'image', file: '/nonexistent/cat.png' }, {}, /cannot read "\/nonexistent\/cat.png" \(ENOENT\)/],
  ];

  it.each(cases)('%s: ArgumentError, nothing sent', async (_, post, options, message) => {
    const emu = await start();
    const error = await failure(client(emu).submitMedia(post, options));
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error.message).toMatch(message);
    expect(emu.requests).toHaveLength(0);
    expect(emu.storage.uploads).toHaveLength(0);
  });

  it('a gallery item after good ones that is too large: not even the first is uploaded', async () => {
    const emu = await start();
    const files = [{ file: PNG, name: 'a.png' }, { file: PNG, name: 'b.png' }, { file: Buffer.alloc(101 * 1024 * 1024), name: 'c.gif' }];
    const error = await failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'gallery', files }));
    expect(error.message).toMatch(/files\[2\] is 101.0 MB, over the 100.0 MB limit for GIFs/);
    expect(emu.requests).toHaveLength(0);
  });
});

describe('the result', () => {
  it('waitForResult: false resolves after the submit with the assets and websocket URLs; no socket opened', async () => {
    const emu = await start({ mediaDelay: 60_000 });
    const post = await client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { waitForResult: false });
    expect(post).toEqual({ assetIds: [expect.any(String)], websocketUrls: [expect.stringContaining('/ws/')] });
    expect(emu.mediaPosts).toHaveLength(1);
    expect(socketsOf(emu)).toHaveLength(0);
  });

  it('a failed message: ResponseError with step result, saying why; the socket is closed', async () => {
    const emu = await start({ mediaDelay: 10 });
    const { WebSocket, sockets } = trackedWebSocket();
    const error = await failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'failing.png' }, { WebSocket }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ step: 'result', body: expect.stringContaining('"failed"') });
    expect(error.message).toMatch(/^Media post, result step \(the websocket\): the platform could not process the media: processing of failing.png failed/);
    expect(error.message).not.toContain('?m=');
    await until(() => sockets[0]!.readyState === WebSocket.CLOSED);
  });

  it('the timeout ends the wait with TimeoutError and closes the socket', async () => {
    const emu = await start({ mediaDelay: 60_000 });
    const { WebSocket, sockets } = trackedWebSocket();
    const error = await failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { WebSocket, timeout: 150 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/no result within 150 ms .*the post may still have been created/);
    expect(emu.mediaPosts).toHaveLength(1);
    expect(sockets).toHaveLength(1);
    expect([WebSocket.CLOSING, WebSocket.CLOSED]).toContain(sockets[0]!.readyState);
  });

  it('abort during the websocket wait rejects with the reason and closes the socket', async () => {
    const emu = await start({ mediaDelay: 60_000 });
    const { WebSocket, sockets } = trackedWebSocket();
    const controller = new AbortController();
    const posting = failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { WebSocket, signal: controller.signal }));
    await until(() => requestsTo(emu, '/api/submit').some((r) => r.status === 200));
    controller.abort(new Error('changed my mind'));
    expect((await posting).message).toBe('changed my mind');
    expect([WebSocket.CLOSING, WebSocket.CLOSED]).toContain(sockets[0]!.readyState);
  });

  it('abort during the upload rejects with the reason; nothing is submitted', async () => {
    const emu = await start();
    emu.storage.fault({ method: 'POST', path: '/', hang: true });
    const controller = new AbortController();
    const posting = failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { signal: controller.signal }));
    await until(() => uploadsOf(emu).length === 1);
    controller.abort(new Error('stop the upload'));
    expect((await posting).message).toBe('stop the upload');
    expect(requestsTo(emu, '/api/submit')).toHaveLength(0);
    expect(socketsOf(emu)).toHaveLength(0);
  });

  it('a websocket refused before the submit is opened again after it', async () => {
    const emu = await start({ mediaDelay: 10 });
    let made = 0;
    // The first socket gets a wrong token, so the storage host refuses it (403) before the submit.
    class RefusedOnce extends WebSocket {
      constructor(url: string | URL) {
        super(made++ === 0 ? String(url).replace(/m=[^&]+/, 'm=wrong') : url);
      }
    }
    const post = await client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { WebSocket: RefusedOnce });
    expect(post.url).toBe(emu.mediaPosts[0]!.permalink);
    expect(socketsOf(emu).map((s) => s.status)).toEqual([403, 101]);
  });

  it('no websocket will open: the post is made, then NetworkError says so and why', async () => {
    const emu = await start({ mediaDelay: 10 });
    class Refused extends WebSocket {
      constructor(url: string | URL) {
        super(String(url).replace(/m=[^&]+/, 'm=wrong'));
      }
    }
    const error = await failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { WebSocket: Refused }));
    expect(error).toMatchObject({ name: 'NetworkError' });
    expect(error.message).toMatch(/^Media post, result step \(the websocket\): no websocket could be opened to hear the result \(could not connect to ws:\/\/127\.0\.0\.1:\d+\/ws\/\w+\); the post may still have been created/);
    expect(emu.mediaPosts).toHaveLength(1);
    expect(socketsOf(emu).map((s) => s.status)).toEqual([403, 403]);
  });

  it('the submit answer\'s websocket is listened on when the lease gave none', async () => {
    const emu = await start({ mediaDelay: 10 });
    const reddit = client(emu, 'script', {
      // The lease answer without asset.websocket_url, as a platform could send it.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!(input instanceof Request ? input.url : String(input)).includes('/api/media/asset.json')) return response;
        const body = await response.json();
        delete body.asset.websocket_url;
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
      },
    });
    const post = await reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' });
    expect(post.url).toBe(emu.mediaPosts[0]!.permalink);
    expect(post.websocketUrls).toHaveLength(1);
  });

  it('waitForResult: true in a runtime without WebSocket: ArgumentError before any request; left out, no wait', async () => {
    const emu = await start({ mediaDelay: 10 });
    const reddit = client(emu);
    const global = globalThis as { WebSocket?: unknown };
    const original = global.WebSocket;
    delete global.WebSocket;
    try {
      const error = await failure(reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { waitForResult: true }));
      expect(error).toBeInstanceOf(ArgumentError);
      expect(error.message).toMatch(/needs a WebSocket, which this runtime lacks .*pass options.WebSocket .*or waitForResult: false/);
      expect(emu.requests.filter((r) => r.path !== '/api/v1/access_token')).toHaveLength(0);
      const post = await reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' });
      expect(post.url).toBeUndefined();
      expect(post.assetIds).toHaveLength(1);
    } finally {
      global.WebSocket = original;
    }
  });
});

describe('uploadMedia', () => {
  it('resolves to the asset, which submitMedia then posts without uploading again', async () => {
    const emu = await start({ mediaDelay: 10 });
    const reddit = client(emu);
    const asset = await reddit.uploadMedia(PNG, { name: 'cat.png' });
    expect(asset).toEqual({ assetId: expect.any(String), url: expect.stringContaining(emu.storage.url), websocketUrl: expect.stringContaining('/ws/'), name: 'cat.png', type: 'image/png', size: PNG.length });
    const post = await reddit.submitMedia({ sr: 'aww', title: 'Later', kind: 'image', file: asset });
    expect(post.assetIds).toEqual([asset.assetId]);
    expect(uploadsOf(emu)).toHaveLength(1);
    expect(emu.mediaPosts[0]!.url).toBe(asset.url);
  });

  it('a refused lease: ResponseError with step lease; nothing uploaded', async () => {
    const emu = await start();
    emu.fault({ path: LEASE, status: 403 });
    const error = await failure(client(emu).uploadMedia(PNG, { name: 'cat.png' }));
    expect(error).toMatchObject({ name: 'ResponseError', step: 'lease', status: 403 });
    expect(error.message).toMatch(/^Media post, lease step \(POST \/api\/media\/asset.json\): POST \/api\/media\/asset.json answered 403/);
    expect(emu.storage.uploads).toHaveLength(0);
  });

  it('a refused submit: ResponseError with step submit and the platform\'s errors', async () => {
    const emu = await start();
    const error = await failure(client(emu).submitMedia({ sr: 'no_such_sub', title: 'x', kind: 'image', file: PNG, name: 'a.png' }));
    expect(error).toMatchObject({ name: 'ResponseError', step: 'submit', errors: [['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']] });
    expect(error.message).toMatch(/^Media post, submit step: POST \/api\/submit was refused by the platform: SUBREDDIT_NOEXIST/);
  });
});
