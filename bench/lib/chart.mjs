// The SVG chart: panels of horizontal bars, plain strings, no dependency.
import { KB, kb, ms, pct, x } from './format.mjs';
import { IN_FLIGHT } from './rounds.mjs';

// --- chart -----------------------------------------------------------------------------------------
const COLORS = { snoopath: '#ff4500', 'snoopath (https)': '#ff8b60', snoocore: '#3f7fbf', snoowrap: '#7b61c9', fetch: '#888', undici: '#5a9e6f', ky: '#b0a040', 'zod/mini': '#aaa' };
const colorOf = (label) => (label.includes('lazy') ? '#ffb199' : COLORS[label] ?? COLORS[label.split(' ')[0]] ?? '#888');
const escXml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Panels of horizontal bars, each with its own scale and an optional dashed goal line. */
export function chart(panels, title) {
  const W = 820;
  const labelW = 150;
  const barW = 470;
  const barH = 16;
  const gap = 5;
  let y = 40;
  const out = [];
  for (const p of panels) {
    const bars = p.bars.filter((b) => Number.isFinite(b.value));
    if (bars.length === 0) continue;
    const max = Math.max(...bars.map((b) => b.value), p.goal ?? 0) * 1.08 || 1;
    out.push(`<text x="10" y="${y + 13}" class="t">${escXml(p.title)}</text>`);
    y += 22;
    const top = y;
    for (const b of bars) {
      const w = Math.max(1, (b.value / max) * barW);
      out.push(`<text x="${labelW - 8}" y="${y + barH - 4}" class="l" text-anchor="end">${escXml(b.label)}</text>`);
      out.push(`<rect x="${labelW}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${colorOf(b.label)}"/>`);
      out.push(`<text x="${(labelW + w + 6).toFixed(1)}" y="${y + barH - 4}" class="v">${escXml(b.text)}</text>`);
      y += barH + gap;
    }
    if (p.goal !== undefined) {
      const gx = (labelW + (p.goal / max) * barW).toFixed(1);
      out.push(`<line x1="${gx}" y1="${top - 3}" x2="${gx}" y2="${y - gap + 3}" class="g"/>`);
      out.push(`<text x="${gx}" y="${y + 9}" class="gl" text-anchor="middle">${escXml(p.goalText)}</text>`);
      y += 10;
    }
    y += 16;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${y}" viewBox="0 0 ${W} ${y}" font-family="Helvetica, Arial, sans-serif">`,
    '<style>.h{font-size:15px;font-weight:bold}.t{font-size:13px;font-weight:bold}.l{font-size:12px}.v{font-size:11px;fill:#333}.g{stroke:#c00;stroke-width:1.5;stroke-dasharray:4 3}.gl{font-size:10px;fill:#c00}</style>',
    `<rect width="${W}" height="${y}" fill="#fff"/>`,
    `<text x="10" y="22" class="h">${escXml(title)}</text>`,
    ...out,
    '</svg>',
    '',
  ].join('\n');
}

export function panels(r) {
  const ra = r.ratios;
  const cl = [['undici.request', 'undici/http'], ['ky alone', 'ky/http'], ['snoopath', 'snoopath/http'], ['snoopath (https)', 'snoopath/https'], ['snoocore (https)', 'snoocore/https'], ['snoowrap (https)', 'snoowrap/https']];
  const ratioBars = (fig) => cl.map(([label, key]) => ({ label, value: fig[key].fetch.value, text: x(fig[key].fetch.value) }));
  const imp = Object.fromEntries(r.imports.map((i) => [i.name, i.ms]));
  const levels = [1, ...IN_FLIGHT];
  return [
    { title: 'Sequential GETs, time per call × plain fetch on the same transport (lower is better)', goal: 1, goalText: 'goal ≤ 1.0x', bars: ratioBars(ra.sequential) },
    { title: 'Throughput, 32 in flight, × plain fetch (higher is better)', goal: 1, goalText: 'goal ≥ 1.0x', bars: ratioBars(ra.inflight32) },
    {
      title: 'snoopath throughput by calls in flight: × fetch, and × the fastest raw client (higher is better)', goal: 1, goalText: '1.0x',
      bars: levels.flatMap((n) => [
        { label: `snoopath @${n} / fetch`, value: ra[`inflight${n}`]['snoopath/http'].fetch.value, text: x(ra[`inflight${n}`]['snoopath/http'].fetch.value) },
        { label: `snoopath @${n} / fastest`, value: ra[`inflight${n}`]['snoopath/http'].fastest.value, text: `${x(ra[`inflight${n}`]['snoopath/http'].fastest.value)} of ${ra[`inflight${n}`]['snoopath/http'].fastestKey.split('/')[0]}` },
      ]),
    },
    { title: 'Listing walk, 10,000 items, × a fetch loop (lower is better)', goal: 1, goalText: 'goal ≤ 1.0x', bars: ratioBars(ra.listing) },
    {
      title: 'decodeHtmlEntities, × the same client without it (lower is better)', goal: 1.3, goalText: 'goal ≤ 1.3x',
      bars: [['snoopath', 'snoopath/http'], ['snoocore', 'snoocore/https']].map(([label, key]) => ({ label, value: r.decode[key].value, text: x(r.decode[key].value) })),
    },
    {
      title: `Rate-limit use: share of the budget used in ${r.params.rateSeconds} s (higher is better)`, goal: 97, goalText: 'goal ≥ 97 %',
      bars: r.rate.map((e) => ({ label: `${e.client} ${e.setting === 'off' ? '(off)' : '(default)'}`, value: e.share * 100, text: `${pct(e.share)}, ${e.refused} × 429` })),
    },
    {
      title: 'Heap per instance after one call (lower is better)', goal: 4.5, goalText: 'goal ≤ 4.5 KB',
      bars: ['fetch', 'snoopath', 'snoocore', 'snoowrap'].map((c) => ({ label: c === 'fetch' ? 'fetch (token only)' : c, value: r.memory[c] / KB, text: kb(r.memory[c]) })),
    },
    {
      title: "Cold import, ms above node's start-up (lower is better)", goal: 50, goalText: 'goal ≤ 50 ms',
      bars: ['snoopath', 'ky', 'zod/mini', 'snoocore', 'snoowrap'].map((c) => ({ label: c, value: imp[c], text: ms(imp[c]) })),
    },
    {
      title: 'Browser, KB minified + gzip (lower is better)', goal: 45, goalText: 'a page ≤ 45 KB',
      bars: (() => {
        const pick = (kind, build) => r.bundles.find((b) => b.bytes != null && b.kind === kind && b.build === build);
        return [
          { label: 'ES module entry', b: pick('entry', 'es') },
          { label: 'script-tag core', b: pick('entry', 'script-tag') },
          { label: 'ES: token, listing, vote', b: pick('page', 'es') },
          { label: 'script-tag: the same', b: pick('page', 'script-tag') },
        ].filter((e) => e.b).map((e) => ({ label: e.label, value: e.b.bytes / KB, text: kb(e.b.bytes) }));
      })(),
    },
  ];
}

