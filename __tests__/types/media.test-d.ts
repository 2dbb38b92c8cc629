// Type tests of media posts: compiled by `tsc --noEmit` in `npm test`, never run.
import { expectTypeOf } from 'expect-type';
import Snoopath, { type MediaAsset, type MediaPost, type MediaStep, type PendingMediaPost, ResponseError } from '../../lib/index.js';

const reddit = new Snoopath({ userAgent: 'ua', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } });
declare const file: File;
declare const bytes: Uint8Array;
declare const stream: ReadableStream<Uint8Array>;

// uploadMedia: bytes, Blobs, streams and paths, with name and type; resolves to the asset.
expectTypeOf(reddit.uploadMedia(file)).toEqualTypeOf<Promise<MediaAsset>>();
expectTypeOf(reddit.uploadMedia(bytes, { name: 'cat.png', type: 'image/png', signal: AbortSignal.timeout(1000) })).toEqualTypeOf<Promise<MediaAsset>>();
void reddit.uploadMedia(stream, { type: 'image/png', limits: { image: 10 } });
void reddit.uploadMedia('/tmp/cat.png');
void reddit.uploadMedia({ file: bytes, name: 'cat.png' });
// @ts-expect-error a number is no file
void reddit.uploadMedia(42);
// @ts-expect-error limits take numbers
void reddit.uploadMedia(file, { limits: { image: '20MB' } });

// submitMedia is typed by kind.
const image = reddit.submitMedia({ sr: 'pics', title: 'A cat', kind: 'image', file, nsfw: true, flair_id: 'x' });
// Waited for by default (the websocket, else the account's submissions): the post, with its URL.
expectTypeOf(image).toEqualTypeOf<Promise<MediaPost>>();
expectTypeOf<Awaited<typeof image>['url']>().toEqualTypeOf<string>();
declare const waitOrNot: boolean;
expectTypeOf(reddit.submitMedia({ sr: 'pics', title: 'A cat', kind: 'image', file }, { waitForResult: waitOrNot })).toEqualTypeOf<Promise<MediaPost | PendingMediaPost>>();
expectTypeOf(reddit.submitMedia({ sr: 'pics', title: 'A cat', kind: 'image', file }, { waitForResult: true })).toEqualTypeOf<Promise<MediaPost>>();
expectTypeOf(reddit.submitMedia({ sr: 'pics', title: 'A cat', kind: 'image', file }, { waitForResult: false })).toEqualTypeOf<Promise<PendingMediaPost>>();
void reddit.submitMedia({ sr: 'pics', title: 'Clip', kind: 'video', file: '/tmp/clip.mp4', poster: file }, { timeout: 120_000 });
void reddit.submitMedia({ sr: 'pics', title: 'Loop', kind: 'videogif', file: bytes, type: 'video/mp4' });
// A gallery's answer carries the URL: always a MediaPost.
const gallery = reddit.submitMedia({ sr: 'pics', title: 'Cats', kind: 'gallery', files: [{ file, caption: 'one', outboundUrl: 'https://example.com' }, { file: bytes, name: 'b.png' }] });
expectTypeOf(gallery).toEqualTypeOf<Promise<MediaPost>>();
expectTypeOf<MediaPost['url']>().toEqualTypeOf<string>();

// @ts-expect-error an image post has one file, not files
void reddit.submitMedia({ sr: 'pics', title: 't', kind: 'image', files: [{ file }] });
// @ts-expect-error a gallery has files, not file
void reddit.submitMedia({ sr: 'pics', title: 't', kind: 'gallery', file });
// @ts-expect-error only videos have a poster
void reddit.submitMedia({ sr: 'pics', title: 't', kind: 'image', file, poster: file });
// @ts-expect-error an image post needs its file
void reddit.submitMedia({ sr: 'pics', title: 't', kind: 'image' });
// @ts-expect-error gallery items take captions; a bare file is not an item
void reddit.submitMedia({ sr: 'pics', title: 't', kind: 'gallery', files: [file, file] });
// @ts-expect-error an unknown kind
void reddit.submitMedia({ sr: 'pics', title: 't', kind: 'link', file });
// @ts-expect-error sr and title are required
void reddit.submitMedia({ kind: 'image', file });
// @ts-expect-error misspelt fields are caught (other platform fields go in extra)
void reddit.submitMedia({ sr: 'pics', title: 't', kind: 'image', file, nsfv: true });
void reddit.submitMedia({ sr: 'pics', title: 't', kind: 'image', file, extra: { collection_id: 'c', custom: 1 } });

// The failed step, on ResponseError.
declare const error: ResponseError;
expectTypeOf(error.step).toEqualTypeOf<MediaStep | undefined>();
expectTypeOf<MediaStep>().toEqualTypeOf<'lease' | 'upload' | 'submit' | 'result'>();
