#!/usr/bin/env node
// The docs check: every code block of README.md and docs/*.md is extracted and checked, and so are
// their links. `npm test` runs it through __tests__/docs/docs.test.ts; alone:
//   node scripts/check-docs.mjs [--no-run] [file.md ...]     (exit status 1 on any problem)
//
// The convention (docs/design.md, "Docs that work", says the same):
// - ```ts (or typescript): compiled as a module of its own, strictly (the repository's tsconfig),
//   against the public API: 'snoopath', 'snoopath/emulator', 'snoopath/shared-limit', 'snoopath/testing' and
//   'snoopath/fleet' map to lib/.
//   A block may use the stage's names without defining them: `Snoopath` (the class), `reddit` (an
//   instance), `emu` (the stage's emulator), `userAgent`, `key`, `secret`, `username`, `password`,
//   `redirectUri` (scripts/docs/stage.mjs). A name the block defines shadows the stage's.
// - ```js (or javascript, mjs, cjs): the same, with implicit `any` allowed.
// - Every ts and js block also RUNS, in a fresh Node process whose working directory is an empty
//   temporary one, against the built package and a fresh emulator (the stage, scripts/docs/stage.mjs):
//   requests to https://oauth.reddit.com and https://www.reddit.com reach it (the global fetch is
//   redirected; no other host but loopback is reachable); it knows the placeholder script app
//   CLIENT_ID / CLIENT_SECRET with the accounts me / PASSWORD, bot_one and bot_two, the subreddits the
//   docs post to, and a thread the placeholder ids abc123 and abc stand for; the working directory
//   holds cat.png, clip.jpg and clip.mp4, the environment BOT_ONE_PASSWORD, BOT_TWO_PASSWORD and
//   REDDIT_REFRESH_TOKEN. A block that uses `require()` and no `import` runs as CommonJS. Streams end
//   3 s after the first one starts (the loop exits cleanly), while other users write where the block
//   listens. The run is bounded: it fails past 30 s, past 256 KiB of output, past 100 writes to the
//   platform, and at once when it answers a comment it wrote itself (an example that loops on its
//   own output). It passes when it ends without throwing.
// - ```ts fragment: REASON: type-checked, not run: for what the stage cannot be (a browser page, a
//   web server's handler, Redis, a Worker, an excerpt of a test). The reason is required.
// - ```ts pseudo: REASON: shown only, for signatures and shapes that are not code. Blocks in other
//   languages (sh, html, text, none) are shown only.
// - ```json: must parse.
// - A comment on the line right above the fence, such as
//     <!-- check: const png = await readFile('cat.png'); -->
//   is TypeScript put before the block when it is checked and run: what the surrounding prose
//   assumes, kept out of the reader's way (`declare` is fine in a fragment). Not shown on GitHub or npm.
// - ```js recipe=NAME file=PATH: one file of a small user project (docs/emulator.md), assembled,
//   installed and run by __tests__/recipes/; type-checked here like any other block.
// - Links: README.md's are absolute (https://github.com/snoopath/snoopath/blob/main/docs/..., or the
//   address in package.json's repository), so they work on the package page; links in docs/ reach
//   their file and heading; every repository path the prose cites (lib/..., docs/..., examples/...) exists.
// Problems are reported as `file:line: ...` (type errors as `file:line:column error TSnnnn: message`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCitations, checkJson, checkLinks, collectBlocks, docFiles, flagProblems, runBlock, typecheck } from './docs/index.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const files = args.filter((a) => a.endsWith('.md'));
const chosen = files.length ? files : docFiles(root);
const blocks = collectBlocks(root, chosen);

const problems = [];
for (const file of chosen) {
  const text = readFileSync(join(root, file), 'utf8');
  problems.push(...checkLinks(root, file, text), ...checkCitations(root, file, text));
}
for (const block of blocks) problems.push(...flagProblems(block));
for (const diagnostics of typecheck(root, blocks).values()) problems.push(...diagnostics);
for (const block of blocks.filter((b) => b.check === 'json')) problems.push(...checkJson(block));
const runnable = args.includes('--no-run') ? [] : blocks.filter((b) => b.run === 'stage');
for (const block of runnable) {
  const failure = runBlock(root, block);
  if (failure) problems.push(failure);
}

const count = (check) => blocks.filter((b) => b.check === check).length;
const fragments = blocks.filter((b) => b.marked === 'fragment');
console.log(problems.join('\n'));
for (const b of fragments) console.log(`fragment ${b.file}:${b.line}: ${b.reason}`);
console.log(`docs: ${chosen.length} files, ${blocks.length} blocks (${count('typescript')} ts, ${count('javascript')} js, ${count('json')} json checked); ${runnable.length} run on the stage, ${blocks.filter((b) => b.run === 'recipe').length} recipe files (run by __tests__/recipes), ${fragments.length} fragments, ${blocks.filter((b) => b.marked === 'pseudo').length} pseudo; ${count('shown')} shown only: ${problems.length} problem(s)`);
process.exitCode = problems.length ? 1 : 0;
