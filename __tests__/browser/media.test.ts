/**
 * Media posts from a real Chromium: a File built in the page, posted through the ES module bundle
 * to the emulator, the upload crossing to its storage host (a third origin) and the result coming
 * back on the browser's own WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startEmulator, type Emulator } from '../../lib/emulator/index.js';
import type * as Lib from '../../lib/index.js';
import { assertBuilt, browserAvailable, launch, ROOT, serveStatic, type Browser, type StaticServer } from './harness.js';

type PageWindow = Window & { Snoopath: typeof Lib.Snoopath };

const suite = browserAvailable() ? describe : describe.skip;
const ROOMY = { budget: 100_000, window: 600 };
/** A 16x9 grey PNG, rebuilt into a File inside the page. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAAAAAAeQfPuAAAAD0lEQVR42mNoQAMMg0QAAIXUSAG1CN3UAAAAAElFTkSuQmCC';
const PNG_SHA256 = createHash('sha256').update(Buffer.from(PNG_BASE64, 'base64')).digest('hex');

it("the browser builds carry none of the media posts' Node-only parts (files on disk, undici's WebSocket)", () => {
  assertBuilt();
  const files = [...readdirSync(join(ROOT, 'dist/browser')).filter((f) => f.endsWith('.js')).map((f) => join(ROOT, 'dist/browser', f)), join(ROOT, 'dist/snoopath.iife.js')];
  for (const file of files) expect([file, /getBuiltinModule|openAsBlob|createRequire/.test(readFileSync(file, 'utf8'))]).toEqual([file, false]);
  // The Node build has them, in a chunk of their own.
  expect(readdirSync(join(ROOT, 'dist/chunks')).filter((f) => f.endsWith('.js')).some((f) => readFileSync(join(ROOT, 'dist/chunks', f), 'utf8').includes('openAsBlob'))).toBe(true);
});

suite('media posts in Chromium', () => {
  let emu: Emulator;
  let site: StaticServer;
  let browser: Browser;
  const fetched: string[] = [];

  beforeAll(async () => {
    assertBuilt();
    [emu, site, browser] = await Promise.all([
      startEmulator({ rateLimit: ROOMY, sessionRateLimit: ROOMY, mediaDelay: 20 }),
      serveStatic({ '/dist/': join(ROOT, 'dist'), '/pages/': join(ROOT, '__tests__/browser/pages') }),
      launch(),
    ]);
    browser.context.on('request', (r) => void fetched.push(r.url()));
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await emu?.close();
  });

  async function open(tab?: Page): Promise<Page> {
    const page = tab ?? (await browser.context.newPage());
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(`${site.url}/pages/esm.html`);
    await page.waitForFunction(() => 'Snoopath' in window);
    return page;
  }

  const mediaChunkLoaded = () => fetched.some((u) => /\/dist\/browser\/media-[\w-]+\.js$/.test(u));
  const uploads = () => emu.storage.uploads.filter((u) => u.method === 'POST');

  it('an image from a File built in the page: uploaded without credentials, posted, its URL from the websocket', async () => {
    const page = await open();
    expect(mediaChunkLoaded()).toBe(false);
    const before = emu.mediaPosts.length;
    const out = await page.evaluate(async ({ url, app, png }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'script', ...app }, apiServerUri: url, authServerUri: url, throttle: 0 });
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const file = new File([bytes], 'browser-cat.png', { type: 'image/png' });
      const post = await reddit.submitMedia({ sr: 'snoopath', title: 'From Chromium', kind: 'image', file });
      return { ...post, origin: location.origin };
    }, { url: emu.url, app: emu.apps.script, png: PNG_BASE64 });

    const created = emu.mediaPosts[before]!;
    expect(out).toMatchObject({ url: created.permalink, id: created.id, name: created.name });
    expect(created).toMatchObject({ kind: 'image', sr: 'snoopath', title: 'From Chromium', author: 'demo_user' });
    expect(mediaChunkLoaded()).toBe(true);
    const [upload] = uploads().slice(-1);
    expect(upload).toMatchObject({ status: 201, file: { name: 'browser-cat.png', type: 'image/png', sha256: PNG_SHA256 } });
    // A cross-origin request from the page (Origin set), with no credentials of any kind.
    expect(upload!.headers.origin).toBe(out.origin);
    expect(upload!.headers.authorization).toBeUndefined();
    expect(upload!.headers.cookie).toBeUndefined();
    expect(emu.storage.uploads.some((u) => u.path.startsWith('/ws/') && u.status === 101)).toBe(true);
  });

  it("cookie mode: the session cookie goes to the platform, never to the storage host (same host, other port)", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${emu.url}/login?user=demo_user&dest=${encodeURIComponent(`${site.url}/pages/esm.html`)}`);
    await open(page);
    const before = emu.mediaPosts.length;
    const uploadsBefore = uploads().length;
    const out = await page.evaluate(async ({ url, png }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'x', useBrowserCookies: true, apiServerUri: url, throttle: 0 });
      const file = new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'cookie-cat.png', { type: 'image/png' });
      const asset = await reddit.uploadMedia(file);
      const post = await reddit.submitMedia({ sr: 'snoopath', title: 'Cookie mode', kind: 'image', file: asset }, { waitForResult: true });
      return { url: post.url, asset: { name: asset.name, type: asset.type, size: asset.size } };
    }, { url: emu.url, png: PNG_BASE64 });
    expect(out).toEqual({ url: emu.mediaPosts[before]!.permalink, asset: { name: 'cookie-cat.png', type: 'image/png', size: 72 } });
    const lease = emu.requests.filter((r) => r.path === '/api/media/asset.json' && r.method === 'POST').at(-1)!;
    expect(lease).toMatchObject({ user: 'demo_user', status: 200 });
    expect(lease.headers.cookie).toMatch(/\w+=/);
    const sent = uploads().slice(uploadsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.cookie).toBeUndefined();
  });
});
