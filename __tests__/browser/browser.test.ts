/**
 * The browser bundles in a real Chromium, against the emulator on another origin (so every call is
 * cross-origin, with CORS). Pages come from a static server; page code drives the library.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startEmulator, type Emulator } from '../../lib/emulator/index.js';
import type * as Lib from '../../lib/index.js';
import { assertBuilt, browserAvailable, launch, ROOT, serveStatic, type Browser, type StaticServer } from './harness.js';

/** What the test pages put on `window`. */
type PageWindow = Window & { Snoopath: typeof Lib.Snoopath; snoopath: typeof Lib };
type Thing = { kind: string; data: { name: string; title?: string } };

const suite = browserAvailable() ? describe : describe.skip;
/** Budgets so large that pacing adds no wait, except in the rate-limit test. */
const ROOMY = { budget: 100_000, window: 600 };

suite('browser bundles in Chromium', () => {
  let emu: Emulator;
  let site: StaticServer;
  let browser: Browser;
  /** Every URL the browser requested, to see which chunks were loaded when. */
  const fetched: string[] = [];

  beforeAll(async () => {
    assertBuilt();
    [emu, site, browser] = await Promise.all([
      startEmulator({ rateLimit: ROOMY, sessionRateLimit: ROOMY }),
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

  /** A new tab on a test page, once its bundle has defined `Snoopath`. */
  async function open(page = 'esm.html', tab?: Page): Promise<Page> {
    const p = tab ?? (await browser.context.newPage());
    p.on('pageerror', (e) => console.error('page error:', e));
    await p.goto(`${site.url}/pages/${page}`);
    await p.waitForFunction(() => 'Snoopath' in window);
    return p;
  }

  const chunk = (name: string) => fetched.some((u) => new RegExp(`/dist/browser/${name}-[\\w-]+\\.js$`).test(u));
  /** What the emulator received on `path`, CORS preflights left out. */
  const logged = (path: string) => emu.requests.filter((r) => r.path === path && r.method !== 'OPTIONS');

  it('the ES module build imports nothing but its own chunks', () => {
    for (const file of readdirSync(join(ROOT, 'dist/browser')).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(ROOT, 'dist/browser', file), 'utf8');
      const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'`]([^"'`]+)["'`]/g)].map((m) => m[1]);
      expect({ file, bare: specifiers.filter((s) => !s?.startsWith('./')) }).toEqual({ file, bare: [] });
    }
  });

  it('script auth and a call; no User-Agent sent; the grant code is loaded lazily', async () => {
    const page = await open();
    expect(chunk('openid') || chunk('entities')).toBe(false);
    emu.clearLog();
    const out = await page.evaluate(async ({ url, app }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'snoopath-browser-test', oauth: { type: 'script', ...app, scope: ['identity', 'read'] }, apiServerUri: url, authServerUri: url, throttle: 0 });
      const me = (await reddit('/api/v1/me').get()) as { name: string };
      const hadToken = reddit.hasAccessToken();
      await reddit.deauth();
      return { name: me.name, hadToken, hasToken: reddit.hasAccessToken() };
    }, { url: emu.url, app: emu.apps.script });
    expect(out).toEqual({ name: 'demo_user', hadToken: true, hasToken: false });
    expect(chunk('openid')).toBe(true);
    const sent = [...logged('/api/v1/access_token'), ...logged('/api/v1/me'), ...logged('/api/v1/revoke_token')];
    expect(sent.map((r) => r.status)).toEqual([200, 200, 204]);
    for (const r of sent) expect(r.headers['user-agent'] ?? '').not.toContain('snoopath-browser-test');
  });

  it('implicit auth: getAuthUrl(), the redirect back with the token, auth(location.href)', async () => {
    const page = await open();
    const redirectUri = `${site.url}/pages/esm.html`;
    const settings = { url: emu.url, key: emu.apps.installed.key, redirectUri };
    await Promise.all([
      page.waitForURL(/#access_token=/),
      page.evaluate(({ url, key, redirectUri }) => {
        const { Snoopath } = window as unknown as PageWindow;
        const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'implicit', key, redirectUri, scope: ['identity', 'read'] }, apiServerUri: url, authServerUri: url });
        location.assign(reddit.getAuthUrl('state-1'));
      }, settings),
    ]);
    await page.waitForFunction(() => 'Snoopath' in window);
    const out = await page.evaluate(async ({ url, key, redirectUri }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'implicit', key, redirectUri, scope: ['identity', 'read'] }, apiServerUri: url, authServerUri: url, throttle: 0 });
      const state = new URLSearchParams(location.hash.slice(1)).get('state');
      await reddit.auth(location.href);
      const me = (await reddit('/api/v1/me').get()) as { name: string };
      return { state, name: me.name, refresh: reddit.hasRefreshToken() };
    }, settings);
    expect(out).toEqual({ state: 'state-1', name: 'demo_user', refresh: false });
  });

  it('iterates a listing across pages; decodeHtmlEntities loads the entities chunk', async () => {
    const page = await open();
    emu.clearLog();
    const out = await page.evaluate(async ({ url, app }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'script', ...app }, apiServerUri: url, authServerUri: url, throttle: 0 });
      const names: string[] = [];
      const first = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'snoopath', limit: 10 });
      for await (const item of first) names.push((item as Thing).data.name);
      const decoded = (await reddit('/r/snoopath/hot').get({ limit: 1 }, { decodeHtmlEntities: true })) as { kind: string };
      return { names, kind: decoded.kind };
    }, { url: emu.url, app: emu.apps.script });
    expect(out.names.length).toBeGreaterThanOrEqual(25);
    expect(new Set(out.names).size).toBe(out.names.length);
    expect(out.kind).toBe('Listing');
    expect(logged('/r/snoopath/hot').filter((r) => r.query.after).length).toBeGreaterThanOrEqual(2);
    expect(chunk('entities')).toBe(true);
  });

  it('retries a 5xx and reads its status cross-origin', async () => {
    const page = await open();
    emu.clearLog();
    emu.fault({ method: 'GET', path: '/api/v1/me', status: 503, times: 2 });
    const out = await page.evaluate(async ({ url, app }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'script', ...app }, apiServerUri: url, authServerUri: url, throttle: 0, retryDelay: 50 });
      const retries: { attempt: number; status: unknown }[] = [];
      reddit.on('retry', (e) => retries.push({ attempt: e.attempt, status: (e.error as { status?: number }).status }));
      const me = (await reddit('/api/v1/me').get()) as { name: string };
      return { name: me.name, retries };
    }, { url: emu.url, app: emu.apps.script });
    expect(out.name).toBe('demo_user');
    expect(out.retries).toEqual([{ attempt: 1, status: 503 }, { attempt: 2, status: 503 }]);
    expect(logged('/api/v1/me').map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('paces by the rate-limit headers, read cross-origin, without a 429', async () => {
    const page = await open();
    emu.setRateLimit({ budget: 4, window: 2 });
    emu.clearLog();
    try {
      const out = await page.evaluate(async ({ url, app }) => {
        const { Snoopath } = window as unknown as PageWindow;
        const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'script', ...app }, apiServerUri: url, authServerUri: url, throttle: 0 });
        const events: { used: number; remaining: number; reset: number }[] = [];
        let reached = 0;
        reddit.on('rate_limit', (s) => events.push({ used: s.used, remaining: s.remaining, reset: s.reset }));
        reddit.on('rate_limit_reached', () => void reached++);
        await reddit.auth();
        await Promise.all(Array.from({ length: 7 }, () => reddit('/api/v1/me').get()));
        return { events, reached };
      }, { url: emu.url, app: emu.apps.script });
      expect(out.events.length).toBeGreaterThanOrEqual(7);
      for (const e of out.events) {
        expect([e.used, e.remaining, e.reset].every(Number.isFinite)).toBe(true);
        expect(e.remaining).toBeLessThanOrEqual(4);
      }
      // Spent budgets are announced (whether the pacer ever lets it reach 0 depends on the clock).
      expect(out.reached > 0).toBe(out.events.some((e) => e.remaining === 0));
      expect(emu.requests.filter((r) => r.status === 429)).toEqual([]);
      expect(logged('/api/v1/me').every((r) => r.status === 200)).toBe(true);
    } finally {
      emu.setRateLimit(ROOMY);
    }
  });

  it('cookie mode: logged in through the platform page, a write carries X-Modhash', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${emu.url}/login?user=demo_user&dest=${encodeURIComponent(`${site.url}/pages/esm.html`)}`);
    await open('esm.html', page);
    emu.clearLog();
    const out = await page.evaluate(async ({ url }) => {
      const { Snoopath } = window as unknown as PageWindow;
      const reddit = new Snoopath({ userAgent: 'x', useBrowserCookies: true, apiServerUri: url, throttle: 0 });
      const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'snoopath', limit: 3 });
      const id = (hot.children[0] as Thing).data.name as `t3_${string}`;
      await reddit('/api/vote').post({ id, dir: 1 });
      return { id };
    }, { url: emu.url });
    expect(out.id).toMatch(/^t3_/);
    const [me] = logged('/api/me.json');
    const [vote] = logged('/api/vote');
    expect(me).toMatchObject({ user: 'demo_user', status: 200 });
    expect(vote).toMatchObject({ user: 'demo_user', status: 200 });
    expect(vote?.headers['x-modhash']).toMatch(/\w+/);
    expect(vote?.headers.authorization).toBeUndefined();
  });

  it('the IIFE bundle defines the global Snoopath', async () => {
    const page = await open('iife.html');
    const out = await page.evaluate(async ({ url, app }) => {
      const { Snoopath } = window as unknown as PageWindow & { Snoopath: typeof Lib.Snoopath & typeof Lib };
      let configError = '';
      try {
        new Snoopath({} as never);
      } catch (e) {
        configError = e instanceof Snoopath.ConfigError ? e.name : `not a ConfigError: ${String(e)}`;
      }
      const reddit = new Snoopath({ userAgent: 'x', oauth: { type: 'script', ...app }, apiServerUri: url, authServerUri: url, throttle: 0 });
      const me = (await reddit('/api/v1/me').get()) as { name: string };
      return { type: typeof Snoopath, version: Snoopath.version, same: Snoopath.Snoopath === Snoopath, instance: reddit instanceof Snoopath, configError, name: me.name };
    }, { url: emu.url, app: emu.apps.script });
    expect(out).toEqual({ type: 'function', version: '3.0.0', same: true, instance: true, configError: 'ConfigError', name: 'demo_user' });
  });
});
