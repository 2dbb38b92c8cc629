/**
 * Media posts end to end: the client against the emulator and its storage host (another port),
 * over real sockets and a real websocket. Images, videos, galleries, and uploadMedia.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, failure, requestsTo, start } from '../setup.js';
import { formOf, MP4, PNG, socketsOf, uploadsOf } from './helpers.js';

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
    // The two uploads run side by side: either may reach the storage host first.
    const uploads = uploadsOf(emu).sort((a, b) => String(a.file?.name).localeCompare(String(b.file?.name)));
    expect(uploads.map((u) => u.file)).toEqual([
      { name: 'clip.mp4', type: 'video/mp4', size: MP4.length, sha256: sha256(MP4) },
      { name: 'poster.png', type: 'image/png', size: PNG.length, sha256: sha256(PNG) },
    ]);
    expect(uploads[0]!.key).toMatch(/^rte_videos\//);
    const submitted = formOf(requestsTo(emu, '/api/submit')[0]!.body);
    expect(submitted).toMatchObject({ kind: 'video', url: created!.url, video_poster_url: created!.videoPosterUrl });
    // The websocket listened on is the video's, not the poster's.
    expect(socketsOf(emu).map((s) => s.path)).toEqual([`/ws/${post.assetIds[0]}`]);
  });

  it('a videogif without a poster: a default poster image is uploaded', async () => {
    const emu = await start({ mediaDelay: 10 });
    await client(emu).submitMedia({ sr: 'aww', title: 'Loop', kind: 'videogif', file: MP4, type: 'video/mp4' });
    expect(uploadsOf(emu).map((u) => [u.file?.name, u.file?.type]).sort()).toEqual([['poster.png', 'image/png'], ['upload.mp4', 'video/mp4']]);
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
