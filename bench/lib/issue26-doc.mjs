// The section of docs/performance.md on issue 26 (fast from the first call): what was measured
// before, what changed, and where the figures of this run stand. The "before" figures are those of
// commit 0347ba8, the state the issue was filed against (measured then with the same scripts).
import { kb } from './format.mjs';

const BEFORE = {
  esEntry: 17437,
  esPage: { bytes: 51164, files: 12 },
  iife: 66545,
};

export function issue26Section(r) {
  const row = (kind, build) => r.bundles.find((b) => b.kind === kind && b.build === build);
  const find = (kind, build) => row(kind, build)?.bytes;
  const files = (build) => row('page', build)?.files ?? '?';
  return `## Fast from the first call (issue 26)

| Figure | Before (0347ba8) | Now | Goal |
| --- | --- | --- | --- |
| ES module build: entry chunk, gzip | ${kb(BEFORE.esEntry)} | ${kb(find('entry', 'es'))} | ≤ 16 KB |
| ES module build: a page's script auth, listing and vote | ${kb(BEFORE.esPage.bytes)} in ${BEFORE.esPage.files} files | ${kb(find('page', 'es'))} in ${files('es')} files | ≤ 45 KB |
| Script-tag build: \`snoopath.iife.js\` | ${kb(BEFORE.iife)}, everything in one file | ${kb(find('entry', 'script-tag'))}, the core | ≤ 45 KB |
| Script-tag build: a page's script auth, listing and vote | ${kb(BEFORE.iife)} | ${kb(find('page', 'script-tag'))} in ${files('script-tag')} files | ≤ 45 KB |

The first call of a fresh process, the listing walk and the per-call figures, before and after on
every supported Node version, are in "Every supported Node version" below (\`node bench/versions.mjs
--baseline=<0347ba8's dist>\`); where a listing page's CPU time goes, in "Listing walk: where a page's
time goes". The per-call rows of "before" and "now" there differ by this machine's noise: the CPU
time of the same calls, measured in fresh processes of each build taking turns (3,000 sequential and
3,000 with 32 in flight, after 800, five rounds), was the same within 5 % on Node 20 and 22 (none of
this work is on a call's path once its parts are loaded).

What changed, and why:

- **The first API call goes at once.** A fresh instance sent its token request and then waited the
  1 s start-up gap (until the platform tells the budget) before its first API call: 1.1 to 1.2 s of a
  cron job's run. Token requests now have a lane of their own (lib/limiter, e0bff76): the gap holds
  between API calls only.
- **What every call needs is one part** (lib/core/first-call.ts): request building, the transport with
  ky, pacing, the redaction walker and listings, one file for a cold process to read and one request
  for a page, where there were six (and a seventh, the log writer, which every token request loaded
  to print nothing: it is now loaded only when a line can go out). In Node, openid-client and what it
  imports (oauth4webapi, jose's JWE decryption, about forty files) are one chunk of the build, and the
  undici transport another: the first token request read about 15 ms less on Node 22.
- **The words of failures** (every ResponseError, TimeoutError and NetworkError message, and the
  words of closed subreddits) are a part loaded by the first call that fails: 2 KB gzip a page never
  needs while its calls succeed. The words of failed token requests and of tokens that cannot be
  renewed are another (lib/auth/failures.ts, 1 KB).
- **A write no longer loads the endpoint catalog** (2.2 KB gzip): its body type (JSON or query for a
  few endpoints, a form for the rest) comes from a small generated table in the first part
  (lib/generated/body-types.ts, the same answer as the catalog's for every path it knows); the catalog
  is loaded only to check a narrowed \`oauth.scope\`.
- **The way of a call is in the first part** (lib/core/send-call.ts: the scope check, building,
  the call's context, the send, reading, decoding, listing pages, sends to the media host): the entry
  keeps the instance's state and its shell, 1 KB gzip less for a page's first file and for \`import\`.
- **Option checks** use \`z.number()\` and literals where they used \`z.int()\` and \`z.enum()\` (zod's number
  formats and enums were 0.6 KB gzip of every page's first file).
- **The script-tag build** is a core and parts, as the ES module build: \`dist/snoopath.iife.js\` defines the
  global at once and loads its parts from \`dist/iife/\` with script tags on first use (docs/browser.md).
- **Listing iteration** hands out each item of the page at hand as a settled promise instead of an async
  generator's \`yield*\` (0.45 to 0.13 µs an item).
- **Compile cache.** The \`snoopath\` command turns on Node's compile cache (22.1 and later) before it loads
  anything else: \`snoopath api /api/v1/me\` against the emulator, fastest of 11 runs, 188 against 211 ms on
  Node 22 and 149 against 203 ms on Node 24. The library does not turn it on in the programs that import
  it (a process-wide cache written to the temporary folder is theirs to choose): a cron job or a
  serverless function that wants it sets \`NODE_COMPILE_CACHE\`, which took about 10 ms off the first call
  on Node 22 here.

What is left: a fresh process loads two HTTP stacks, Node's own fetch (which ky's \`Request\` objects
need; plain fetch loads it too) and undici's \`request\` with its keep-alive pools (about 20 ms of its
own on Node 22, the price of calls at half fetch's cost afterwards), plus zod with the options' checks
(the import, about 10 ms) and openid-client for the token. Per call, ky's own work (option
normalization, its \`Request\`, merging headers) is most of what snoopath adds to a request: about
0.15 ms a call under the profiler, which undici's \`request\` more than pays for against fetch.

The first call of a fresh process is within 1.5x of plain fetch on Node 20 and, just, on Node 24;
on Node 22 it stays about 1.55x (medians of 11 to 15 fresh processes on this 2-core machine move by
±0.1 from run to run). Most of the rest is the second HTTP stack: after Node's fetch has been loaded
and used, undici's \`request\` and agent still take about 15 ms to load and 10 to 15 ms for their
first request (their own llhttp). A run that makes a few calls can pass \`fetch: globalThis.fetch\`
and never load undici: 1.24x to 1.46x on Node 22 (docs/many-subreddits.md, "Cron runs").
`;
}
