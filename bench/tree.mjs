// Whole comment trees: snoopath's tree() against snoowrap's expandReplies() on 5,000-comment trees
// in the emulator (https, its per-account morechildren lock on, no request budget), each client in
// its own process; PRAW's request count worked out from its algorithm on the same trees.
// `node bench/tree.mjs [--quick]` alone (after `npm run build` and `npm --prefix bench ci`), or as
// the last part of `npm run bench`. Prints a table and writes its section of docs/performance.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, textTable } from './lib/format.mjs';
import { spawn } from './lib/ipc.mjs';
import { median } from './lib/stats.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
// Two 5,000-comment trees: one within reach of /api/morechildren alone (no comment more than the
// platform's 10 levels below an asked one), one deeper, whose answers hold "continue this thread".
const TREES = [
  { name: 'shallow', shape: { comments: 5000, topLevel: 500, branching: 4, depth: 8 } },
  { name: 'deep', shape: { comments: 5000, topLevel: 500, branching: 4, depth: 16 } },
];
const CLIENTS = ['snoopath', 'snoowrap'];
const USER_AGENT = 'node:snoopath-bench:1.0.0 (by /u/demo_user)';
const START = '<!-- comment-trees: written by bench/tree.mjs -->';
const END = '<!-- /comment-trees -->';

/** PRAW's `replace_more(limit=None)`: one request per stub (its ids 100 at a time), one per "continue this thread", after the page. */
const prawRequests = (stubs) => 1 + stubs.reduce((n, ids) => n + (ids === 0 ? 1 : Math.ceil(ids / 100)), 0);

export async function benchTrees({ quick = false, write = true } = {}) {
  const rounds = quick ? 1 : 3;
  const log = (...a) => console.error('[bench trees]', ...a);
  const tmp = mkdtempSync(join(tmpdir(), 'snoopath-trees-'));
  const children = [];
  try {
    const emulator = await spawn(join(BENCH, 'emulator-server.mjs'));
    children.push(emulator);
    const apps = CLIENTS.map((c) => ({ type: 'script', id: `tree-${c}`, secret: 'tree-secret' }));
    const posts = TREES.map((t) => ({ comments: t.shape, title: `${t.name} tree` }));
    const server = await emulator.call('start', { name: 'trees', options: { https: true, rateLimit: false, posts, apps } });
    const ca = join(tmp, 'ca.pem');
    writeFileSync(ca, server.ca);
    const workers = {};
    for (const c of CLIENTS) {
      workers[c] = await spawn(join(BENCH, 'tree-worker.mjs'), { args: [c], env: { NODE_EXTRA_CA_CERTS: ca } });
      children.push(workers[c]);
    }
    const ctxOf = (c) => ({ url: server.url, creds: { ...server.apps.script, key: `tree-${c}`, secret: 'tree-secret' }, userAgent: USER_AGENT });
    const totals = async () => (await emulator.call('counts', { name: 'trees', from: 0, to: Date.now() + 3600_000 })).counts;
    const results = [];
    for (const [i, tree] of TREES.entries()) {
      const post = server.posts[i];
      const runs = Object.fromEntries(CLIENTS.map((c) => [c, []]));
      log(`${tree.name}: ${post.comments} comments ${JSON.stringify(tree.shape)}, ${rounds} round(s) after a warm-up`);
      for (let round = -1; round < rounds; round++) {
        for (const c of round % 2 ? CLIENTS : [...CLIENTS].reverse()) {
          const before = (await totals())[`tree-${c}`] ?? {};
          const res = await workers[c].call('expand', { ctx: ctxOf(c), article: post.id });
          await new Promise((r) => setTimeout(r, 300)); // the server drains its log every 250 ms
          const after = (await totals())[`tree-${c}`] ?? {};
          const delta = (s) => (after[s] ?? 0) - (before[s] ?? 0);
          const requests = Object.keys(after).reduce((n, s) => n + delta(s), 0);
          if (round >= 0) runs[c].push({ ms: res.ms, comments: res.comments, requests, refused: delta('429'), praw: c === 'snoopath' ? prawRequests(res.stubs) : undefined });
          log(`  ${round < 0 ? 'warm-up' : `round ${round + 1}`} ${c}: ${res.comments} comments, ${requests} requests (${delta('429')} × 429), ${res.ms.toFixed(0)} ms`);
        }
      }
      results.push(summarize(tree, runs, post.comments));
    }
    await emulator.call('close').catch(() => {});
    for (const r of results) console.log(`\n${r.title}\n${textTable(HEAD, r.body)}`);
    const report = { results, quick, rounds, date: new Date().toISOString().slice(0, 10) };
    if (write) writeSection(report);
    return report;
  } finally {
    for (const c of children) c.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
}

const HEAD = ['Client', 'Comments found', 'Requests (page included)', 'of which 429', 'Time (median)', '× snoopath time'];

function summarize(tree, runs, expected) {
  const m = (c, k) => median(runs[c].map((r) => r[k]));
  const [s, w] = CLIENTS.map((c) => ({ ms: m(c, 'ms'), requests: m(c, 'requests'), refused: m(c, 'refused'), comments: m(c, 'comments') }));
  const praw = m('snoopath', 'praw');
  const body = [
    ['snoopath tree()', `${s.comments} of ${expected}`, s.requests, s.refused, `${s.ms.toFixed(0)} ms`, '1.00x'],
    ['snoowrap expandReplies()', `${w.comments} of ${expected}`, w.requests, w.refused, `${w.ms.toFixed(0)} ms`, `${(w.ms / s.ms).toFixed(2)}x`],
    ['PRAW replace_more(limit=None), from its algorithm', '—', praw, '—', 'not run (Python)', '—'],
  ];
  const title = `5,000 comments, ${tree.name} (${tree.shape.topLevel} top-level, up to ${tree.shape.branching} replies each, ${tree.shape.depth} levels)`;
  const complete = w.comments === expected;
  const goal = !complete
    ? `snoowrap found ${((w.comments / expected) * 100).toFixed(0)} % of the comments; snoopath all, ${s.ms <= w.ms ? 'in less time' : 'in more time'}`
    : s.requests < w.requests && s.ms <= w.ms ? 'met' : 'NOT met';
  return { title, body, goal, snoopath: s, snoowrap: w, praw, expected, runs };
}

function writeSection(report) {
  const file = join(ROOT, 'docs/performance.md');
  const tables = report.results.map((r) => `### ${r.title}\n\n${markdownTable(HEAD, r.body)}\n\nGoal (fewer requests than snoowrap, and not slower): **${r.goal}**.`).join('\n\n');
  const text = `${START}
## Whole comment trees

Two 5,000-comment trees in the emulator over https, with its per-account \`/api/morechildren\`
lock on (a second call of one account while one runs gets 429, as on the platform) and no request
budget; each client in its own process, median of ${report.rounds} run(s) after a warm-up, ${report.date}${report.quick ? ' (quick mode)' : ''}.
\`node bench/tree.mjs\` runs this part alone.

${tables}

- snoopath batches up to 100 ids per \`/api/morechildren\` across stubs, one request at a time,
  and fetches "continue this thread" pages 4 at a time beside it (docs/comment-trees.md has the
  least request count and how close it gets: one request per "continue this thread" is the
  bulk of the deep tree's).
- snoowrap 1.23.0 asks 20 ids per request, one stub after another, and expands the replies of
  several comments at once, which can put two morechildren of one account in flight (the
  platform answers the second with 429, which snoowrap does not retry unless told to). It is
  configured here to retry 429 (\`retryErrorCodes\` with 429, 20 attempts); these trees have few
  nested stubs, and no 429 happened. It skips the "continue this thread" stubs found inside
  morechildren answers, so on the deep tree it leaves comments out.
- PRAW's count is worked out from \`replace_more\`'s algorithm on the stubs snoopath's answers
  held: one request per stub (its ids 100 at a time), one per "continue this thread", plus the page.
${END}
`;
  const current = readFileSync(file, 'utf8');
  const at = current.indexOf(START);
  const end = current.indexOf(END);
  const next = at >= 0 && end > at ? current.slice(0, at) + text + current.slice(end + END.length + 1) : `${current.trimEnd()}\n\n${text}`;
  writeFileSync(file, next);
  console.error('[bench trees] wrote its section of docs/performance.md');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchTrees({ quick: process.argv.includes('--quick') });
  process.exit(0);
}
