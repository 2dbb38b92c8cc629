/** The pure decisions of media posts about the caller's files and post: names, types, limits, and which request a post makes. */
import { describe, expect, it } from '@jest/globals';
import { ArgumentError } from '../../lib/errors/classes.js';
import { checkGallery, checkSize, checkType, DEFAULT_LIMITS, limitFor, resolveLimits } from '../../lib/media/limits.js';
import { describeInput, inputKind } from '../../lib/media/source.js';
import { galleryAnswer, planPost, submitRequest } from '../../lib/media/submit.js';
import type { MediaPostInput } from '../../lib/media/types.js';
import { uploadForm } from '../../lib/media/upload.js';

const MiB = 1024 * 1024;

describe('names and types', () => {
  const file = new File([new Uint8Array(3)], 'dir-free.PNG', { type: '' });
  const typed = new File([new Uint8Array(3)], 'photo', { type: 'image/jpeg' });
  it.each([
    ['bytes with a name', new Uint8Array(1), { name: 'cat.png' }, { name: 'cat.png', type: 'image/png' }],
    ['bytes with a type: a name is made', new Uint8Array(1), { type: 'video/mp4' }, { name: 'upload.mp4', type: 'video/mp4' }],
    ['bytes with both', new Uint8Array(1), { name: 'a.bin', type: 'image/gif' }, { name: 'a.bin', type: 'image/gif' }],
    ["a File: its name, the type from the extension", file, {}, { name: 'dir-free.PNG', type: 'image/png' }],
    ["a File: its own type wins over the name's", typed, {}, { name: 'photo', type: 'image/jpeg' }],
    ['a File: the given type wins', typed, { type: 'image/png' }, { name: 'photo', type: 'image/png' }],
    ['a path: the base name', '/tmp/x/clip.MOV', {}, { name: 'clip.MOV', type: 'video/quicktime' }],
    ['a Windows path', 'C:\\media\\cat.jpeg', {}, { name: 'cat.jpeg', type: 'image/jpeg' }],
    ['a file: URL', new URL('file:///tmp/my%20cat.gif'), {}, { name: 'my cat.gif', type: 'image/gif' }],
    ['a stream with a name', new ReadableStream(), { name: 'a.webp' }, { name: 'a.webp', type: 'image/webp' }],
  ])('%s', (_, input, given, expected) => {
    expect(describeInput(input as never, given, 'file')).toEqual(expected);
  });

  it.each([
    ['bytes alone', new Uint8Array(1), {}, /pass \{ type: 'image\/png' \} or \{ name: 'cat.png' \}/],
    ['a stream alone', new ReadableStream(), {}, /a stream carry no name or type/],
    ['a name without a known extension', new Uint8Array(1), { name: 'cat' }, /"cat" has no extension/],
    ['a typeless Blob', new Blob([new Uint8Array(1)]), {}, /a Blob without a type/],
  ])('%s: ArgumentError naming what to pass', (_, input, given, message) => {
    expect(() => describeInput(input as never, given, 'file')).toThrow(ArgumentError);
    expect(() => describeInput(input as never, given, 'file')).toThrow(message);
  });

  it.each([
    [new Uint8Array(1), 'bytes'], [new ArrayBuffer(1), 'bytes'], [Buffer.from('x'), 'bytes'], [new Blob([]), 'blob'],
    [new File([], 'a.png'), 'blob'], [new ReadableStream(), 'stream'], ['a.png', 'path'], [new URL('file:///a.png'), 'path'],
  ])('input kind of %p is %s', (input, kind) => {
    expect(inputKind(input, 'file')).toBe(kind);
  });

  it.each([[null], [42], [{ some: 'object' }], [[1, 2]]])('%p is not a file', (input) => {
    expect(() => inputKind(input, 'poster')).toThrow(/poster must be bytes .*, a Blob or File, a ReadableStream, a path \(Node\), or a MediaAsset/);
  });
});

describe('limits', () => {
  it.each([
    ['image/png', 'image', { key: 'image', bytes: 20 * MiB }],
    ['image/jpeg', 'any', { key: 'image', bytes: 20 * MiB }],
    ['image/gif', 'image', { key: 'gif', bytes: 100 * MiB }],
    ['video/mp4', 'video', { key: 'video', bytes: 1024 * MiB }],
    ['video/quicktime', 'any', { key: 'video', bytes: 1024 * MiB }],
    ['video/mp4', 'image', undefined],
    ['image/png', 'video', undefined],
    ['image/webp', 'any', undefined],
    ['image/bmp', 'image', undefined],
  ] as const)('%s where %s is expected', (type, expected, limit) => {
    expect(limitFor(type, expected, DEFAULT_LIMITS)).toEqual(limit);
  });

  it('a type the place does not take: ArgumentError naming the accepted types and the override', () => {
    expect(() => checkType('video/webm', 'video', DEFAULT_LIMITS, 'file')).toThrow('file is video/webm, but a video is needed here (video/mp4, video/quicktime): convert it, or add the type to limits.videoTypes');
    expect(() => checkType('video/mp4', 'image', DEFAULT_LIMITS, 'poster')).toThrow(/poster is video\/mp4, but an image is needed here \(image\/png, image\/jpeg, image\/gif\)/);
    expect(() => checkType('text/plain', 'any', DEFAULT_LIMITS, 'file')).toThrow(/a type the platform does not take/);
  });

  it('sizes: at the limit passes, one byte over fails with both sizes and the option to raise', () => {
    const limit = { key: 'image' as const, bytes: 20 * MiB };
    expect(() => checkSize(20 * MiB, limit, 'file')).not.toThrow();
    expect(() => checkSize(20 * MiB + 1, limit, 'file')).toThrow('file is 20.0 MB, over the 20.0 MB limit for images: make it smaller, or raise options.limits.image');
    expect(() => checkSize(101 * MiB, { key: 'gif', bytes: 100 * MiB }, 'files[1]')).toThrow(/files\[1\] is 101.0 MB, over the 100.0 MB limit for GIFs/);
  });

  it('overrides: sizes and types, validated', () => {
    const limits = resolveLimits({ image: 10, imageTypes: ['image/png', 'image/webp'] });
    expect(limitFor('image/webp', 'image', limits)).toEqual({ key: 'image', bytes: 10 });
    expect(limits.video).toBe(DEFAULT_LIMITS.video);
    expect(() => resolveLimits({ video: -1 })).toThrow('limits.video must be a number >= 0, got -1.');
    expect(() => resolveLimits({ image: Number.NaN })).toThrow(ArgumentError);
  });

  it.each([[1, true], [2, false], [20, false], [21, true], [0, true]])('a gallery of %i items is refused: %s', (count, refused) => {
    const check = () => checkGallery(count, DEFAULT_LIMITS);
    if (refused) expect(check).toThrow(`A gallery takes 2 to 20 images; files has ${count}.`);
    else expect(check).not.toThrow();
  });
});

describe('which request a post makes', () => {
  const image: MediaPostInput = { sr: 'r/pics', title: 'A cat', kind: 'image', file: new Uint8Array(1), name: 'cat.png', nsfw: true, flair_id: 'f1', extra: { collection_id: 'c', custom: 1 } };
  const uploaded = [{ assetId: 'a1', url: 'https://s/rte_images%2Fa1' }, { assetId: 'a2', url: 'https://s/rte_images%2Fa2' }, { assetId: 'a3', url: 'https://s/a3' }];

  it('an image: /api/submit, kind image, the file URL, other fields passed through', () => {
    expect(submitRequest(image, uploaded)).toEqual({
      path: '/api/submit',
      args: { sr: 'pics', title: 'A cat', nsfw: true, flair_id: 'f1', collection_id: 'c', custom: 1, kind: 'image', url: 'https://s/rte_images%2Fa1' },
    });
  });

  it.each(['video', 'videogif'] as const)('a %s: the video URL and the poster as video_poster_url', (kind) => {
    const post: MediaPostInput = { sr: 'pics', title: 'Clip', kind, file: 'clip.mp4', spoiler: false, sendreplies: false };
    expect(submitRequest(post, uploaded).args).toEqual({ sr: 'pics', title: 'Clip', spoiler: false, sendreplies: false, kind, url: uploaded[0]!.url, video_poster_url: uploaded[1]!.url });
  });

  it('a gallery: the JSON endpoint, items by media id with captions and links, api_type in the body', () => {
    const post: MediaPostInput = { sr: 'pics', title: 'Cats', kind: 'gallery', nsfw: false, files: [{ file: 'a.png', caption: 'one', outboundUrl: 'https://example.com' }, { file: 'b.png' }, { file: 'c.png', caption: 'three' }] };
    expect(submitRequest(post, uploaded)).toEqual({
      path: '/api/submit_gallery_post.json',
      bodyType: 'json',
      args: {
        sr: 'pics', title: 'Cats', nsfw: false, api_type: 'json',
        items: [{ media_id: 'a1', caption: 'one', outbound_url: 'https://example.com' }, { media_id: 'a2', caption: '', outbound_url: '' }, { media_id: 'a3', caption: 'three', outbound_url: '' }],
      },
    });
  });

  it('fields the request sets itself cannot be overridden by pass-through', () => {
    const post = { ...image, url: 'https://elsewhere/x.png', kind: 'image', api_type: 'x' } as MediaPostInput;
    expect(submitRequest(post, uploaded).args).toMatchObject({ url: uploaded[0]!.url, kind: 'image' });
    expect(submitRequest(post, uploaded).args).not.toHaveProperty('api_type');
  });

  it('plans the files: main first, then the poster (a default one when none is given); gallery items in order', () => {
    expect(planPost(image, DEFAULT_LIMITS)).toEqual([{ source: image.file, name: 'cat.png', type: undefined, expected: 'image', what: 'file' }]);
    const video = planPost({ sr: 's', title: 't', kind: 'video', file: 'clip.mp4', poster: 'p.jpg' }, DEFAULT_LIMITS);
    expect(video.map((f) => [f.what, f.expected, f.source])).toEqual([['file', 'video', 'clip.mp4'], ['poster', 'image', 'p.jpg']]);
    const noPoster = planPost({ sr: 's', title: 't', kind: 'videogif', file: 'clip.mp4' }, DEFAULT_LIMITS);
    expect(noPoster[1]).toMatchObject({ what: 'poster', expected: 'image', source: { name: 'poster.png', type: 'image/png' } });
    const gallery = planPost({ sr: 's', title: 't', kind: 'gallery', files: [{ file: 'a.png', type: 'image/png' }, { file: 'b.gif', name: 'b.gif' }] }, DEFAULT_LIMITS);
    expect(gallery.map((f) => [f.what, f.source, f.type, f.name])).toEqual([['files[0]', 'a.png', 'image/png', undefined], ['files[1]', 'b.gif', undefined, 'b.gif']]);
  });

  it.each([
    [null, /submitMedia\(post\) takes an object/],
    [{ sr: 'pics', title: 't', kind: 'link', file: 'a.png' }, /post.kind must be 'image', 'video', 'videogif' or 'gallery', got "link"/],
    [{ title: 't', kind: 'image', file: 'a.png' }, /post.sr must name the subreddit/],
    [{ sr: 'pics', title: '  ', kind: 'image', file: 'a.png' }, /post.title must be a non-empty string/],
    [{ sr: 'pics', title: 't', kind: 'video' }, /A video post takes a file/],
    [{ sr: 'pics', title: 't', kind: 'gallery', file: 'a.png' }, /A gallery post takes files/],
    [{ sr: 'pics', title: 't', kind: 'gallery', files: [{ file: 'a.png' }] }, /A gallery takes 2 to 20 images; files has 1/],
    [{ sr: 'pics', title: 't', kind: 'gallery', files: [{ file: 'a.png' }, 'b.png'] }, /files\[1\] must be \{ file, caption\?, outboundUrl\? \}/],
  ])('refuses %p', (post, message) => {
    expect(() => planPost(post as never, DEFAULT_LIMITS)).toThrow(message);
  });

  it("reads the gallery endpoint's answer", () => {
    expect(galleryAnswer({ json: { errors: [], data: { url: 'https://www.reddit.com/r/pics/comments/x1/cats/', id: 't3_x1' } } })).toEqual({ url: 'https://www.reddit.com/r/pics/comments/x1/cats/', id: 'x1', name: 't3_x1' });
    expect(galleryAnswer({ json: { data: { url: 'u', id: 'x2' } } })).toEqual({ url: 'u', id: 'x2', name: 't3_x2' });
    expect(galleryAnswer({ json: { data: {} } })).toEqual({ url: undefined });
    expect(galleryAnswer(null)).toEqual({ url: undefined });
  });
});

describe('the upload form', () => {
  const fields = [{ name: 'key', value: 'k' }, { name: 'content-type', value: 'image/png' }, { name: 'policy', value: 'p' }];

  it('every lease field in order, then the file, last, with its name and type: multipart/form-data a parser reads back', async () => {
    const body = uploadForm(fields, new Blob(['abc'], { type: 'image/png' }), 'cat.png');
    expect(body.type).toMatch(/^multipart\/form-data; boundary=----snoopath[0-9a-f]{16,}$/);
    const form = await new Response(body, { headers: { 'content-type': body.type } }).formData();
    const entries = [...form.entries()];
    expect(entries.map(([name]) => name)).toEqual(['key', 'content-type', 'policy', 'file']);
    expect(entries.slice(0, 3).map(([, value]) => value)).toEqual(['k', 'image/png', 'p']);
    const file = entries[3]![1] as File;
    expect([file.name, file.type, await file.text()]).toEqual(['cat.png', 'image/png', 'abc']);
  });

  it('is the size of its parts (sent with a Content-Length), the file kept as a Blob, not copied', async () => {
    const file = new Blob([new Uint8Array(1000)], { type: 'image/png' });
    const body = uploadForm(fields, file, 'cat.png');
    const text = await body.text();
    expect(body.size).toBe(new TextEncoder().encode(text).length);
    expect(text).toMatch(/\r\nContent-Disposition: form-data; name="file"; filename="cat.png"\r\nContent-Type: image\/png\r\n\r\n/);
    expect(text.endsWith(`\r\n--${body.type.split('boundary=')[1]}--\r\n`)).toBe(true);
  });

  it('escapes names as browsers do (quotes and line breaks), and a new boundary each time', async () => {
    const body = uploadForm([{ name: 'x"y', value: 'a\nb' }], new Blob(['abc'], { type: 'image/png' }), 'a"b\r\n.png');
    const text = await body.text();
    expect(text).toContain('name="x%22y"\r\n\r\na\r\nb\r\n');
    expect(text).toContain('filename="a%22b%0D%0A.png"');
    expect(uploadForm(fields, new Blob(['abc']), 'a.png').type).not.toBe(body.type);
    expect(await uploadForm(fields, new Blob(['abc']), 'a.png').text()).toContain('Content-Type: application/octet-stream');
  });
});
