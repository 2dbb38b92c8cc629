// The figures of bench/app-budget.mjs: a table on stdout and its section of docs/performance.md.
import { KB, kb, markdownTable, pct, textTable, x } from './format.mjs';
import { verdict } from './report.mjs';
import { writeSection } from './sections.mjs';

const HEAD = (ns) => ['Figure', 'Goal', ...ns.map((n) => `N = ${n}`), 'Goal met?'];
const all = (values, test) => (values.every(test) ? 'met' : 'NOT met');
const ranged = (e, i) => (i === 0 ? '1.00x (the reference)' : `${x(e.value)} (${x(e.range[0])}–${x(e.range[1])})`);

function rows(r) {
  const { P } = r;
  const loads = P.ns.map((n) => r.loads[n]);
  const over = (task) => P.ns.map((n) => r.overhead[task][n]);
  const worst = (task) => Math.max(...over(task).map((e) => e.value));
  return [
    [`Budget used: accepted / (${P.budget} × ${P.windows} windows of ${P.window} s), ${P.callers} callers per instance`, '≥ 97 %',
      ...loads.map((l) => pct(l.share)), all(loads, (l) => l.share >= 0.97)],
    ['429 answers', '0', ...loads.map((l) => l.refused), all(loads, (l) => l.refused === 0)],
    [`Time per call × one instance, sequential (${P.calls.sequential} calls a block)`, '≤ 1.05x', ...over('sequential').map(ranged), verdict(worst('sequential'), 1.05, true)],
    [`Time per call × one instance, 8 in flight (${P.calls.inflight8} calls a block)`, '≤ 1.05x', ...over('inflight8').map(ranged), verdict(worst('inflight8'), 1.05, true)],
  ];
}

const heapLine = (r) => `Heap per instance with \`limiter: 'app'\` (${r.P.heapInstances} instances of one app, each after its token and one call): ` +
  `**${kb(r.heap.bytesPerInstanceFromStart)}** (slope ${kb(r.heap.bytesPerInstance)}); goal ≤ 4.5 KB: **${verdict(r.heap.bytesPerInstanceFromStart / KB, 4.5, true)}**.`;

const windowsLine = (r) => r.P.ns.map((n) => {
  const l = r.loads[n];
  return `N = ${n}: ${l.perWindow.join(' + ')} accepted, ${l.seen.resolved} calls resolved, ${l.seen.failed} failed, ${l.seen.waits} \`wait\` events`;
}).join('; ');

export function printAppBudget(r) {
  console.log(`\nOne budget per app\n${textTable(HEAD(r.P.ns), rows(r))}\n${heapLine(r).replace(/\*\*|`/g, '')}`);
}

export function writeAppBudget(file, r) {
  const { P } = r;
  writeSection(file, 'app-budget', 'bench/app-budget.mjs', `
## One budget per app

N instances of one app (one client id, N accounts) in one process, with the default
\`limiter: 'app'\`, against the emulator's budget per client id; ${r.date}${r.quick ? ' (quick mode)' : ''}.
\`node bench/app-budget.mjs\` runs this part alone.

${markdownTable(HEAD(P.ns), rows(r))}

${heapLine(r)}

- **Budget.** An emulator with a budget of ${P.budget} requests per ${P.window} s (fixed, clock-aligned windows, as
  the platform counts) and ${Math.max(...P.ns)} accounts. Each N is an app of its own and a process of its own;
  all three run at the same time for ${P.windows} windows, starting on a window boundary. Every instance has
  ${P.callers} callers that keep a \`GET /api/v1/me\` waiting on it all the time; calls still queued at the end are
  aborted. The emulator counts what it accepted and refused per app. Accepted per window: ${windowsLine(r)}.
- **Overhead.** One process holding the three sets of instances (N = ${P.ns.join(', ')}) of one app, \`throttle: 0\`,
  against an emulator without a budget (no rate-limit headers). Call k goes to instance k mod N, so the
  same calls at the same concurrency pass through N instances instead of one. ${P.rounds} rounds after a
  warm-up that gives every instance calls; each round, ${P.blocks} blocks per set and task in an order rotated
  block by block. A figure is the median, over every block, of the block's time with N instances / time
  with one (the middle half of those ratios in brackets).
- **Heap.** \`bench/memory.mjs\` in a fresh \`node --expose-gc\` process: instances of one app (one client id,
  one account) made and used 32 at a time, heap after a full GC before and after, over the count; the
  slope leaves out what grows once with the first quarter.
`);
  console.error('[bench app-budget] wrote its section of docs/performance.md');
}
