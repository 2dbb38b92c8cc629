// Turns the measured results into the stdout table, docs/performance.md and docs/performance.svg.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chart, panels } from './chart.mjs';
import { markdown } from './document.mjs';
import { HEAD, KB, kb, markdownTable, ms, pct, textTable, x } from './format.mjs';

/** 'met', or how far the value is from its goal: 'missed by N %'. */
function verdict(value, goal, atMost) {
  if (!Number.isFinite(value)) return 'not measured';
  const ok = atMost ? value <= goal : value >= goal;
  if (ok) return 'met';
  const by = atMost ? value / goal - 1 : 1 - value / goal;
  return `missed by ${(by * 100).toFixed(1)} %`;
}

function rows(r) {
  const S = 'snoopath/http';
  const seq = r.sequential;
  const peersSlower = ['snoocore/https', 'snoowrap/https'].every((k) => seq['snoopath/https'].value < seq[k].value);
  const rate = (client, setting) => r.rate.find((e) => e.client === client && e.setting === setting);
  const rateCell = (e) => `${pct(e.share)}, ${e.refused} × 429`;
  const rateVerdict = (setting) => {
    const e = rate('snoopath', setting);
    const v = verdict(e.share, 0.97, false);
    return e.refused === 0 ? v : `${v === 'met' ? 'share met' : v}; ${e.refused} × 429`;
  };
  const imp = Object.fromEntries(r.imports.map((i) => [i.name, i.ms]));
  const withRange = (e) => `${x(e.value)} (${x(e.range[0])}–${x(e.range[1])})`;
  const entry = r.bundles.find((b) => b.name.includes('entry chunk'));
  const iife = r.bundles.find((b) => b.name.includes('IIFE'));
  const sw = r.bundles.find((b) => b.name.startsWith('snoowrap'));
  const bundle = (b) => (b?.bytes == null ? (b?.note === 'not built' ? 'not built' : 'n/a') : kb(b.bytes));
  return [
    {
      figure: `Per-call overhead: ${r.params.sequential} sequential GETs, × fetch (time)`,
      goal: '≤ 1.25x, and below each peer',
      cells: [withRange(seq[S]), x(seq['snoopath/https'].value), x(seq['snoocore/https'].value), x(seq['snoowrap/https'].value)],
      met: [verdict(seq[S].value, 1.25, true), peersSlower ? 'below peers' : 'NOT below every peer'].join('; '),
    },
    {
      figure: `Concurrent throughput: ${r.params.concurrent} GETs, ${r.params.inflight} in flight, × fetch (throughput)`,
      goal: '≥ 0.9x',
      cells: [withRange(r.concurrent[S]), x(r.concurrent['snoopath/https'].value), x(r.concurrent['snoocore/https'].value), x(r.concurrent['snoowrap/https'].value)],
      met: verdict(r.concurrent[S].value, 0.9, false),
    },
    {
      figure: `Listing walk: ${r.params.listingItems.toLocaleString('en')} items, 100 a page, × fetch loop (time)`,
      goal: '≤ 1.2x',
      cells: [withRange(r.listing[S]), x(r.listing['snoopath/https'].value), x(r.listing['snoocore/https'].value), x(r.listing['snoowrap/https'].value)],
      met: verdict(r.listing[S].value, 1.2, true),
    },
    {
      figure: `decodeHtmlEntities: ${r.params.decodeItems.toLocaleString('en')} items, 100 a page, × without (time)`,
      goal: '≤ 1.3x',
      cells: [withRange(r.decode[S]), '—', x(r.decode['snoocore/https'].value), 'never decodes (raw_json=1)'],
      met: verdict(r.decode[S].value, 1.3, true),
    },
    {
      figure: `Rate-limit use, default pacing: share of ${r.params.budget}/${r.params.window} s over ${r.params.rateSeconds} s, 429s`,
      goal: '≥ 97 %, no 429',
      cells: [rateCell(rate('snoopath', 'default')), '—', rateCell(rate('snoocore', 'default')), rateCell(rate('snoowrap', 'default'))],
      met: rateVerdict('default'),
    },
    {
      figure: 'Rate-limit use, throttling off',
      goal: '≥ 97 %, no 429',
      cells: [rateCell(rate('snoopath', 'off')), '—', rateCell(rate('snoocore', 'off')), rateCell(rate('snoowrap', 'off'))],
      met: rateVerdict('off'),
    },
    {
      figure: `Heap per instance after one call, ${r.params.memoryInstances} instances (fetch + token: ${kb(r.memory.fetch)})`,
      goal: '≤ 4.5 KB',
      cells: [kb(r.memory.snoopath), '—', kb(r.memory.snoocore), kb(r.memory.snoowrap)],
      met: verdict(r.memory.snoopath / KB, 4.5, true),
    },
    {
      figure: `Cold import, above node's own start-up (ky alone: ${ms(imp.ky)}; zod/mini alone: ${ms(imp['zod/mini'])})`,
      goal: 'reported against ky',
      cells: [`${ms(imp.snoopath)} (${(imp.snoopath / imp.ky).toFixed(1)}x ky)`, '—', ms(imp.snoocore), ms(imp.snoowrap)],
      met: '—',
    },
    {
      figure: 'Browser bundle, minified + gzip: entry chunk (IIFE with everything)',
      goal: 'reported against snoowrap',
      cells: [`${bundle(entry)} (${bundle(iife)})`, '—', 'no browser bundle shipped', sw?.bytes == null ? 'no browser bundle shipped' : bundle(sw)],
      met: '—',
    },
  ];
}

export function writeReport(r, { root }) {
  const body = rows(r).map((row) => [row.figure, row.goal, ...row.cells, row.met]);
  console.log(textTable(HEAD, body));
  const svg = chart(panels(r), `snoopath benchmarks, ${r.machine.date.slice(0, 10)}${r.quick ? ' (quick mode)' : ''}`);
  writeFileSync(join(root, 'docs/performance.svg'), svg);
  writeFileSync(join(root, 'docs/performance.md'), markdown(r, markdownTable(HEAD, body)));
  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(r, null, 2)}\n`);
  console.error(`[bench] wrote docs/performance.md, docs/performance.svg (${r.seconds.toFixed(0)} s)`);
}
