// docs/performance.md, from the results.
import { KB, kb, markdownTable, pct, x } from './format.mjs';
import { IN_FLIGHT } from './rounds.mjs';
import { typesSection } from '../types.mjs';
import { issue26Section } from './issue26-doc.mjs';

// --- the document ----------------------------------------------------------------------------------
/** Why goals were missed, from what this run measured (and profiled, when per-call cost is the cause). */
function misses(r) {
  const out = [];
  const S = 'snoopath/http';
  const seq = r.ratios.sequential[S].fetch.value;
  const conc = r.ratios.inflight32[S].fetch.value;
  if (seq > 1 || conc < 1) {
    out.push(`- **Per-call cost** (sequential ${x(seq)} of fetch's time against a goal of 1.0x; throughput at 32 in flight ${x(conc)} of fetch's against 1.0x).
  With many calls in flight the client's one thread is the bottleneck, so throughput falls with CPU
  time per call. The profile below (\`node bench/profile.mjs snoopath sequential\`, \`node --cpu-prof\`,
  inclusive CPU time of snoopath's build, ky, undici and the platform's fetch; run against fetch alone with
  \`node bench/profile.mjs fetch sequential\`) shows where each call's time goes. Both figures are medians of
  per-round ratios whose range is in the table: a median within a few percent of the goal with a
  range on both sides of it is this machine's noise as much as the client. undici's \`writeBuffer\`
  is the socket write itself (the kernel's loopback work, which fetch pays alike).`);
    if (r.profile) {
      out.push('', `  ${r.profile.snoopath.summary}; ${r.profile.fetch.summary}.`, '');
      out.push(markdownTable(['CPU ms', 'Share of busy time', 'Function (inclusive)'], r.profile.snoopath.top.map((e) => [e.ms.toFixed(0), pct(e.share), `\`${e.fn}\``]))
        .split('\n').map((l) => `  ${l}`).join('\n'));
    }
  }
  const def = r.rate.find((e) => e.client === 'snoopath' && e.setting === 'default');
  if (def.share < 0.97) {
    const perWindow = def.accepted / (r.params.rateSeconds / r.params.window);
    out.push(`- **Rate-limit use at default pacing** (${pct(def.share)}, goal 97 %): ${perWindow.toFixed(1)} requests per ${r.params.window} s
  window, i.e. about ${(perWindow / r.params.window).toFixed(2)} a second. snoopath's default \`throttle\` (1000 ms between starts when this
  was written, as snoocore's) caps any instance at 1 request a second whatever the budget says; this test's budget
  allows ${(r.params.budget / r.params.window).toFixed(0)} a second. (The platform's real budget, 1000 requests per 600 s, allows 1.67 a
  second, of which the 1000 ms throttle uses 60 %.) With \`throttle: 0\` the budget alone paces it.`);
  }
  const off = r.rate.find((e) => e.client === 'snoopath' && e.setting === 'off');
  if (off.share < 0.97 || off.refused > 0 || def.refused > 0) {
    const at = (e) => (e.refusedAt.length ? ` (all in second ${[...new Set(e.refusedAt.map((t) => t % r.params.window))].sort((a, b) => a - b).join(', ')} of a ${r.params.window} s window, counting from 0)` : '');
    out.push(`- **Rate-limit use with throttling off**: ${pct(off.share)} used, ${off.refused} × 429${at(off)}; default pacing: ${def.refused} × 429${at(def)}.
  Every client and setting of the rate-limit test shares one emulator process, busy with the peers' 429 storms,
  so answers can be late and arrive out of order on different connections.`);
  }
  if (r.memory.snoopath / KB > 4.5) {
    out.push(`- **Heap per instance** (${kb(r.memory.snoopath)}, goal 4.5 KB): see \`bench/memory.mjs\`; an idle instance holds its
  options, pacer, gate, event emitter, token manager and grant configuration.`);
  }
  if (r.decode[S].value > 1.3) out.push(`- **decodeHtmlEntities** costs ${x(r.decode[S].value)} of a walk without it (goal 1.3x).`);
  if (r.ratios.listing[S].fetch.value > 1) out.push(`- **Listing walk** at ${x(r.ratios.listing[S].fetch.value)} of a fetch loop (goal 1.0x).`);
  const imp = Object.fromEntries(r.imports.map((i) => [i.name, i.ms]));
  if (imp.snoopath > 50 || imp.snoopath > imp.ky) {
    out.push(`- **Cold import** ${imp.snoopath.toFixed(1)} ms (${x(imp.snoopath / imp.ky)} ky alone; goal 50 ms and 1.0x): wall times of fresh processes
  on a shared machine; see the first-call table for what a short-lived job pays in all.`);
  }
  return out.length ? `## Goals missed, and why\n\n${out.join('\n')}\n` : '## Goals missed, and why\n\nNone in this run.\n';
}

export function markdown(r, table, clientTable) {
  const m = r.machine;
  const ra = r.ratios;
  const perCall = (id, key, n) => `${(ra[id][key].ms * 1000 / n).toFixed(0)} µs`;
  const absRows = Object.keys(ra.sequential).map((k) => [
    k.replace('/', ' over '),
    perCall('sequential', k, r.params.sequential),
    ...IN_FLIGHT.map((n) => perCall(`inflight${n}`, k, r.params.concurrent)),
    `${(ra.listing[k].ms / (r.params.listingWalks ?? 1)).toFixed(0)} ms`,
  ]);
  const imp = Object.fromEntries(r.imports.map((i) => [i.name, i.ms]));
  const rateRows = r.rate.map((e) => [
    e.client, e.setting, e.accepted, e.refused, pct(e.share), e.seen.ok, e.seen.failed,
    Object.entries(e.seen.errors).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${v} × ${k}`).join('; ') || '—',
    e.refusedAt.length === 0 ? '—' : e.refusedAt.length <= 12 ? e.refusedAt.map((t) => `${t} s (${t % r.params.window} s into its window)`).join(', ') : `${e.refusedAt.length} times, in ${new Set(e.refusedAt.map((t) => t % r.params.window)).size} distinct seconds of the window`,
  ]);
  return `<!-- Generated by \`npm run bench\` (bench/run.mjs): edit the generator, not this file. -->
# Performance

snoopath against the raw clients it is measured by (plain \`fetch\` and \`undici.request\`), ky alone
(what snoopath is built on) and the two older clients, snoocore 3.3.1 and snoowrap 1.23.0, on the
same emulator, in one run${r.quick ? ' (**quick mode**: fewer rounds and a shorter rate-limit run; not for publishing)' : ''}.
Every timed figure is a ratio measured in the same run on the same transport: the median of
${r.params.rounds} interleaved rounds (the range over rounds is in brackets), because this machine is shared
and absolute times are not stable.

![Benchmark chart](performance.svg)

${table}

KB = 1024 bytes. snoocore and snoowrap only speak https, so they run against an https emulator;
snoopath runs against both, and its https column is the one to compare with the peers. The goals
are judged on the plain-http column (the least TLS time, so the most client overhead shows).

## Every client against both floors

Each cell is the client's ratio to plain \`fetch\`, then to the fastest raw client on the same
transport (\`fetch\` or \`undici.request\`, whichever was faster at that task). Times: lower is better;
throughputs: higher is better. Throughput at 1 in flight is the sequential run read as a throughput.

${clientTable}

In Node, snoopath sends through undici's \`request\` (its own keep-alive pools, never the process-wide
dispatcher), so \`undici.request\` is the floor it can approach; \`fetch\` is what an application would
write by hand. ky alone runs on the platform's \`fetch\`, with the same two hooks (User-Agent, bearer token).

## Short-lived processes

| Process | ms above node's own start-up |
| --- | --- |
| \`await import('snoopath')\` | ${imp.snoopath.toFixed(1)} |
| \`await import('ky')\` | ${imp.ky.toFixed(1)} |
| \`await import('zod/mini')\` | ${imp['zod/mini'].toFixed(1)} |
| \`require('snoocore')\` | ${imp.snoocore.toFixed(1)} |
| \`require('snoowrap')\` | ${imp.snoowrap.toFixed(1)} |
| fetch: token request and one GET | ${imp['first call: fetch'].toFixed(1)} |
| snoopath: import, token request and one GET | ${imp['first call: snoopath'].toFixed(1)} |

A cron job or a serverless function pays the import and its first call. snoopath's Node entry
(\`dist/index.js\`) inlines zod/mini and leaves the transport (ky, undici) to chunks loaded when the
first instance is made, so the import itself runs neither ky's nor undici's start-up code; the first call
then loads what every call needs in one file (\`lib/core/first-call.ts\`), undici's request and agent, and
openid-client in one file of its own. Such a process can keep the compiled code between runs with Node's
compile cache (22.1 and later): \`NODE_COMPILE_CACHE=<folder>\` in its environment, or \`module.enableCompileCache()\`
before it imports snoopath; the \`snoopath\` command turns it on for itself. The section on every Node version
below has the first call counted from the process's own start, on each supported Node.

${issue26Section(r)}
## Method

- **Processes.** The emulators (\`snoopath/emulator\`, from \`dist/emulator.js\`) run in a process of
  their own (\`bench/emulator-server.mjs\`, driven over IPC); each client runs in its own process
  (\`bench/worker.mjs\`, one per client and transport, kept for the whole run so its JIT and
  connections stay warm). Only one client works at a time. Everything listens on and connects to
  127.0.0.1.
- **Rounds.** After a warm-up (authentication, 200 calls of each kind, a short walk), each of
  ${r.params.rounds} rounds runs every task for every client. The calls of a task are cut into blocks
  (8 of 250 sequential calls, 4 of 500 for each in-flight level) and the blocks of all clients alternate,
  in an order rotated block by block and round by round, so a burst of load from elsewhere on the machine
  falls on every client alike. A figure is the median over rounds of that round's ratio.
- **Sequential.** ${r.params.sequential} sequential \`GET /api/v1/me\` (a small JSON body), throttling
  off in every client (snoopath \`throttle: 0\`, snoocore \`throttle: 0\`, snoowrap \`requestDelay: 0\`),
  no rate limit in the emulator (\`rateLimit: false\`, so no rate-limit headers either). Ratio of times.
- **Throughput.** ${r.params.concurrent} of the same GETs with ${IN_FLIGHT.join(', ')} in flight. Ratio of throughputs
  (reference time / client time): above 1 is faster than the reference. The emulator is one process:
  at high levels it is the bottleneck for every client, and the ratios move towards 1.
- **Listing walk.** A subreddit of ${r.params.listingItems.toLocaleString('en')} posts, 100 a page (100 requests), served by a stand-in
  for the platform's pages (\`bench/lib/platform-server.mjs\`): every post carries the platform's full field set (about 105
  fields, flair, awards, media, preview), a page is ${r.platformPage ? `${Math.round(r.platformPage.bytes / 1000)} kB (${Math.round(r.platformPage.gzip / 1000)} kB gzip, sent so to clients that ask)` : 'about 330 kB'},
  and every answer carries the rate-limit headers, with a budget so large that no client's pacing waits. Walked with each
  client's own pagination: snoopath \`for await (const item of slice)\`, snoocore \`slice.next()\`,
  snoowrap \`listing.fetchMore({amount: 100, append: false})\`, ky a loop following \`after\`; the floors
  are the same loop over \`fetch\` and over \`undici.request\`. Each round walks it ${r.params.listingWalks ?? 1} times per client,
  interleaved. Items counted per walk: ${Object.entries(r.counts).filter(([k]) => k.startsWith('listing:')).map(([k, v]) => `${k.split(':')[1]} ${v}`).join(', ')}
  (snoopath and snoocore leave stickied posts out of \`children\`).
- **decodeHtmlEntities.** A subreddit of ${r.params.decodeItems.toLocaleString('en')} posts (20 pages of 100) walked by the same client
  with and without \`decodeHtmlEntities: true\`, ${r.params.decodeReps} walks alternating in the same process per round; the emulator escapes \`&\`, \`<\`, \`>\` as the platform does
  without \`raw_json=1\`. snoowrap always sends \`raw_json=1\` and has nothing to decode.
- **Rate-limit use.** A third emulator with a budget of ${r.params.budget} requests per ${r.params.window} s window (fixed,
  clock-aligned windows, as the platform counts). Each client and setting gets its own app, so its
  own budget, and all six runs share the same ${r.params.rateSeconds} s, starting on a window boundary
  (so exactly ${r.params.rateSeconds / r.params.window} windows). In each, ${r.params.rateLanes} callers keep a call waiting on the client all the
  time, so the client's own pacing is all that stands between them and the server. The emulator
  counts, per app, the requests it accepted and the 429s it answered in that time (retries a client
  makes by itself included); share = accepted / (budget × windows). Settings: *default* is each
  client as constructed with no pacing options (snoopath's default pacing, snoocore's 1000 ms throttle;
  snoowrap has no delay and throws \`RateLimitError\` without sending once it sees the budget spent); *off* is
  snoopath \`throttle: 0\`, snoocore \`throttle: 0\`, snoowrap \`requestDelay: 0\` with
  \`continueAfterRatelimitError: true\` (it waits for the window instead of throwing).
- **Memory.** A fresh \`node --expose-gc\` process per client: 32 instances are made and used first,
  32 at a time (so loaded code, shared agents and every pooled socket are not counted), then the heap is measured after a full GC,
  ${r.params.memoryInstances} instances are made, each authenticates and makes one call, all are kept referenced,
  32 at a time, and the heap is measured again after a full GC; the difference over ${r.params.memoryInstances}. Each
  client with throttling off (snoopath and snoocore would otherwise wait their 1000 ms throttle between
  the token request and the call; the objects kept are the same). The fetch row is a closure with a
  bearer token and a headers object per "instance".
- **Cold import.** Wall time of a fresh \`node --input-type=module -e "await import('snoopath')"\`
  (the package's own \`exports\`, so \`dist/index.js\`) minus that of \`node --input-type=module -e ""\`,
  median of ${r.params.importRuns} interleaved runs; the same for \`ky\` alone, \`zod/mini\` alone and for \`require()\`
  of the peers. The first-call rows are fresh processes doing the whole job against the http emulator,
  snoopath with its default options (its first API call goes at once; the section on every Node version has
  the same counted from the process's own start).
- **Bundle sizes.** gzip level 9 of the minified files the rollup build writes, as \`npm run size\` measures
  and budgets them (\`scripts/size.mjs\`): each build's first file (the ES module entry chunk \`dist/browser/index.js\`,
  the script-tag core \`dist/snoopath.iife.js\`), its parts loaded on first use, and what a page loads in all for a
  script app's token, a listing and a vote (the entry, the first-call part, openid-client).${r.bundles.filter((b) => b.note && b.note !== 'not built').map((b) => ` ${b.name}: ${b.note}.`).join('')}

## How each client reaches the emulator

All unmodified, through their own options; nothing but 127.0.0.1 is ever contacted.

- **fetch**, **undici**, **ky** and **snoopath**: the emulator's origin as \`apiServerUri\` and \`authServerUri\`
  (\`http://127.0.0.1:PORT\` or \`https://127.0.0.1:PORT\`), or as the prefix of every URL.
- **snoocore**: it always builds \`https://\` URLs from a host and a port, so \`serverOAuth\` and
  \`serverWWW\` are \`127.0.0.1\`, \`serverOAuthPort\` and \`serverWWWPort\` the https emulator's port.
- **snoowrap**: it builds \`https://oauth.\${endpointDomain}\` and \`https://www.\${endpointDomain}\`.
  With \`endpointDomain: 'bench@127.0.0.1:PORT'\` those become \`https://oauth.bench@127.0.0.1:PORT\`:
  the \`oauth.bench\` part is URL user-info, the host is the loopback emulator. The request library
  uses user-info for a Basic header only when no Authorization header is set, and snoowrap always
  sets one (Basic with the app's credentials for tokens, bearer for API calls), so the wire format is
  what it sends to the platform.
- **https trust**: the emulator makes a self-signed certificate (for 127.0.0.1 and localhost) at start
  and hands over its PEM; the bench writes it to a temporary file and starts only the processes that
  speak https with \`NODE_EXTRA_CA_CERTS\` pointing at it. Nothing is installed or trusted machine-wide,
  and the file is removed at the end.

${misses(r)}
## Absolute medians (for context only)

${markdownTable(['Client', 'Sequential, per call', ...IN_FLIGHT.map((n) => `${n} in flight, per call`), 'Listing walk'], absRows)}

## Memory in detail

${markdownTable(['Client', `(heap after − before) / ${r.params.memoryInstances}`, `Slope: (heap after all − heap after ${r.params.memoryInstances / 4}) / ${(r.params.memoryInstances * 3) / 4}`],
  ['fetch', 'snoopath', 'snoocore', 'snoowrap'].map((c) => [c, kb(r.memory[c]), kb(r.memorySlope?.[c])]))}

The first column is the figure above. The slope leaves out whatever grows once, with the first
instances, rather than with each one, so it is the better guide to the cost of one more instance.

## Browser files

${markdownTable(['File', 'Minified + gzip'], r.bundles.map((b) => [b.name, b.bytes == null ? b.note : kb(b.bytes)]))}

${r.types ? `${typesSection(r.types)}\n` : ''}## Rate-limit runs in detail

${markdownTable(['Client', 'Setting', 'Accepted', '429s', 'Share', 'Calls resolved', 'Calls rejected', 'Rejections', '429s at (from the start)'], rateRows)}

## Machine

- CPU: ${m.cpu}, ${m.nproc} logical CPUs (\`nproc\`), ${m.memoryGiB.toFixed(1)} GiB memory
- ${m.platform}, Node ${m.node}
- Date: ${m.date}; the whole run took ${r.seconds.toFixed(0)} s.

Regenerate with \`npm run bench\` (\`npm run bench -- --quick\` while developing).
`;
}
