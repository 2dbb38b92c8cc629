/** The upload to the storage host: no credentials, its own retries and pacing, its failures named for their step. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { ArgumentError, ResponseError, TimeoutError } from '../../../lib/index.js';
import { client, failure, requestsTo, start, windowStartClock } from '../setup.js';
import { MP4, PNG, trusting, uploadsOf } from './helpers.js';
import { until } from '../../support/wait.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const LEASE = '/api/media/asset.json';

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
    // The timeout covers the upload lease request too: 1 s (not 150 ms) leaves that room on a loaded machine.
    const error = await failure(client(emu).uploadMedia(PNG, { name: 'a.png', requestTimeout: 1000, retryAttempts: 1 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.attempts).toBe(2);
    expect(error.message).toMatch(/^Media post, upload step \(to the storage host\): http:\/\/127\.0\.0\.1:\d+ got no complete answer within 1000 ms: pass a larger requestTimeout for large files\.$/);
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
    const emu = await start({ rateLimit: { budget: 1, window: 600 }, now: windowStartClock(600_000) });
    const reddit = client(emu);
    const reached: unknown[] = [];
    reddit.on('rate_limit_reached', (state) => reached.push(state));
    const controller = new AbortController();
    const posting = failure(reddit.submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { signal: controller.signal }));
    await until('a stored upload', () => uploadsOf(emu).some((u) => u.status === 201));
    expect(reached).toHaveLength(1);
    expect(requestsTo(emu, '/api/submit')).toHaveLength(0);
    controller.abort(new Error('enough'));
    expect((await posting).message).toBe('enough');
  });
});

describe('a file that changes under the upload', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'snoopath-media-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('grown after its size was checked: ArgumentError naming the file and both sizes, not "check the network"; not retried, nothing posted', async () => {
    const emu = await start();
    const path = join(dir, 'growing.png');
    writeFileSync(path, PNG);
    // The lease answers late: the file grows between its check and its upload.
    emu.fault({ path: LEASE, delay: 300 });
    const posting = failure(client(emu, 'script', { retryDelay: 1000 }).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: path }));
    await until('the lease request', () => requestsTo(emu, LEASE).length === 1);
    appendFileSync(path, Buffer.alloc(1000));
    const error = await posting;
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error.message).toBe(`file "${path}" changed after it was checked: it is now 1,072 bytes, it was 72 bytes when its size was checked. Nothing was posted: post it again once the file is complete (a file still being written, by a recorder or a download, changes under the upload).`);
    expect(uploadsOf(emu)).toHaveLength(0);
    expect(requestsTo(emu, '/api/submit')).toHaveLength(0);
  });

  it('grown while its upload is under way: the same error, at the latest when the failed send is retried', async () => {
    const emu = await start();
    const path = join(dir, 'recording.mp4');
    // Large enough that the upload is still reading the file while the storage host holds back.
    writeFileSync(path, Buffer.alloc(8 * 1024 * 1024, 1));
    emu.storage.fault({ method: 'POST', path: '/', delay: 400 });
    const posting = failure(client(emu).uploadMedia(path));
    await until('the upload', () => uploadsOf(emu).length === 1);
    appendFileSync(path, Buffer.alloc(10, 2));
    const error = await posting;
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error.message).toMatch(/^file ".*recording\.mp4" changed after it was checked: it is now 8,388,618 bytes, it was 8,388,608 bytes when its size was checked\./);
    expect(uploadsOf(emu).length).toBeLessThanOrEqual(2);
  });
});

describe('the storage host over https', () => {
  it("a lease action //host is reached over https although the API is plain http; a client that does not trust the certificate is refused", async () => {
    const emu = await start({ mediaDelay: 10, storage: { https: true } });
    expect([emu.url, emu.storage.url]).toEqual([expect.stringMatching(/^http:/), expect.stringMatching(/^https:/)]);
    const trust = trusting(emu.ca!);
    try {
      const post = await client(emu, 'script', { fetch: trust.fetch }).submitMedia({ sr: 'aww', title: 'x', kind: 'image', file: PNG, name: 'a.png' }, { WebSocket: trust.WebSocket });
      expect(post.url).toBe(emu.mediaPosts[0]!.permalink);
      expect(uploadsOf(emu).map((u) => u.status)).toEqual([201]);
      expect(post.websocketUrls).toEqual([expect.stringMatching(/^wss:\/\/127\.0\.0\.1:\d+\/ws\//)]);
    } finally {
      await trust.close();
    }
    // The client is strict: the storage host's certificate is not trusted by default, and nothing falls back to http.
    const error = await failure(client(emu, 'script', { retryAttempts: 0 }).uploadMedia(PNG, { name: 'a.png' }));
    expect(error).toMatchObject({ name: 'NetworkError' });
    expect(error.message).toMatch(/^Media post, upload step \(to the storage host\): could not reach https:\/\/127\.0\.0\.1:\d+ /);
    expect(uploadsOf(emu)).toHaveLength(1);
  });
});

describe('a hostile storage host', () => {
  it('an error whose XML names a character past U+10FFFF: ResponseError for the upload step, not a raw RangeError', async () => {
    const emu = await start();
    emu.storage.fault({ method: 'POST', path: '/', status: 403, body: '<Error><Code>AccessDenied</Code><Message>denied &#x110000;</Message></Error>' });
    const error = await failure(client(emu).uploadMedia(PNG, { name: 'a.png' }));
    expect(error).toMatchObject({ name: 'ResponseError', step: 'upload', status: 403 });
    expect(error.message).toContain('answered 403 (AccessDenied: denied \uFFFD)');
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
