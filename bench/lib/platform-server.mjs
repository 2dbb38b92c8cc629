// A stand-in for the platform's listing pages, for the listing walk: pages of 100 posts with the
// platform's full field set (bench/lib/platform-listing.mjs), served as the platform serves them:
// gzip when the client asks for it, and the rate-limit headers on every answer (a budget so large
// that no client's pacing waits, so the walk measures the clients, not the budget). Made once,
// answered from memory, so the server's own work per page is a lookup and a write.
// It also answers the token request (any credentials) and GET /api/v1/me.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttp } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { platformPages } from './platform-listing.mjs';

const JSON_TYPE = 'application/json; charset=UTF-8';

/** A self-signed certificate for 127.0.0.1 from the openssl command, or undefined without one. */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'snoopath-bench-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=snoopath bench platform', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the stand-in on a free loopback port. `subreddits`: name -> items. Resolves to
 * {url, ca, close, pageBytes} (`ca` only over https; https needs the openssl command, and
 * rejects without it).
 */
export async function startPlatform({ https = false, subreddits = { bench: 10_000 } } = {}) {
  const pages = new Map();
  let bytes = 0;
  let count = 0;
  for (const [name, items] of Object.entries(subreddits)) {
    for (const [after, text] of platformPages(name, items)) {
      const identity = Buffer.from(text);
      pages.set(`${name}|${after}`, { identity, gzip: gzipSync(identity) });
      bytes += identity.length;
      count++;
    }
  }
  const tls = https ? certificate() : undefined;
  if (https && !tls) throw new Error('the platform stand-in over https needs the openssl command (for a self-signed certificate)');
  let used = 0;
  const handler = (req, res) => {
    const url = new URL(req.url, 'http://x');
    const headers = { 'content-type': JSON_TYPE, 'x-ratelimit-used': String(++used % 1_000_000), 'x-ratelimit-remaining': '1000000000', 'x-ratelimit-reset': '600' };
    const send = (status, body) => {
      res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (req.method === 'POST' && url.pathname === '/api/v1/access_token') {
      req.resume();
      return req.on('end', () => send(200, JSON.stringify({ access_token: `bench-token-${used}`, token_type: 'bearer', expires_in: 86400, scope: '*' })));
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/me') return send(200, JSON.stringify({ name: 'demo_user', id: 'abc123', link_karma: 1, comment_karma: 1 }));
    const listing = /^\/r\/([\w]+)(?:\/hot)?(?:\.json)?\/?$/.exec(url.pathname);
    const page = listing && req.method === 'GET' ? pages.get(`${listing[1]}|${url.searchParams.get('after')}`) : undefined;
    if (!page) return send(404, JSON.stringify({ message: 'Not Found', error: 404 }));
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gzip ? page.gzip : page.identity;
    res.writeHead(200, { ...headers, ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}), 'content-length': body.length });
    res.end(body);
  };
  const server = tls ? createHttps(tls, handler) : createHttp(handler);
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    ca: tls?.cert,
    pageBytes: Math.round(bytes / count),
    gzipBytes: Math.round([...pages.values()].reduce((sum, p) => sum + p.gzip.length, 0) / count),
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
