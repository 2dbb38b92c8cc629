// Number formats and plain-text/Markdown tables shared by the report files.
export const KB = 1024;
export const x = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : 'n/a');
export const pct = (v) => `${(v * 100).toFixed(1)} %`;
export const kb = (bytes) => (bytes == null ? 'n/a' : `${(bytes / KB).toFixed(2)} KB`);
export const ms = (v) => `${v.toFixed(1)} ms`;
export const HEAD = ['Figure', 'Goal', 'snoopath', 'snoopath (https)', 'snoocore (https)', 'snoowrap (https)', 'Goal met?'];

export function markdownTable(head, body) {
  const esc = (s) => String(s).replace(/\|/g, '\\|');
  return [
    `| ${head.map(esc).join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...body.map((row) => `| ${row.map(esc).join(' | ')} |`),
  ].join('\n');
}

export function textTable(head, body) {
  const all = [head, ...body];
  const widths = head.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

