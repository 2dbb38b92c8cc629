/**
 * "Runs everywhere it claims": the same end-to-end checks (scenario.mjs) under Deno and Bun (the
 * Node build, imported as `snoopath`) and workerd (the browser build, as a Cloudflare Worker),
 * against emulators running here in Node. Needs `npm run build` first (npm test does it).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { startEmulator, type Emulator, type LoggedRequest } from '../../lib/emulator/index.js';
import { runChecks, runtimeVersion, type Outcome, type RuntimeName } from './runtimes.js';
import { HANG_PATH, PACED, PENDING, SCENARIOS } from './scenario.mjs';

/** API requests per emulator window (windows start at floor(at / window) * window). */
function perWindow(requests: LoggedRequest[], windowMs: number): number[] {
  const counts = new Map<number, number>();
  for (const r of requests) counts.set(Math.floor(r.at / windowMs), (counts.get(Math.floor(r.at / windowMs)) ?? 0) + 1);
  return [...counts.values()];
}

for (const name of ['deno', 'bun', 'workerd'] as const satisfies RuntimeName[]) {
  const version = runtimeVersion(name);
  (version ? describe : describe.skip)(`${name} (${version ?? 'not installed'})`, () => {
    let emu: Emulator;
    let paced: Emulator;
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
      outcome = await runChecks(name, { url: emu.url, pacedUrl: paced.url, app: emu.apps.script, userAgent });
    }, 120_000);

    afterAll(async () => {
      await Promise.all([emu?.close(), paced?.close()]);
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

    for (const todo of PENDING) it.todo(todo);
  });
}
