/**
 * "Runs everywhere it claims": the same end-to-end checks (scenario.mjs) under Deno and Bun (the
 * Node build, imported as `snoopath`) and workerd (the browser build, as a Cloudflare Worker),
 * against emulators running here in Node. Needs `npm run build` first (npm test does it).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator, type LoggedRequest } from '../../lib/emulator/index.js';
import { runChecks, runtimeVersion, type Outcome, type RuntimeName } from './runtimes.js';
import { HANG_PATH, MEDIA, PACED, SCENARIOS, STREAM } from './scenario.mjs';

/** Whether the runtime has a global WebSocket, so that submitMedia waits for the result by default (docs/runtimes.md). */
const WEBSOCKET: Record<RuntimeName, boolean> = { deno: true, bun: true, workerd: true };

/** API requests per emulator window (windows start at floor(at / window) * window). */
function perWindow(requests: LoggedRequest[], windowMs: number): number[] {
  const counts = new Map<number, number>();
  for (const r of requests) counts.set(Math.floor(r.at / windowMs), (counts.get(Math.floor(r.at / windowMs)) ?? 0) + 1);
  return [...counts.values()];
}

/**
 * The test's control server, for the stream check: `POST /items` with an `emu.addItems()` spec as
 * JSON adds the items (as other users would) and answers their fullnames, oldest first.
 */
async function controlServer(emu: Emulator): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      try {
        if (req.method !== 'POST' || req.url !== '/items') throw new Error(`no route ${req.method} ${req.url}`);
        const names = emu.addItems(JSON.parse(body));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(names));
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

for (const name of ['deno', 'bun', 'workerd'] as const satisfies RuntimeName[]) {
  const version = runtimeVersion(name);
  (version ? describe : describe.skip)(`${name} (${version ?? 'not installed'})`, () => {
    let emu: Emulator;
    let paced: Emulator;
    let control: Server | undefined;
    let outcome: Outcome;
    const userAgent = `${name}:snoopath-runtime-test:1.0.0 (by /u/demo_user)`;

    beforeAll(async () => {
      for (const built of ['dist/index.js', 'dist/browser/index.js']) {
        if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` before the runtime tests (npm test does).`);
      }
      [emu, paced] = await Promise.all([
        startEmulator({ rateLimit: false }),
        startEmulator({ rateLimit: { budget: PACED.budget, window: PACED.window } }),
      ]);
      emu.fault({ path: HANG_PATH, hang: true });
      const controlled = await controlServer(emu);
      control = controlled.server;
      outcome = await runChecks(name, { url: emu.url, pacedUrl: paced.url, controlUrl: controlled.url, app: emu.apps.script, userAgent });
    }, 120_000);

    afterAll(async () => {
      control?.closeAllConnections();
      await Promise.all([emu?.close(), paced?.close(), new Promise((resolve) => (control ? control.close(resolve) : resolve(undefined)))]);
    });

    it.each(SCENARIOS)('%s', (scenario) => {
      const result = outcome.results[scenario];
      if (!result?.ok) console.error(`${name}: ${scenario} failed\n${outcome.log}`);
      expect(result).toEqual({ ok: true, detail: expect.anything() });
    });

    it('sends its User-Agent on every request, token requests included', () => {
      const sent = [...emu.requests, ...paced.requests];
      expect(sent.filter((r) => r.path === '/api/v1/access_token').length).toBeGreaterThan(0);
      expect(sent.filter((r) => r.headers['user-agent'] !== userAgent).map((r) => `${r.path}: ${r.headers['user-agent']}`)).toEqual([]);
    });

    it('paces by the rate-limit headers: no 429, never over budget in a window', () => {
      const api = paced.requests.filter((r) => r.path === '/r/aww/new');
      expect(api).toHaveLength(PACED.calls);
      expect(api.filter((r) => r.status !== 200)).toEqual([]);
      const counts = perWindow(api, PACED.window * 1000);
      expect(Math.max(...counts)).toBeLessThanOrEqual(PACED.budget);
      expect(counts.length).toBeGreaterThanOrEqual(Math.ceil(PACED.calls / PACED.budget));
    });

    it('the aborted call was sent, then abandoned (the emulator never answered it)', () => {
      expect(emu.requests.filter((r) => r.path === HANG_PATH).map((r) => r.status)).toEqual([0]);
    });

    it('the stream polled its listing only, every poll answered a listing', () => {
      const polls = emu.requests.filter((r) => r.path.startsWith(`/r/${STREAM.subreddit}/comments`));
      expect(polls.length).toBeGreaterThan(4);
      // A poll in flight when the second stream was aborted is logged unanswered (0).
      expect(polls.filter((r) => r.status !== 200 && r.status !== 0)).toEqual([]);
      expect(polls.every((r) => r.query.limit === String(STREAM.limit))).toBe(true);
    });

    it(`uploads without credentials to the storage host; ${WEBSOCKET[name] ? 'waits for the result on the websocket' : 'no global WebSocket: waitForResult: false'}`, () => {
      const posts = emu.storage.uploads.filter((u) => u.method === 'POST');
      expect(posts.map((u) => u.status)).toEqual(WEBSOCKET[name] ? [201, 201] : [201]);
      expect(posts[0]?.file).toMatchObject({ name: MEDIA.name, type: MEDIA.type, size: MEDIA.size });
      expect(posts[0]?.fields.at(-1)).toBe('file');
      expect(emu.storage.uploads.filter((u) => u.headers.authorization !== undefined || u.headers.cookie !== undefined)).toEqual([]);
      const sockets = emu.storage.uploads.filter((u) => u.path.startsWith('/ws/'));
      expect(sockets.map((u) => u.status)).toEqual(WEBSOCKET[name] ? [101, 101] : []);
      expect(emu.mediaPosts.map(({ kind, sr, author, failed }) => ({ kind, sr, author, failed }))).toEqual([
        { kind: 'image', sr: MEDIA.subreddit, author: 'demo_user', failed: false },
        ...(WEBSOCKET[name] ? [{ kind: 'image', sr: MEDIA.subreddit, author: 'demo_user', failed: true }] : []),
      ]);
      expect(outcome.results['a media upload and an image post']).toMatchObject({ detail: { websocket: WEBSOCKET[name] } });
    });
  });
}
