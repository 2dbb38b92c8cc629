/** Before the first request (the checks) and after the submit (the result on the websocket). */
import { describe, expect, it } from '@jest/globals';
import { ArgumentError, ResponseError, TimeoutError } from '../../../lib/index.js';
import { client, failure, requestsTo, start } from '../setup.js';
import { BaseWebSocket, MP4, PNG, socketsOf, trackedWebSocket, uploadsOf } from './helpers.js';
import { until } from '../../support/wait.js';

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
    expect(error.message).toMatch(/^Media post, result step: the platform could not process the media: processing of failing.png failed/);
    expect(error.message).not.toContain('?m=');
    await until('the websocket closed', () => sockets[0]!.readyState === WebSocket.CLOSED);
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
    await until('the submit answered', () => requestsTo(emu, '/api/submit').some((r) => r.status === 200));
    controller.abort(new Error('changed my mind'));
    expect((await posting).message).toBe('changed my mind');
    expect([WebSocket.CLOSING, WebSocket.CLOSED]).toContain(sockets[0]!.readyState);
  });

  it('abort during the upload rejects with the reason; nothing is submitted', async () => {
    const emu = await start();
    emu.storage.fault({ method: 'POST', path: '/', hang: true });
    const controller = new AbortController();
    const posting = failure(client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { signal: controller.signal }));
    await until('the upload', () => uploadsOf(emu).length === 1);
    controller.abort(new Error('stop the upload'));
    expect((await posting).message).toBe('stop the upload');
    expect(requestsTo(emu, '/api/submit')).toHaveLength(0);
    expect(socketsOf(emu)).toHaveLength(0);
  });

  it('a websocket refused before the submit is opened again after it', async () => {
    const emu = await start({ mediaDelay: 10 });
    let made = 0;
    // The first socket gets a wrong token, so the storage host refuses it (403) before the submit.
    class RefusedOnce extends BaseWebSocket {
      constructor(url: string | URL) {
        super(made++ === 0 ? String(url).replace(/m=[^&]+/, 'm=wrong') : url);
      }
    }
    const post = await client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { WebSocket: RefusedOnce });
    expect(post.url).toBe(emu.mediaPosts[0]!.permalink);
    expect(socketsOf(emu).map((s) => s.status)).toEqual([403, 101]);
  });

  it('no websocket will open: the post is found among the account\'s submissions instead', async () => {
    const emu = await start({ mediaDelay: 10 });
    class Refused extends BaseWebSocket {
      constructor(url: string | URL) {
        super(String(url).replace(/m=[^&]+/, 'm=wrong'));
      }
    }
    const post = await client(emu).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { WebSocket: Refused });
    expect(post).toMatchObject({ url: emu.mediaPosts[0]!.permalink, id: emu.mediaPosts[0]!.id, name: emu.mediaPosts[0]!.name });
    expect(socketsOf(emu).map((s) => s.status)).toEqual([403, 403]);
    expect(requestsTo(emu, '/user/demo_user/submitted')).toHaveLength(1);
  });

  it("a gallery answer naming a javascript: URL: ResponseError UNSAFE_POST_URL, the URL never handed out", async () => {
    const emu = await start();
    const reddit = client(emu, 'script', {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!(input instanceof Request ? input.url : String(input)).includes('/api/submit_gallery_post.json')) return response;
        const body = await response.json();
        body.json.data.url = 'javascript:alert(document.cookie)';
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
      },
    });
    const files = [{ file: PNG, name: 'a.png' }, { file: PNG, name: 'b.png' }];
    const error = await failure(reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'gallery', files }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ step: 'submit', code: 'UNSAFE_POST_URL' });
    expect(error.message).toMatch(/^Media post, submit step: the platform named the post "javascript:alert\(document.cookie\)", which is neither an https URL nor a loopback http one: refused/);
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

  it('without a global WebSocket (Node 20) undici\'s is used: the post resolves to its URL, id and name', async () => {
    const emu = await start({ mediaDelay: 10 });
    const reddit = client(emu);
    const global = globalThis as { WebSocket?: unknown };
    const original = global.WebSocket;
    delete global.WebSocket;
    try {
      const post = await reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' });
      const created = emu.mediaPosts[0]!;
      expect(post).toMatchObject({ url: created.permalink, id: created.id, name: created.name });
      expect(socketsOf(emu).map((s) => s.status)).toEqual([101]);
      const explicit = await reddit.submitMedia({ sr: 'aww', title: 'y', kind: 'image', file: PNG, name: 'b.png' }, { waitForResult: true });
      expect(explicit.url).toBe(emu.mediaPosts[1]!.permalink);
    } finally {
      if (original !== undefined) global.WebSocket = original;
    }
  });
});
