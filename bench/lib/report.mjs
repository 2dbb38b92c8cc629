// Turns the measured results into the stdout tables, docs/performance.md and docs/performance.svg.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chart, panels } from './chart.mjs';
import { markdown } from './document.mjs';
import { HEAD, KB, kb, markdownTable, ms, pct, textTable, x } from './format.mjs';
import { IN_FLIGHT, RUNNERS } from './rounds.mjs';
import { sectionsOf } from './sections.mjs';

/** 'met', or how far the value is from its goal: 'missed by N %'. */
export function verdict(value, goal, atMost) {
  if (!Number.isFinite(value)) return 'not measured';
  const ok = atMost ? value <= goal : value >= goal;
  if (ok) return 'met';
  const by = atMost ? value / goal - 1 : 1 - value / goal;
  return `missed by ${(by * 100).toFixed(1)} %`;
}

/** 'met' when every part is, else the parts that are not: 'entry missed by 5.0 %; ...'. */
const missedOf = (parts) => parts.filter(([, v]) => v !== 'met').map(([name, v]) => `${name} ${v}`).join('; ') || 'met';

export const withRange = (e) => `${x(e.value)} (${x(e.range[0])}–${x(e.range[1])})`;
const PEERS = ['snoopath/http', 'snoopath/https', 'snoocore/https', 'snoowrap/https'];

/** The goals of issue 17 (and the earlier ones still held), one row each. */
function rows(r) {
  const S = 'snoopath/http';
  const ra = r.ratios;
  const cells = (task, pick = (e) => e.fetch) => PEERS.map((k, i) => (i === 0 ? withRange(pick(ra[task][k])) : x(pick(ra[task][k]).value)));
  const rate = (client, setting) => r.rate.find((e) => e.client === client && e.setting === setting);
  const rateCell = (e) => `${pct(e.share)}, ${e.refused} × 429`;
  const rateVerdict = (setting) => {
    const e = rate('snoopath', setting);
    const v = verdict(e.share, 0.97, false);
    return e.refused === 0 ? v : `${v === 'met' ? 'share met' : v}; ${e.refused} × 429`;
  };
  const imp = Object.fromEntries(r.imports.map((i) => [i.name, i.ms]));
  const find = (kind, build) => r.bundles.find((b) => b.kind === kind && b.build === build);
  const entry = find('entry', 'es');
  const bundle = (b) => (b?.bytes == null ? (b?.note === 'not built' ? 'not built' : 'n/a') : kb(b.bytes));
  const pages = [find('page', 'es'), find('page', 'script-tag')];
  const importMet = [verdict(imp.snoopath, 50, true), verdict(imp.snoopath / imp.ky, 1, true)];
  return [
    {
      figure: `Sequential GETs (${r.params.sequential}), time per call × plain fetch`,
      goal: '≤ 1.0x', cells: cells('sequential'), met: verdict(ra.sequential[S].fetch.value, 1, true),
    },
    {
      figure: `Throughput, ${r.params.concurrent} GETs 32 in flight, × plain fetch`,
      goal: '≥ 1.0x', cells: cells('inflight32'), met: verdict(ra.inflight32[S].fetch.value, 1, false),
    },
    {
      figure: `Listing walk: ${r.params.listingItems.toLocaleString('en')} items, 100 a page, time × a fetch loop`,
      goal: '≤ 1.0x', cells: cells('listing'), met: verdict(ra.listing[S].fetch.value, 1, true),
    },
    {
      figure: `decodeHtmlEntities: ${r.params.decodeItems.toLocaleString('en')} items, 100 a page, × without (time)`,
      goal: '≤ 1.3x', cells: [withRange(r.decode[S]), '—', x(r.decode['snoocore/https'].value), 'never decodes (raw_json=1)'],
      met: verdict(r.decode[S].value, 1.3, true),
    },
    {
      figure: `Rate-limit use, default pacing: share of ${r.params.budget}/${r.params.window} s over ${r.params.rateSeconds} s, 429s`,
      goal: '≥ 97 %, no 429', cells: [rateCell(rate('snoopath', 'default')), '—', rateCell(rate('snoocore', 'default')), rateCell(rate('snoowrap', 'default'))],
      met: rateVerdict('default'),
    },
    {
      figure: 'Rate-limit use, throttling off',
      goal: '≥ 97 %, no 429', cells: [rateCell(rate('snoopath', 'off')), '—', rateCell(rate('snoocore', 'off')), rateCell(rate('snoowrap', 'off'))],
      met: rateVerdict('off'),
    },
    {
      figure: `Heap per instance after one call, ${r.params.memoryInstances} instances (fetch + token: ${kb(r.memory.fetch)})`,
      goal: '≤ 4.5 KB', cells: [kb(r.memory.snoopath), '—', kb(r.memory.snoocore), kb(r.memory.snoowrap)],
      met: verdict(r.memory.snoopath / KB, 4.5, true),
    },
    {
      figure: `Cold import, above node's own start-up (ky alone: ${ms(imp.ky)}; zod/mini alone: ${ms(imp['zod/mini'])})`,
      goal: '≤ 50 ms and ≤ 1.0x ky alone', cells: [`${ms(imp.snoopath)} (${x(imp.snoopath / imp.ky)} ky)`, '—', ms(imp.snoocore), ms(imp.snoowrap)],
      met: importMet.every((v) => v === 'met') ? 'met' : importMet.filter((v) => v !== 'met').join('; '),
    },
    {
      figure: 'Browser, minified + gzip: ES module entry (script-tag core); a page\'s script auth, listing and vote, ES build (script-tag build)',
      goal: '≤ 16 KB entry; ≤ 45 KB a page',
      cells: [`${bundle(entry)} (${bundle(find('entry', 'script-tag'))}); ${bundle(pages[0])} (${bundle(pages[1])})`, '—', 'no browser bundle shipped', 'no browser bundle shipped'],
      met: entry?.bytes == null ? 'not measured' : missedOf([['entry', verdict(entry.bytes / KB, 16, true)], ['ES page', verdict(pages[0].bytes / KB, 45, true)], ['script-tag page', verdict(pages[1].bytes / KB, 45, true)]]),
    },
  ];
}

/** Every client of the timed tasks against both floors: "× fetch / × fastest raw client". */
export function clientRows(r) {
  const ra = r.ratios;
  const ids = ['sequential', 'inflight1', ...IN_FLIGHT.map((n) => `inflight${n}`), 'listing'];
  return RUNNERS.filter((run) => ra.sequential[run.key]).map((run) => [
    run.key.replace('/', ' over '),
    ...ids.map((id) => {
      const e = ra[id]?.[run.key];
      return e ? `${x(e.fetch.value)} / ${x(e.fastest.value)}` : '—';
    }),
  ]);
}
export const CLIENT_HEAD = ['Client', 'Sequential (time)', 'Throughput, 1 in flight', ...IN_FLIGHT.map((n) => `Throughput, ${n} in flight`), 'Listing walk (time)'];

export function writeReport(r, { root }) {
  const body = rows(r).map((row) => [row.figure, row.goal, ...row.cells, row.met]);
  console.log(textTable(HEAD, body));
  console.log(`\nEvery client: × plain fetch / × the fastest raw client on the same transport\n${textTable(CLIENT_HEAD, clientRows(r))}`);
  const svg = chart(panels(r), `snoopath benchmarks, ${r.machine.date.slice(0, 10)}${r.quick ? ' (quick mode)' : ''}`);
  writeFileSync(join(root, 'docs/performance.svg'), svg);
  const doc = join(root, 'docs/performance.md');
  // The parts that write their own section (comment trees, one budget per app) rewrite it in place when they run.
  const kept = existsSync(doc) ? sectionsOf(readFileSync(doc, 'utf8')) : [];
  writeFileSync(doc, [markdown(r, markdownTable(HEAD, body), markdownTable(CLIENT_HEAD, clientRows(r))), ...kept].join('\n'));
  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(r, null, 2)}\n`);
  console.error(`[bench] wrote docs/performance.md, docs/performance.svg (${r.seconds.toFixed(0)} s)`);
}
