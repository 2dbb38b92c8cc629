// Where does a client spend its time? `node bench/profile.mjs [client] [sequential|concurrent|listing]`
// runs the client (default snoopath, sequential) against an http emulator in another process under
// the inspector's CPU profiler (node:inspector, the measured part only), and prints the functions
// with the most inclusive CPU time in snoopath's build, ky and the platform's fetch (undici), then
// the self time by kind of work. Compare with
// `node bench/profile.mjs fetch`. `listing` walks pages shaped as the platform's (its full field
// set, gzip, rate-limit headers: bench/lib/platform-server.mjs); `node bench/profile.mjs --listing`
// profiles fetch, undici.request and snoopath walking them and writes the per-page table of
// docs/performance.md ("Listing walk: where a page's time goes").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMap } from 'node:module';
import { spawn } from './lib/ipc.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));

/** Profiles `client` doing `task` (n calls); resolves to {summary, busyMs, top: [{ms, share, fn}]}. */
export async function profileClient(client = 'snoopath', task = 'sequential', limit = 30, n = 3000, walks = 10) {
  const dir = mkdtempSync(join(tmpdir(), 'snoopath-profile-'));
  const emulator = await spawn(join(BENCH, 'emulator-server.mjs'));
  try {
  if (client === 'snoocore' || client === 'snoowrap') throw new Error('profile.mjs runs on the http emulator: fetch or snoopath');
  const server = task === 'listing'
    ? { ...(await emulator.call('startPlatform', { options: { subreddits: { bench: 10_000 } } })), apps: { script: { key: 'k', secret: 's', username: 'u', password: 'p' } } }
    : await emulator.call('start', { name: 'http', options: { rateLimit: false, subreddits: { bench: 10_000 } } });
  const ctx = { url: server.url, creds: server.apps.script, userAgent: 'node:snoopath-profile:1.0.0 (by /u/demo_user)' };
  // The profiler runs (node:inspector, in the child) over the measured part only, after the warm-up.
  const out = join(dir, 'measured.cpuprofile');
  const code = `
    const { Session } = await import('node:inspector/promises');
    const client = await import(${JSON.stringify(join(BENCH, `clients/${client}.mjs`))});
    const inst = await client.create(${JSON.stringify(ctx)}, { pacing: 'off' });
    await inst.auth();
    const n = ${n};
    const run = {
      sequential: async (k) => { for (let i = 0; i < k; i++) await inst.getMe(); },
      concurrent: async (k) => { let next = 0; await Promise.all(Array.from({ length: 32 }, async () => { while (next < k) { next++; await inst.getMe(); } })); },
      listing: async () => { for (let i = 0; i < ${walks}; i++) await inst.walk('bench'); },
    }[${JSON.stringify(task)}];
    await run(300);
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const t0 = performance.now(), c0 = process.cpuUsage();
    await run(n);
    const c = process.cpuUsage(c0);
    const { profile } = await session.post('Profiler.stop');
    (await import('node:fs')).writeFileSync(${JSON.stringify(out)}, JSON.stringify(profile));
    console.log(${JSON.stringify(`${client} ${task}`)} + ': ' + (performance.now() - t0).toFixed(0) + ' ms wall, ' + ((c.user + c.system) / 1000).toFixed(0) + ' ms CPU');
  `;
  const summary = execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }).trim();
  const profile = JSON.parse(readFileSync(out, 'utf8'));
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
  // Self time by kind of work (the frame where the time was spent, attributed by what called it).
  const kinds = new Map();
  const ownSelf = new Map();
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const kind = kindOf(id, byId, parent);
    kinds.set(kind, (kinds.get(kind) ?? 0) + dt);
    if (kind.startsWith('snoopath')) {
      const frame = byId.get(id);
      const key = /\/dist\//.test(frame.callFrame.url) ? name(frame) : `${frame.callFrame.functionName || '(anonymous)'} (called by the build)`;
      ownSelf.set(key, (ownSelf.get(key) ?? 0) + dt);
    }
  });
  const own = [...ownSelf].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([fn, t]) => ({ fn, ms: t / 1000 }));
  return { summary, busyMs: busy / 1000, top, own, kinds: Object.fromEntries([...kinds].map(([k, v]) => [k, v / 1000])) };
  } finally {
    await emulator.call('close').catch(() => {});
    if (process.env.PROFILE_KEEP) console.error(`profile kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** What a sample was doing, by its own frame and its callers: the rows of the per-page table. */
function kindOf(id, byId, parent) {
  const chain = [];
  for (let at = id; at !== undefined; at = parent.get(at)) chain.push(byId.get(at).callFrame);
  const self = chain[0];
  if (self.functionName === '(idle)') return 'idle (waiting for the server)';
  if (self.functionName === '(garbage collector)') return 'garbage collection';
  const any = (re) => chain.some((f) => re.test(`${f.functionName} ${f.url}`));
  // V8 inlines JSON.parse into its caller: snoopath's readBody, undici's consumeEnd.
  if (/^(parse|parseJSONFromBytes|readBody|consumeEnd)$/.test(self.functionName) || (self.functionName === 'json' && !self.url)) return 'JSON.parse';
  if (/writeLatin1String|writeUtf8String|writev?$/.test(self.functionName) && any(/stream_base_commons|net:/)) return 'socket writes (the request; the kernel\'s loopback work)';
  if (/utf8Slice|^decode$|utf8DecodeBytes/.test(self.functionName) || /internal\/encoding/.test(self.url)) return 'UTF-8 decoding';
  if (any(/zlib|Gunzip|Inflate|processChunkSync|processCallback/)) return 'gunzip';
  if (/\/dist\//.test(self.url) || /\/dist\/chunks\//.test(self.url)) return 'snoopath and ky (the build)';
  if (/node_modules\/undici|deps\/undici/.test(self.url) || /wasm/.test(self.url) || any(/undici/)) return 'HTTP client (undici, or fetch\'s undici)';
  if (any(/\/dist\//)) return 'snoopath and ky (the build)';
  if (self.functionName === '(program)') return 'V8 (program)';
  return 'Node internals (streams, sockets, timers, promises)';
}

/** The per-page table: profiles of fetch, undici.request and snoopath walking the platform's pages. */
export async function listingProfile({ walks = 10 } = {}) {
  const out = {};
  for (const client of ['fetch', 'undici', 'snoopath']) out[client] = await profileClient(client, 'listing', 0, 0, walks);
  const pages = walks * 100;
  const kinds = [...new Set(Object.values(out).flatMap((p) => Object.keys(p.kinds)))].filter((k) => !k.startsWith('idle')).sort((a, b) => (out.snoopath.kinds[b] ?? 0) - (out.snoopath.kinds[a] ?? 0));
  const us = (v) => `${Math.round(((v ?? 0) * 1000) / pages)} µs`;
  const rows = kinds.map((k) => [k, us(out.fetch.kinds[k]), us(out.undici.kinds[k]), us(out.snoopath.kinds[k])]);
  const busy = (p) => Object.entries(p.kinds).filter(([k]) => !k.startsWith('idle')).reduce((a, [, v]) => a + v, 0);
  rows.push(['**CPU a page, in all**', ...['fetch', 'undici', 'snoopath'].map((c) => `**${us(busy(out[c]))}**`)]);
  const own = out.snoopath.own.map((e) => `\`${e.fn}\` ${us(e.ms)}`).join(', ');
  const cpu = busy(out.snoopath) / busy(out.fetch) - 1;
  const versus = `${Math.abs(cpu * 100).toFixed(0)} % ${cpu >= 0 ? 'more' : 'less'} than fetch's in this run`;
  return { pages, rows, own, versus, summaries: Object.fromEntries(Object.entries(out).map(([k, p]) => [k, p.summary])) };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--listing')) {
  const { markdownTable } = await import('./lib/format.mjs');
  const { writeSection } = await import('./lib/sections.mjs');
  const { pages, rows, own, versus, summaries } = await listingProfile();
  const table = markdownTable(['Self CPU time a page', 'fetch + res.json()', 'undici.request + JSON.parse', 'snoopath (for await)'], rows);
  console.log(table);
  writeSection(join(dirname(BENCH), 'docs/performance.md'), 'listing-profile', 'bench/profile.mjs', `## Listing walk: where a page's time goes

\`node bench/profile.mjs --listing\` (node:inspector's CPU profiler, ${process.version}): each client walks the platform stand-in's 10,000 posts
(100 pages of its full field set, gzip) ${pages / 100} times after a warm-up, in a process of its own; every sample's self time is
put under the kind of work it was (the function it was in, and what called it), over ${pages} pages. ${Object.values(summaries).join('; ')}.

${table}

Parsing, inflating and decoding a page are the same work whoever does it. What snoopath adds is one
request's work in ky and the transport, not work per item: its own frames, a page, were ${own}.
The items of a page cost their loop one await each (lib/listing/items.ts; an async generator's
\`yield*\` took about 30 µs a page more). snoopath's HTTP client work (undici's \`request\` over its own
pools, a light response over the text already read) is less than fetch's: its CPU a page was ${versus},
and its walks take less time (the section on every Node version has the ratios).
`);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { summary, busyMs, top } = await profileClient(process.argv[2], process.argv[3]);
  console.log(summary);
  console.log(`busy (sampled, not idle/GC): ${busyMs.toFixed(0)} ms; inclusive time, top entries:`);
  for (const e of top) console.log(`${e.ms.toFixed(0).padStart(7)} ms ${(100 * e.share).toFixed(1).padStart(5)} %  ${e.fn}`);
}
