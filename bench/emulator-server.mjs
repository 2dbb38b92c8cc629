// Runs emulators in their own process, so the clients under test never share an event loop with
// the server. Driven over IPC by bench/run.mjs:
//   {id, cmd: 'start', name, options}  -> {id, url, ca?, apps, posts}
//   {id, cmd: 'setRateLimit', name, rateLimit}
//   {id, cmd: 'counts', name, from, to} -> {id, counts: {clientId: {status: n}}, refusedAt: {clientId: [s]}}
//                                          for requests that arrived in [from, to) (epoch ms); refusedAt
//                                          lists the second (from `from`) of each 429
//   {id, cmd: 'startPlatform', name, options} -> {id, url, ca?, pageBytes, gzipBytes}: the stand-in for
//                                          the platform's listing pages (bench/lib/platform-server.mjs)
//   {id, cmd: 'startHosts', name, delay, options} -> {id, authUrl, apiUrl, ca, apps}: an https emulator
//                                          behind two relays holding each chunk `delay` ms each way, the
//                                          token host and the API host apart as the platform's
//   {id, cmd: 'close'}                  -> closes every emulator and exits
// The request log is drained into per-second counters every 250 ms, so a client that hammers the
// server for a minute does not grow it without bound.
import { startEmulator } from '../dist/emulator.js';
import { serve } from './lib/ipc.mjs';
import { startPlatform } from './lib/platform-server.mjs';
import { delayProxy } from './lib/delay-proxy.mjs';

const emulators = new Map();
const platforms = [];
const relays = [];
/** name -> Map(`${second}|${clientId}|${status}` -> count) */
const counters = new Map();

function drain(name) {
  const emu = emulators.get(name);
  if (!emu) return;
  const log = emu.requests;
  const pending = [];
  let table = counters.get(name);
  if (!table) counters.set(name, (table = new Map()));
  for (const entry of log) {
    if (entry.status === 0) {
      pending.push(entry);
      continue;
    }
    if (!entry.clientId) continue;
    const key = `${Math.floor(entry.at / 1000)}|${entry.clientId}|${entry.status}`;
    table.set(key, (table.get(key) ?? 0) + 1);
  }
  log.length = 0;
  // A request still in progress stays in the log; its status is written to the same object later.
  // Pending ones older than a minute (a hang or a reset) are dropped.
  const now = Date.now();
  for (const entry of pending) if (now - entry.at < 60_000) log.push(entry);
}

const drainer = setInterval(() => {
  for (const name of emulators.keys()) drain(name);
}, 250);

const handlers = {
  async start({ name, options }) {
    const emu = await startEmulator({ logLimit: 1_000_000, ...options });
    emulators.set(name, emu);
    return { url: emu.url, ca: emu.ca, apps: emu.apps, posts: emu.posts };
  },
  async startHosts({ name, delay, options }) {
    const emu = await startEmulator({ logLimit: 1_000_000, https: true, ...options });
    emulators.set(name, emu);
    const [auth, api] = [await delayProxy(emu.url, delay), await delayProxy(emu.url, delay)];
    relays.push(auth, api);
    return { authUrl: auth.url, apiUrl: api.url, ca: emu.ca, apps: emu.apps };
  },
  async startPlatform({ options }) {
    const platform = await startPlatform(options);
    platforms.push(platform);
    return { url: platform.url, ca: platform.ca, pageBytes: platform.pageBytes, gzipBytes: platform.gzipBytes };
  },
  async setRateLimit({ name, rateLimit }) {
    emulators.get(name).setRateLimit(rateLimit);
    return {};
  },
  async counts({ name, from, to }) {
    drain(name);
    const out = {};
    const refusedAt = {};
    const fromSec = Math.floor(from / 1000);
    const toSec = Math.floor(to / 1000);
    for (const [key, n] of counters.get(name) ?? []) {
      const [sec, clientId, status] = key.split('|');
      if (+sec < fromSec || +sec >= toSec) continue;
      out[clientId] ??= {};
      out[clientId][status] = (out[clientId][status] ?? 0) + n;
      if (status === '429') (refusedAt[clientId] ??= []).push(...Array(n).fill(+sec - fromSec));
    }
    return { counts: out, refusedAt };
  },
  async close() {
    clearInterval(drainer);
    await Promise.all([...relays, ...emulators.values(), ...platforms].map((e) => e.close()));
    setImmediate(() => process.exit(0));
    return {};
  },
};

serve(handlers);
