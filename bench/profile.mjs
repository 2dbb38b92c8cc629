// Where does a client spend its time? `node bench/profile.mjs [client] [sequential|concurrent|listing]`
// runs the client (default snoopath, sequential) against an http emulator in another process under
// `node --cpu-prof`, and prints the functions with the most inclusive CPU time in snoopath's build,
// ky and the platform's fetch (undici). Compare with `node bench/profile.mjs fetch`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMap } from 'node:module';
import { spawn } from './lib/ipc.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));

/** Profiles `client` doing `task` (n calls); resolves to {summary, busyMs, top: [{ms, share, fn}]}. */
export async function profileClient(client = 'snoopath', task = 'sequential', limit = 30, n = 3000) {
  const dir = mkdtempSync(join(tmpdir(), 'snoopath-profile-'));
  const emulator = await spawn(join(BENCH, 'emulator-server.mjs'));
  try {
  if (client === 'snoocore' || client === 'snoowrap') throw new Error('profile.mjs runs on the http emulator: fetch or snoopath');
  const server = await emulator.call('start', { name: 'http', options: { rateLimit: false, subreddits: { bench: 10_000 } } });
  const ctx = { url: server.url, creds: server.apps.script, userAgent: 'node:snoopath-profile:1.0.0 (by /u/demo_user)' };
  const code = `
    const client = await import(${JSON.stringify(join(BENCH, `clients/${client}.mjs`))});
    const inst = await client.create(${JSON.stringify(ctx)}, { pacing: 'off' });
    await inst.auth();
    const n = ${n};
    const run = {
      sequential: async (k) => { for (let i = 0; i < k; i++) await inst.getMe(); },
      concurrent: async (k) => { let next = 0; await Promise.all(Array.from({ length: 32 }, async () => { while (next < k) { next++; await inst.getMe(); } })); },
      listing: async () => { await inst.walk('bench'); },
    }[${JSON.stringify(task)}];
    await run(300);
    const t0 = performance.now(), c0 = process.cpuUsage();
    await run(n);
    const c = process.cpuUsage(c0);
    console.log(${JSON.stringify(`${client} ${task}`)} + ': ' + (performance.now() - t0).toFixed(0) + ' ms wall, ' + ((c.user + c.system) / 1000).toFixed(0) + ' ms CPU');
  `;
  const summary = execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--input-type=module', '-e', code], { encoding: 'utf8' }).trim();
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Frames in snoopath's build are named by their place in lib/ (through the build's source map).
  const maps = new Map();
  const original = (f) => {
    const m = /\/dist\/(chunks\/)?[\w.-]+\.js$/.exec(f.url);
    if (!m) return undefined;
    if (!maps.has(f.url)) {
      try {
        maps.set(f.url, new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(f.url)}.map`, 'utf8'))));
      } catch {
        maps.set(f.url, null);
      }
    }
    const entry = maps.get(f.url)?.findEntry(f.lineNumber, f.columnNumber);
    return entry?.originalSource ? `${entry.originalSource.replace(/^.*?\/lib\//, 'lib/')}:${entry.originalLine + 1}` : undefined;
  };
  const name = ({ callFrame: f }) => `${f.functionName || '(anonymous)'} ${original(f) ?? `${f.url.replace(/^.*\/(node_modules\/[^/]+|dist)\//, '$1/')}:${f.lineNumber + 1}`}`;
  const inclusive = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    if (/^\((idle|program|garbage collector)\)$/.test(byId.get(id).callFrame.functionName)) return;
    busy += dt;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at));
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
      seen.add(key);
    }
  });
  const interesting = /lib\/|dist\/|node_modules\/(ky|undici)|_Request|_Response|createAbortSignal|makeTransferable|text |json /;
  const top = [...inclusive].filter(([k]) => interesting.test(k)).sort((a, b) => b[1] - a[1]).slice(0, limit)
    .map(([fn, t]) => ({ ms: t / 1000, share: t / busy, fn }));
  return { summary, busyMs: busy / 1000, top };
  } finally {
    await emulator.call('close').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { summary, busyMs, top } = await profileClient(process.argv[2], process.argv[3]);
  console.log(summary);
  console.log(`busy (sampled, not idle/GC): ${busyMs.toFixed(0)} ms; inclusive time, top entries:`);
  for (const e of top) console.log(`${e.ms.toFixed(0).padStart(7)} ms ${(100 * e.share).toFixed(1).padStart(5)} %  ${e.fn}`);
}
