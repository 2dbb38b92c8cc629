// The section of docs/performance.md that bench/versions.mjs writes: the goals of issue 26, one
// column per Node version, each figure a ratio to plain fetch on the same Node in the same run.
import { markdownTable, textTable, x } from './format.mjs';

/** Goal, and whether a ratio meets it. */
const GOALS = {
  sequential: { text: '≤ 1.0x', ok: (v) => v <= 1 },
  inflight32: { text: '≥ 1.0x', ok: (v) => v >= 1 },
  listing: { text: '≤ 1.0x', ok: (v) => v <= 1 },
  first: { text: '≤ 1.5x', ok: (v) => v <= 1.5 },
};

export function versionsSection(r, { median, range }) {
  const majors = Object.keys(r.perNode).map(Number).sort((a, b) => a - b);
  const has = (key) => r.baseline && key;
  /** Per-round ratios of `client` to fetch: times (client / fetch) or throughputs (fetch / client). */
  const ratio = (times, task, client, throughput) => {
    const per = times[task][client].map((t, i) => (throughput ? times[task].fetch[i] / t : t / times[task].fetch[i]));
    return { value: median(per), range: range(per) };
  };
  const cell = (e, goal) => `${x(e.value)} (${x(e.range[0])}–${x(e.range[1])})${goal ? (goal.ok(e.value) ? '' : ' ✗') : ''}`;
  const before = (e) => (e ? ` · before ${x(e.value)}` : '');
  const rows = [];
  const timed = [
    ['sequential', `Sequential GETs (${r.params.sequential}), time per call × fetch`],
    ['inflight32', `${r.params.concurrent} GETs, 32 in flight, throughput × fetch`],
    ['listing', `Listing walk, ${r.params.listingItems.toLocaleString('en')} items, 100 a page (${Math.round(r.page.bytes / 1000)} kB, ${Math.round(r.page.gzip / 1000)} kB gzip), time × a fetch loop`],
  ];
  for (const [task, figure] of timed) {
    const throughput = task === 'inflight32';
    rows.push([figure, GOALS[task].text, ...majors.map((m) => {
      const t = r.perNode[m].times;
      return cell(ratio(t, task, 'snoopath', throughput), GOALS[task]) + before(has(t[task].before) && ratio(t, task, 'before', throughput));
    })]);
  }
  const firstOf = (m, key, base = 'fetch') => {
    const runs = r.perNode[m].first;
    const per = runs[key].map((run, i) => run.ms / runs[base][i].ms);
    return { value: median(per), range: range(per), ms: median(runs[key].map((run) => run.ms)), cpu: median(runs[key].map((run) => run.cpu)) };
  };
  const firstCell = (e, goal) => `${e.ms.toFixed(0)} ms: ${cell(e, goal)}`;
  rows.push(['First call of a fresh process (import, token, one GET), default options: ms from the process start, × fetch', GOALS.first.text,
    ...majors.map((m) => firstCell(firstOf(m, 'snoopath'), GOALS.first) + before(has(r.perNode[m].first.before) && firstOf(m, 'before')))]);
  rows.push(['The same with throttle: 0', '—',
    ...majors.map((m) => firstCell(firstOf(m, 'snoopath, throttle: 0')) + before(has(r.perNode[m].first['before, throttle: 0']) && firstOf(m, 'before, throttle: 0')))]);
  for (const [label, figure] of [
    ['https', "The same over https, the token host and the API host apart as the platform's, on loopback"],
    ['https 50 ms', 'The same through relays that hold each chunk 25 ms each way (50 ms round trips)'],
  ]) {
    if (!r.perNode[majors[0]].first[`snoopath, ${label}`]) continue;
    rows.push([figure, label === 'https' ? GOALS.first.text : '—', ...majors.map((m) => {
      const e = firstOf(m, `snoopath, ${label}`, `fetch, ${label}`);
      const b = has(r.perNode[m].first[`before, ${label}`]) && firstOf(m, `before, ${label}`, `fetch, ${label}`);
      const fetchMs = median(r.perNode[m].first[`fetch, ${label}`].map((run) => run.ms));
      return `${firstCell(e, label === 'https' ? GOALS.first : undefined)} (fetch ${fetchMs.toFixed(0)} ms)${before(b)}`;
    })]);
  }
  rows.push(['Plain fetch doing the same: ms from the process start (CPU ms)', '—',
    ...majors.map((m) => { const runs = r.perNode[m].first.fetch; return `${median(runs.map((e) => e.ms)).toFixed(0)} ms (${median(runs.map((e) => e.cpu)).toFixed(0)})`; })]);
  const importMs = (m, key) => median(r.perNode[m].first[key].map((e) => e.ms)) - median(r.perNode[m].first.node.map((e) => e.ms));
  rows.push(["Cold import, above node's own start-up", 'keep (issue: 15 to 17.5 ms)',
    ...majors.map((m) => `${importMs(m, 'import').toFixed(1)} ms${r.perNode[m].first['before import'] ? ` · before ${importMs(m, 'before import').toFixed(1)} ms` : ''}`)]);
  const head = ['Figure', 'Goal', ...majors.map((m) => `Node ${r.perNode[m].version.slice(1)}`)];
  const absolute = majors.map((m) => {
    const t = r.perNode[m].times;
    const per = (task, client, n) => `${((median(t[task][client]) * 1000) / n).toFixed(0)} µs`;
    return `Node ${r.perNode[m].version.slice(1)}: fetch ${per('sequential', 'fetch', r.params.sequential)}, undici.request ${per('sequential', 'undici', r.params.sequential)}, snoopath ${per('sequential', 'snoopath', r.params.sequential)} a sequential call; a walk ${(median(t.listing.fetch) / r.params.listingWalks).toFixed(0)} ms with fetch, ${(median(t.listing.undici) / r.params.listingWalks).toFixed(0)} ms with undici.request, ${(median(t.listing.snoopath) / r.params.listingWalks).toFixed(0)} ms with snoopath`;
  });
  const markdown = `## Every supported Node version

Each figure against plain \`fetch\` on the same Node, in one run (\`node bench/versions.mjs\`${r.baseline ? ` with \`--baseline\`: "before" is the build of the commit before this work, measured block by block beside this one` : ''}):
the median over ${r.params.rounds} rounds of interleaved blocks, the range over rounds in brackets (✗: goal missed). The
first-call rows are ${r.params.firstRuns} fresh processes of each kind, interleaved; each reports \`performance.now()\` (from the
process's own start, so Node's start-up is in every figure) when its GET has been read; the ratio is the median of the
runs' ratios to the fetch run beside them. This machine is shared (2 cores, other jobs running): ranges of ±10 % between
rounds are its noise.

${markdownTable(head, rows)}

Absolute medians, for context: ${absolute.join('; ')}.
`;
  return { markdown, text: textTable(head, rows) };
}
