/**
 * The script-tag build in a real Chromium: dist/snoopath.iife.js is the core, and loads its parts
 * from dist/iife/ (next to it) with <script> tags, the first time a call needs them.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startEmulator, type Emulator } from '../../lib/emulator/index.js';
import type * as Lib from '../../lib/index.js';
import { assertBuilt, browserAvailable, launch, ROOT, serveStatic, type Browser, type StaticServer } from './harness.js';

type Global = typeof Lib.Snoopath & typeof Lib;
type PageWindow = Window & { Snoopath: Global };
type Thing = { kind: string; data: { name: string } };

const suite = browserAvailable() ? describe : describe.skip;
const ROOMY = { budget: 100_000, window: 600 };

suite('the script-tag build in Chromium', () => {
  let emu: Emulator;
  let site: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    assertBuilt();
    [emu, site, browser] = await Promise.all([
      startEmulator({ rateLimit: ROOMY, sessionRateLimit: ROOMY }),
      serveStatic({ '/dist/': join(ROOT, 'dist'), '/pages/': join(ROOT, '__tests__/browser/pages') }),
      launch(),
    ]);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await emu?.close();
  });

  /**
   * A tab on a test page, once the global is defined; `fetched` lists the paths it requested. Pages
   * come from the static server (a page answered by the test itself would not be on loopback, and
   * Chromium would refuse its calls to the emulator); `setup` may route requests first.
   */
  async function open(name: string, setup?: (page: Page) => Promise<void>): Promise<{ page: Page; fetched: string[]; errors: Error[] }> {
    const page = await browser.context.newPage();
    const fetched: string[] = [];
    const errors: Error[] = [];
    page.on('request', (r) => void fetched.push(new URL(r.url()).pathname));
    page.on('pageerror', (e) => void errors.push(e));
    await setup?.(page);
    await page.goto(`${site.url}/pages/${name}`);
    await page.waitForFunction(() => 'Snoopath' in window);
    return { page, fetched, errors };
  }

  /** Script auth, a listing page and a vote, in the page; the names of the classes its errors have. */
  const tokenListingVote = (page: Page) =>
    page.evaluate(async ({ url, app }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'script', ...app }, apiServerUri: url, authServerUri: url, throttle: 0 });
      const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'snoopath', limit: 3 });
      const id = (hot.children[0] as Thing).data.name as `t3_${string}`;
      await reddit('/api/vote').post({ id, dir: 1 });
      const missing = await reddit('/api/no-such-endpoint').get().catch((e: unknown) => e);
      return { id, responseError: missing instanceof Snoopath.ResponseError, snoopathError: missing instanceof Snoopath.SnoopathError };
    }, { url: emu.url, app: emu.apps.script });

  const parts = (fetched: string[], prefix: string) => fetched.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length).replace(/-[\w-]{8}\.js$/, ''));

  it('loads the core alone, then each part the first time a call needs it, from dist/iife/', async () => {
    const { page, fetched, errors } = await open('iife.html');
    expect(parts(fetched, '/dist/iife/')).toEqual([]);
    const out = await tokenListingVote(page);
    expect(out).toEqual({ id: expect.stringMatching(/^t3_/), responseError: true, snoopathError: true });
    // Each once, when first needed: what every call needs with the instance, openid-client with the
    // token, the words of failures with the refused call. The vote (a write) learns its body type
    // from the first part's small table: the catalog is loaded only to check a narrowed scope.
    expect(parts(fetched, '/dist/iife/')).toEqual(['first-call', 'openid', 'words']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a part that cannot be fetched fails the call with the URL and the fix; the next call loads it', async () => {
    const { page } = await open('iife.html');
    let refused = 0;
    await page.route(/\/dist\/iife\/first-call-[\w-]+\.js$/, (route) => (refused++ === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
    const out = await page.evaluate(async ({ url, app }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'script', ...app }, apiServerUri: url, authServerUri: url, throttle: 0 });
      const first = await reddit('/api/v1/me').get().then(() => 'resolved', (e: Error) => e.message);
      const second = ((await reddit('/api/v1/me').get()) as { name: string }).name;
      return { first, second };
    }, { url: emu.url, app: emu.apps.script });
    expect(out.first).toMatch(/could not load http:\/\/127\.0\.0\.1:\d+\/dist\/iife\/first-call-[\w-]+\.js \(the request failed\)\. .*iife\/ folder next to snoopath\.iife\.js/);
    expect(out.second).toBe('demo_user');
    expect(refused).toBe(2);
    await page.close();
  });

  it('served at a package URL, as a CDN serves the unpkg field, it loads its parts from dist/iife/ under it', async () => {
    const cdn = `${site.url}/cdn/snoopath@3`;
    const file = (path: string) => readFileSync(join(ROOT, 'dist', path));
    const { page, fetched } = await open('iife-cdn.html', async (p) => {
      await p.route(cdn, (route) => route.fulfill({ contentType: 'text/javascript', body: file('snoopath.iife.js') }));
      await p.route(`${cdn}/dist/iife/*`, (route) => route.fulfill({ contentType: 'text/javascript', body: file(new URL(route.request().url()).pathname.slice('/cdn/snoopath@3/dist/'.length)) }));
    });
    expect((await tokenListingVote(page)).responseError).toBe(true);
    expect(parts(fetched, '/cdn/snoopath@3/dist/iife/')).toContain('first-call');
    expect(fetched.filter((p) => p.includes('/iife/') && !p.startsWith('/cdn/snoopath@3/dist/iife/'))).toEqual([]);
    await page.close();
  });

  it('under a Content-Security-Policy that trusts the script by nonce, its parts carry the nonce, and nothing it runs asks for eval', async () => {
    // A refused eval is reported even when the code catches it. zod/mini never compiles parsers
    // (zod's classic API probes `new Function` for its object schemas): an extension's page stays clean.
    const { page, errors } = await open('iife-csp.html', async (p) => {
      await p.addInitScript(() => {
        const seen: string[] = ((window as unknown as { violations: string[] }).violations = []);
        document.addEventListener('securitypolicyviolation', (e) => void seen.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
    });
    expect((await tokenListingVote(page)).responseError).toBe(true);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await page.close();
  });

  it('every part of the build is a named module of dist/iife/, and none needs Node', () => {
    const files = readdirSync(join(ROOT, 'dist/iife')).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const code = readFileSync(join(ROOT, 'dist/iife', file), 'utf8');
      expect([file, code.startsWith(`globalThis[Symbol.for("snoopath.iife@`), code.includes(`"iife/${file.slice(0, -3)}"`)]).toEqual([file, true, true]);
      expect([file, /getBuiltinModule|openAsBlob|createRequire|node:/.test(code)]).toEqual([file, false]);
    }
  });
});
