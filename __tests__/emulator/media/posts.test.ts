/**
 * Media posts are posts: once processed (a gallery at once) the emulator lists them and finds them
 * by id, shaped as the platform shapes image, video and gallery posts; a failed one never appears.
 */
import { describe, expect, it } from '@jest/globals';
import { client, start } from '../../integration/setup.js';
import { MP4, PNG } from '../../integration/media/helpers.js';

type Thing = { kind: string; data: Record<string, any> };
type Listing = { data: { children: Thing[] } };

describe('media posts as posts', () => {
  it('an image post: in /api/info, /comments/{id}, the subreddit\'s new listing and the author\'s submitted, once processed', async () => {
    const emu = await start({ mediaDelay: 1500 });
    const reddit = client(emu);
    await reddit.submitMedia({ sr: 'pics', title: 'A cat', kind: 'image', file: PNG, name: 'cat.png', nsfw: true, flair_text: 'Cute' }, { waitForResult: false });
    const [made] = emu.mediaPosts;
    // Still processing: not a post yet.
    expect((await reddit('/api/info').get<Listing>({ id: made!.name })).data.children).toEqual([]);
    expect(await reddit('/comments/$id').get({ $id: made!.id }).catch((e: { status: number }) => e.status)).toBe(404);
    let info: Thing | undefined;
    const deadline = Date.now() + 5000;
    while (!info && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      info = (await reddit('/api/info').get<Listing>({ id: made!.name })).data.children[0];
    }
    expect(info).toMatchObject({
      kind: 't3',
      data: {
        id: made!.id, name: made!.name, title: 'A cat', author: 'demo_user', subreddit: 'pics', is_self: false, post_hint: 'image',
        url: made!.url, permalink: new URL(made!.permalink).pathname, over_18: true, link_flair_text: 'Cute', num_comments: 0,
      },
    });
    const [page, comments] = await reddit('/comments/$id').get<[Listing, Listing]>({ $id: made!.id });
    expect(page.data.children[0]!.data.name).toBe(made!.name);
    expect(comments.data.children).toEqual([]);
    expect((await reddit('/r/$sr/new').get<Listing>({ $sr: 'pics', limit: 1 })).data.children[0]!.data.name).toBe(made!.name);
    expect((await reddit('/user/$name/submitted').get<Listing>({ $name: 'demo_user' })).data.children.map((t) => t.data.name)).toEqual([made!.name]);
  });

  it('a video and a videogif: is_video, their poster as thumbnail; a gallery at once, with gallery_data and media_metadata', async () => {
    const emu = await start({ mediaDelay: 10 });
    const reddit = client(emu);
    await reddit.submitMedia({ sr: 'snoopath', title: 'Clip', kind: 'video', file: MP4, type: 'video/mp4' });
    await reddit.submitMedia({ sr: 'snoopath', title: 'Loop', kind: 'videogif', file: MP4, type: 'video/mp4' });
    const gallery = await reddit.submitMedia({ sr: 'snoopath', title: 'Cats', kind: 'gallery', files: [{ file: PNG, name: 'a.png', caption: 'one' }, { file: PNG, name: 'b.png', outboundUrl: 'https://example.com' }] });
    const names = emu.mediaPosts.map((p) => p.name);
    const things = (await reddit('/api/info').get<Listing>({ id: names.join(',') })).data.children;
    expect(things.map((t) => t.data.name)).toEqual(names);
    const [video, loop, cats] = things.map((t) => t.data);
    expect(video).toMatchObject({ is_video: true, post_hint: 'hosted:video', thumbnail: emu.mediaPosts[0]!.videoPosterUrl, media: { reddit_video: { fallback_url: emu.mediaPosts[0]!.url, is_gif: false } } });
    expect(loop!.media.reddit_video.is_gif).toBe(true);
    expect(cats).toMatchObject({
      is_gallery: true, url: `${emu.url}/gallery/${gallery.id}`,
      gallery_data: { items: [{ media_id: gallery.assetIds[0], id: 1, caption: 'one' }, { media_id: gallery.assetIds[1], id: 2, outbound_url: 'https://example.com' }] },
    });
    expect(cats!.media_metadata[gallery.assetIds[0]!]).toMatchObject({ status: 'valid', e: 'Image', m: 'image/png', s: { u: expect.stringContaining(emu.storage.url) } });
    // Newest first, as every new-item listing.
    expect((await reddit('/r/$sr/new').get<Listing>({ $sr: 'snoopath', limit: 3 })).data.children.map((t) => t.data.name)).toEqual([...names].reverse());
  });

  it('a post whose processing failed never appears', async () => {
    const emu = await start({ mediaDelay: 10 });
    const reddit = client(emu);
    await reddit.submitMedia({ sr: 'pics', title: 'Broken', kind: 'image', file: PNG, name: 'fail.png' }).catch(() => undefined);
    expect(emu.mediaPosts[0]).toMatchObject({ failed: true });
    expect((await reddit('/api/info').get<Listing>({ id: emu.mediaPosts[0]!.name })).data.children).toEqual([]);
    expect((await reddit('/user/$name/submitted').get<Listing>({ $name: 'demo_user' })).data.children).toEqual([]);
  });
});
