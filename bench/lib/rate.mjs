// Rate-limit use: every client and setting has its own app (the budget is per client id), so the
// runs share one stretch of time; they start together on a window boundary and last a whole number
// of windows. The emulator counts what it accepted and refused per app.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from './ipc.mjs';

export const RATE_CLIENTS = ['snoopath', 'snoocore', 'snoowrap'];
export const RATE_SETTINGS = ['default', 'off'];

/** The apps the rate-limited emulator must know: one per client and setting. */
export const rateApps = () => RATE_CLIENTS.flatMap((c) => RATE_SETTINGS.map((s) => ({ type: 'script', id: `rl-${c}-${s}`, secret: 'rl-secret' })));

export async function rateUse({ bench, P, emulator, servers, ctxOf, envFor, children, log }) {
  const windowMs = P.window * 1000;
  const runs = [];
  for (const client of RATE_CLIENTS) {
    for (const setting of RATE_SETTINGS) {
      const w = await spawn(join(bench, 'ratelimit.mjs'), { args: [client], env: envFor('limited') });
      children.push(w);
      runs.push({ client, setting, w, id: `rl-${client}-${setting}` });
    }
  }
  const start = Math.ceil((Date.now() + 3000) / windowMs) * windowMs;
  const end = start + P.rateSeconds * 1000;
  log(`rate-limit use: ${runs.length} runs of ${P.rateSeconds} s, budget ${P.budget} per ${P.window} s, starting in ${((start - Date.now()) / 1000).toFixed(1)} s`);
  const seen = await Promise.all(runs.map((r) => {
    const creds = { ...servers.limited.apps.script, key: r.id, secret: 'rl-secret' };
    return r.w.call('run', { ctx: ctxOf('limited', creds), opts: { pacing: r.setting }, start, end, lanes: P.rateLanes });
  }));
  for (const r of runs) r.w.kill();
  await sleep(500);
  const { counts: byClient, refusedAt } = await emulator.call('counts', { name: 'limited', from: start, to: end });
  const windows = P.rateSeconds / P.window;
  return runs.map((r, i) => {
    const statuses = byClient[r.id] ?? {};
    const accepted = Object.entries(statuses).filter(([s]) => s !== '429').reduce((n, [, c]) => n + c, 0);
    return {
      client: r.client, setting: r.setting, accepted, refused: statuses['429'] ?? 0,
      share: accepted / (P.budget * windows), seen: seen[i].seen,
      refusedAt: (refusedAt[r.id] ?? []).sort((a, b) => a - b),
    };
  });
}
