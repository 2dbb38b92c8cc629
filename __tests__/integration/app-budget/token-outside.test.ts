/**
 * Token requests are outside the API budget (the platform counts API requests per client id; the
 * token endpoint is another host): a login's code exchange, a renewal and a revoke do not wait
 * behind an API budget that is spent, nor spend it.
 */
import { describe, expect, it } from '@jest/globals';
import { authorizeRedirect, client, start, toNextWindow, type LooseClient } from '../setup.js';
import type { Emulator } from '../setup.js';

const WINDOW_MS = 30_000;

/** An app whose API budget (3 a window) is spent at the start of a window: the bot's own answer says so. */
async function spentApp(): Promise<{ emu: Emulator; bot: LooseClient; from: number }> {
  const emu = await start({ rateLimit: { budget: 3, window: WINDOW_MS / 1000 } });
  const bot = client(emu, 'explicit');
  await bot.auth(await authorizeRedirect(bot.getAuthUrl()));
  const from = toNextWindow(WINDOW_MS);
  // Another program of the same app spends two of the three...
  const token = bot.getAccessToken();
  for (let i = 0; i < 2; i++) await fetch(`${emu.url}/api/v1/me`, { headers: { authorization: `bearer ${token}` } }).then((r) => r.text());
  // ...and the bot's call takes the last: its answer tells the bot that the window is spent.
  await bot('/api/v1/me').get();
  return { emu, bot, from };
}

describe('token requests and a spent API budget', () => {
  it('a user logs in while the app has spent its window: the code exchange goes at once', async () => {
    const { emu, from } = await spentApp();
    const login = client(emu, 'explicit');
    const code = await authorizeRedirect(login.getAuthUrl());
    const started = Date.now();
    await login.auth(code);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(Date.now() - from).toBeLessThan(WINDOW_MS / 2);
  }, 60_000);

  it('a logout while the window is spent: the revoke goes at once', async () => {
    const { emu, bot, from } = await spentApp();
    const started = Date.now();
    await bot.deauth();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(Date.now() - from).toBeLessThan(WINDOW_MS / 2);
    const revokes = emu.requests.filter((r) => r.path === '/api/v1/revoke_token');
    expect(revokes.length).toBeGreaterThan(0);
    expect(revokes.every((r) => r.status >= 200 && r.status < 300)).toBe(true);
  }, 60_000);
});
