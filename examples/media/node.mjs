// Media posts from Node: an image from a file on disk, a video with its poster, a gallery.
// Runs against the emulator, whose storage host plays the platform's (another port, so another origin).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

// A 16x9 grey PNG and a few bytes standing in for an MP4 (the emulator does not decode media).
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAAAAAAeQfPuAAAAD0lEQVR42mNoQAMMg0QAAIXUSAG1CN3UAAAAAElFTkSuQmCC', 'base64');
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);

const emulator = await startEmulator({ rateLimit: false, mediaDelay: 50 });
const dir = await mkdtemp(join(tmpdir(), 'media-example-'));
try {
  await writeFile(join(dir, 'cat.png'), png);
  const reddit = new Snoopath({
    userAgent: 'node:media-example:1.0.0 (by /u/demo_user)',
    // history lets submitMedia find the post among the account's submissions where the platform's websockets fail.
    oauth: { type: 'script', ...emulator.apps.script, scope: ['submit', 'history'] },
    apiServerUri: emulator.url,
    authServerUri: emulator.url,
  });

  // A path is read from disk (on each send, so a retry costs no memory); name and type come from it.
  const image = await reddit.submitMedia({ sr: 'snoopath', title: 'A cat', kind: 'image', file: join(dir, 'cat.png') });
  console.log(`image: ${image.url} (${image.name})`);

  // Bytes carry no name: say what they are. The poster shows until the video is processed.
  const video = await reddit.submitMedia(
    { sr: 'snoopath', title: 'A clip', kind: 'video', file: mp4, type: 'video/mp4', poster: { file: png, name: 'poster.png' } },
    { timeout: 120_000 },
  );
  console.log(`video: ${video.url}`);

  // Upload first, post later: uploadMedia() gives an asset that submitMedia() takes as a file.
  const asset = await reddit.uploadMedia(png, { name: 'third.png' });
  const gallery = await reddit.submitMedia({
    sr: 'snoopath', title: 'Three cats', kind: 'gallery',
    files: [{ file: png, name: 'one.png', caption: 'One' }, { file: join(dir, 'cat.png'), caption: 'Two', outboundUrl: 'https://example.com' }, { file: asset }],
  });
  console.log(`gallery: ${gallery.url} with ${gallery.assetIds.length} images`);

  // Checked before anything is sent: the platform takes images up to 20 MB.
  await reddit.submitMedia({ sr: 'snoopath', title: 'Too big', kind: 'image', file: Buffer.alloc(21 * 1024 * 1024), name: 'big.png' })
    .catch((error) => console.log(`refused: ${error.name}: ${error.message}`));
} finally {
  await rm(dir, { recursive: true, force: true });
  await emulator.close();
}
