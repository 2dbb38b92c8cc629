/**
 * Shared pieces of the real-browser tests: where Chromium is, whether the tests may skip, a static
 * file server for the bundles and pages, and a fresh headless Chromium profile.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const CHROMIUM = process.env.SNOOPATH_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Chromium missing: skip locally (with a message), fail in CI, where `.ci/run` installs it.
 * Returns true when the tests should run.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}: CI must install it (apt-get install -y chromium).`);
  console.warn(`Skipping the browser tests: Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set SNOOPATH_CHROMIUM).`);
  return false;
}

/** The bundles are built by `npm run build`, which `npm test` runs before jest. */
export function assertBuilt(): void {
  for (const f of ['dist/browser/index.js', 'dist/snoopath.iife.js']) {
    if (!existsSync(join(ROOT, f))) throw new Error(`${f} is missing: run \`npm run build\` before the browser tests (npm test does).`);
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Serves files under `mounts` (URL prefix -> directory); nothing else. */
export async function serveStatic(mounts: Record<string, string>): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(dir, path.slice(prefix.length)));
      if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) break;
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(readFileSync(file));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with a throwaway profile (removed on close). */
export async function launch(): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'snoopath-chromium-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
