#!/usr/bin/env node
// The docs check: every code block of README.md and docs/*.md is extracted and checked, and so are
// their links. `npm test` runs it through __tests__/docs/docs.test.ts; alone:
//   node scripts/check-docs.mjs [--no-run] [file.md ...]     (exit status 1 on any problem)
//
// The convention (docs/design.md, "Docs that work", says the same):
// - ```ts (or typescript): compiled as a module of its own, strictly (the repository's tsconfig),
//   against the public API: 'snoopath', 'snoopath/emulator', 'snoopath/shared-limit' and 'snoopath/fleet' map to lib/.
//   A block may `declare const` what it assumes, or use the stage's names without defining them:
//   `Snoopath` (the class), `reddit` (an instance), `userAgent`, `key`, `secret`, `username`,
//   `password`, `redirectUri` (scripts/docs/stage.mjs). A name the block defines shadows the stage's.
// - ```js (or javascript, mjs): the same, with implicit `any` allowed (JavaScript readers write no types).
// - ```json: must parse.
// - A comment on the line right above the fence, such as
//     <!-- check: declare const res: { redirect(url: string): void }; -->
//   is TypeScript put before the block for the check only: what the surrounding prose assumes (an
//   Express `res`, a page's `button`), kept out of the reader's way. It is not shown on GitHub or npm.
// - ```ts fragment (any language, then `fragment`): shown only; for pseudo-code and excerpts that
//   cannot stand alone. Blocks in other languages (sh, html, text, none) are shown only.
// - ```ts runnable: also run, in a fresh Node process whose working directory is an empty temporary
//   one, against the built package and a fresh emulator: requests to https://oauth.reddit.com and
//   https://www.reddit.com reach it (the global fetch is redirected; no other host but loopback is
//   reachable), it knows the placeholder script app CLIENT_ID / CLIENT_SECRET with the account
//   me / PASSWORD (the credentials the docs write), and the stage's names are defined with those
//   values. The block passes when it finishes without throwing within 60 s.
// - ```js recipe=NAME file=PATH: one file of a small user project (docs/emulator.md), assembled,
//   installed and run by __tests__/recipes/; type-checked here like any other block.
// - Links: README.md's are absolute (https://github.com/snoopath/snoopath/blob/main/docs/..., or the
//   address in package.json's repository), so they work on the package page; links in docs/ reach
//   their file and heading; every repository path the prose cites (lib/..., docs/..., examples/...) exists.
// Problems are reported as `file:line: ...` (type errors as `file:line:column error TSnnnn: message`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCitations, checkJson, checkLinks, collectBlocks, docFiles, runBlock, typecheck } from './docs/index.mjs';

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
for (const diagnostics of typecheck(root, blocks).values()) problems.push(...diagnostics);
for (const block of blocks.filter((b) => b.check === 'json')) problems.push(...checkJson(block));
const runnable = args.includes('--no-run') ? [] : blocks.filter((b) => b.flags.includes('runnable'));
for (const block of runnable) {
  const failure = runBlock(root, block);
  if (failure) problems.push(failure);
}

const count = (check) => blocks.filter((b) => b.check === check).length;
console.log(problems.join('\n'));
console.log(`docs: ${chosen.length} files, ${blocks.length} blocks (${count('typescript')} ts, ${count('javascript')} js, ${count('json')} json checked; ${runnable.length} run; ${count('shown')} shown only): ${problems.length} problem(s)`);
process.exitCode = problems.length ? 1 : 0;
