// Serves the browser example next to a platform emulator: no network, no credentials.
//   npm run build && node examples/browser/serve.mjs [--port 8000]
// The page and the emulator are two origins (two ports), as a real site and the platform are.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { startEmulator } from 'snoopath/emulator';

const flag = process.argv.indexOf('--port');
const port = flag > 0 ? Number(process.argv[flag + 1]) : 8000;

// A roomy budget so that pacing stays out of the way of clicks (the platform's own is smaller).
const emulator = await startEmulator({ rateLimit: { budget: 1000, window: 60 } });
const config = { emulator: emulator.url, clientId: emulator.apps.installed.key };

const here = new URL('./', import.meta.url);
const files = {
  '/': new URL('index.html', here),
  '/app.js': new URL('app.js', here),
};
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };

const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  try {
    if (path === '/config.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return res.end(`export default ${JSON.stringify(config)};\n`);
    }
    // The ES module build; a page elsewhere would load it from a CDN (see docs/browser.md).
    const file = files[path] ?? (/^\/snoopath\/[\w.-]+$/.test(path) ? new URL(`../../dist/browser/${path.slice(10)}`, here) : undefined);
    if (!file) throw new Error('not found');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': `${TYPES[extname(file.pathname)] ?? 'text/plain'}; charset=utf-8`, 'cache-control': 'no-store' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }
});

server.listen(port, '127.0.0.1', () => {
  const url = `http://127.0.0.1:${server.address().port}/`;
  console.log(`Browser example: ${url}`);
  console.log(`Platform emulator: ${emulator.url}`);
});

const stop = async () => {
  server.closeAllConnections();
  server.close();
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
