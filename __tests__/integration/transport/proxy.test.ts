/**
 * The `proxy` option as an application meets it (issue 21, item 1): a Node process of its own that
 * imports only the built package (dist/, which `npm test` builds before jest) calls through a proxy
 * on loopback. In jest, any test file importing `undici` itself loads undici's index, which adds
 * the method a CONNECT tunnel needs to every dispatcher: that hid a transport that failed every
 * request through a proxy ("this[kClient].connect is not a function").
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { grants, requestsTo, start } from '../setup.js';
import { closeAll, startProxy } from '../../support/servers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = join(root, 'dist');
const child = fileURLToPath(new URL('./proxy-child.mjs', import.meta.url));
const PROXY_ENV = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy', 'NODE_EXTRA_CA_CERTS'];

afterEach(() => closeAll());

interface Outcome { ok: boolean; name?: string; message?: string }

/** Run the application (asynchronously: the emulator and the proxy answer from this process). */
function runApp(settings: object, env: Record<string, string> = {}): Promise<Outcome> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !PROXY_ENV.includes(k)));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [child, dist, JSON.stringify(settings)], { cwd: root, env: { ...base, ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`proxy-child.mjs failed: ${error.message}\n${stderr}${stdout}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as Outcome);
    });
  });
}

describe('the proxy option, from an application that imports only snoopath', () => {
  if (!existsSync(join(dist, 'index.js'))) throw new Error('dist/ is missing: npm test builds before jest; run `npm run build` first.');

  it('a proxy URL: the token request and the call both go through it, with the credentials of its URL', async () => {
    const emu = await start();
    const proxy = await startProxy();
    const outcome = await runApp({ origin: emu.url, proxy: proxy.url.replace('//', '//agent:pr0xy-pass@'), oauth: { type: 'script', ...emu.apps.script } });
    expect(outcome).toEqual({ ok: true, name: 'demo_user' });
    expect(grants(emu)).toEqual(['password']);
    // Both requests crossed the proxy (one tunnel may carry both), each tunnel with the proxy's credentials.
    expect(proxy.seen.length).toBeGreaterThanOrEqual(1);
    for (const s of proxy.seen) {
      expect(s.target).toBe(new URL(emu.url).host);
      expect(s.auth).toBe(`Basic ${Buffer.from('agent:pr0xy-pass').toString('base64')}`);
    }
    // The proxy's credentials never reach the platform.
    expect(requestsTo(emu, '/api/v1/me')[0]!.headers['proxy-authorization']).toBeUndefined();
  }, 40_000);

  it("'env' with HTTPS_PROXY and an https server: a CONNECT tunnel, the proxy sees the host and never a request", async () => {
    const emu = await start({ https: true });
    const proxy = await startProxy();
    const dir = mkdtempSync(join(tmpdir(), 'snoopath-proxy-'));
    try {
      const ca = join(dir, 'ca.pem');
      writeFileSync(ca, emu.ca!);
      const outcome = await runApp({ origin: emu.url, proxy: 'env', oauth: { type: 'script', ...emu.apps.script } }, { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: ca });
      expect(outcome).toEqual({ ok: true, name: 'demo_user' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(proxy.seen.length).toBeGreaterThanOrEqual(1);
    expect(proxy.seen.every((s) => s.kind === 'connect' && s.target === new URL(emu.url).host)).toBe(true);
    expect(grants(emu)).toEqual(['password']);
  }, 40_000);
});
