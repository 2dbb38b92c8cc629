// The docs check itself: it finds what it must find, and says where.
import { describe, expect, it } from '@jest/globals';
import { anchorsOf, blocksOf, checkCitations, checkLinks, flag, flagProblems, OUTPUT_CAP, repositoryUrl, runBlock, typecheck, WRITE_CAP } from '../../scripts/docs/index.mjs';

const root = new URL('../../', import.meta.url).pathname;
const F = '```';

describe('blocks and their info strings', () => {
  const md = [
    '# Doc', '', `${F}ts`, 'const a = 1;', F, '',
    '<!-- check: declare const res: { redirect(u: string): void }; -->', `${F}js fragment: a web server's handler (res)`, 'res.redirect("/");', F, '',
    '- a list item:', '', `  ${F}json recipe=jest file=package.json`, '  { "type": "module" }', `  ${F}`, '',
    `${F}ts pseudo: signatures`, 'f(x?): T', F, '', `~~~sh`, 'npm test', '~~~', '', F, 'plain', F, '',
    `${F}js recipe=jest file=fragment.js`, 'export {};', F,
  ].join('\n');
  const blocks = blocksOf('docs/x.md', md);

  it('finds every fence, with the line of its first code line, what it is checked as and whether it runs', () => {
    expect(blocks.map((b) => [b.line, b.lang, b.check, b.run])).toEqual([
      [4, 'ts', 'typescript', 'stage'], [9, 'js', 'javascript', 'no'], [15, 'json', 'json', 'recipe'], [19, 'ts', 'shown', 'no'], [23, 'sh', 'shown', 'no'], [27, '', 'shown', 'no'], [31, 'js', 'javascript', 'recipe'],
    ]);
  });

  it('reads flags, the reason a block is not run, the check comment above the fence, and de-indents list blocks', () => {
    expect(blocks[1]).toMatchObject({ flags: [], marked: 'fragment', reason: "a web server's handler (res)", prelude: 'declare const res: { redirect(u: string): void };' });
    expect(blocks[3]).toMatchObject({ marked: 'pseudo', reason: 'signatures' });
    expect(blocks[0]!.prelude).toBe('');
    expect(blocks[2]!.code).toBe('{ "type": "module" }');
    expect([flag(blocks[2]!, 'recipe'), flag(blocks[2]!, 'file')]).toEqual(['jest', 'package.json']);
    expect(blocks[6]!.marked).toBeUndefined(); // "fragment" inside a file name is no marker
    expect(blocks.flatMap(flagProblems)).toEqual([]);
  });

  it('a block that is not run must say why; unknown flags and the old `runnable` are reported', () => {
    const bad = blocksOf('docs/y.md', [`${F}ts fragment`, 'x', F, `${F}ts pseudo:`, 'y', F, `${F}ts runnable`, 'z', F, `${F}ts fragmnet: typo`, 'w', F, `${F}sh fragment: shell`, 'ls', F].join('\n'));
    expect(bad.flatMap(flagProblems)).toEqual([
      'docs/y.md:2: `fragment` needs its reason: `ts fragment: why it does not run`',
      'docs/y.md:5: `pseudo` needs its reason: `ts pseudo: why it does not run`',
      'docs/y.md:8: `runnable` is no longer a flag: every ts and js block runs (mark one that cannot with `fragment: why`)',
      'docs/y.md:11: unknown flag `fragmnet:` (known: recipe=NAME, file=PATH, fragment: REASON, pseudo: REASON)',
      'docs/y.md:11: unknown flag `typo` (known: recipe=NAME, file=PATH, fragment: REASON, pseudo: REASON)',
      'docs/y.md:14: `fragment` is for ts and js blocks (they are still type-checked); other blocks are shown only anyway',
    ]);
  });
});

describe('type errors point into the Markdown file', () => {
  it('reports file, line, column and the compiler message, past a check comment', () => {
    const md = ['# T', '', '<!-- check: declare const n: number; -->', `${F}ts`, 'const ok: number = n;', "const bad: string = n;", F, '', `${F}js`, "new Snoopath({ userAgent: 'x', oauth: { type: 'script', key } });", F].join('\n');
    const blocks = blocksOf('docs/t.md', md);
    const out = typecheck(root, blocks);
    expect(out.get(blocks[0]!)).toEqual([`docs/t.md:6:7 error TS2322: Type 'number' is not assignable to type 'string'.`]);
    expect(out.get(blocks[1]!)!.join('\n')).toMatch(/^docs\/t\.md:10:32 error TS2322: [^]*missing the following properties from type 'ScriptOAuth': secret, username, password/);
  }, 120_000);
});

describe('blocks run on the stage', () => {
  const run = (code: string, options?: { timeout?: number }) => runBlock(root, blocksOf('docs/r.md', `${F}ts\n${code}\n${F}`)[0]!, options);

  it('fail with the error a block throws, and pass when it finishes', () => {
    expect(run("const me = await reddit('/api/v1/me').get<{ name: string }>();\nthrow new Error(`signed in as ${me.name}`);")).toMatch(/^docs\/r\.md:2: the block exited with status 1:\nError: signed in as me/);
    expect(run("await reddit('/api/v1/me').get();")).toBeUndefined();
  }, 90_000);

  it('know the placeholder thread and files, and end streams with the window', () => {
    expect(run([
      "const { submission } = await reddit('/comments/$article').tree({ $article: 'abc123' });",
      "if (submission.data.subreddit !== 'aww' || !(await import('node:fs')).existsSync('cat.png')) throw new Error('no stage');",
      "let n = 0;",
      "for await (const comment of reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { skipExisting: true })) if (comment.data.author === 'other_user') n++;",
      "if (n === 0) throw new Error('nobody wrote during the window');",
    ].join('\n'))).toBeUndefined();
  }, 90_000);

  it('a bot that answers its own replies (issue 22: the README\'s stream example) is stopped at its first self-reply', () => {
    const loop = [
      "for await (const comment of reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' })) {",
      "  if (/kitten/i.test(comment.data.body)) await reddit('/api/comment').post({ thing_id: comment.data.name, text: 'Kittens!' });",
      '}',
    ].join('\n');
    expect(run(loop)).toMatch(/^docs\/r\.md:2: the block was stopped by the stage:\n[^]*docs stage: the block answered t1_\w+, a comment it wrote itself: it loops on its own output/);
    expect(run(`const { name: me } = await reddit('/api/v1/me').get();\n${loop.replace('if (', 'if (comment.data.author !== me && ')}`)).toBeUndefined();
  }, 90_000);

  it('are bounded in time, in output and in writes', () => {
    expect(run('await new Promise(() => setInterval(() => {}, 1000));', { timeout: 3000 })).toMatch(/^docs\/r\.md:2: the block did not finish within 3 s/);
    expect(run("for (;;) {\n  console.log('x'.repeat(1000));\n  await new Promise((next) => setImmediate(next));\n}")).toMatch(new RegExp(`^docs/r\\.md:2: the block printed more than ${OUTPUT_CAP / 1024} KiB`));
    expect(run("for (;;) await reddit('/api/vote').post({ id: 't3_abc', dir: 1 });")).toMatch(new RegExp(`the block was stopped by the stage:\\n[^]*wrote to the platform more than ${WRITE_CAP} times`));
  }, 120_000);

  it('run a CommonJS block as CommonJS', () => {
    expect(run("const Snoopath = require('snoopath');\nif (require('snoopath').Snoopath !== Snoopath) throw new Error('two classes');")).toBeUndefined();
  }, 90_000);
});

describe('links', () => {
  const repo = repositoryUrl(root);
  it('README links must be absolute, and reach an existing file and heading', () => {
    const text = ['[a](docs/logging.md)', `[b](${repo}/blob/main/docs/logging.md#nothing-here)`, `[c](${repo}/blob/main/docs/logging.md#every-line)`, '[d](https://example.org/x)'].join('\n');
    expect(checkLinks(root, 'README.md', text)).toEqual([
      `README.md:1: relative link docs/logging.md does not work on the package page: use ${repo}/blob/main/docs/logging.md`,
      `README.md:2: link ${repo}/blob/main/docs/logging.md#nothing-here: docs/logging.md has no heading #nothing-here`,
    ]);
  });

  it('links between docs pages reach their file', () => {
    expect(checkLinks(root, 'docs/x.md', '[a](logging.md) [b](nope.md) [c](../examples/auth/)\n' + `${F}\n[ignored](in-code.md)\n${F}`)).toEqual(['docs/x.md:1: link nope.md: docs/nope.md does not exist']);
  });

  it('GitHub heading anchors', () => {
    expect([...anchorsOf('# Docs that work\n## `log` option: levels\n## Twice\n## Twice\n```\n# not a heading\n```')]).toEqual(['docs-that-work', 'log-option-levels', 'twice', 'twice-1']);
  });
});

describe('cited files', () => {
  it('every repository path in the prose exists; globs, code blocks and URLs are skipped', () => {
    const text = ['see lib/log/write.ts and lib/request/, lib/client/{call,snoopath}.ts.', 'and lib/gone.ts, docs/*.md, https://x.org/lib/nothing.ts', F, 'lib/in-code.ts', F].join('\n');
    expect(checkCitations(root, 'docs/design.md', text)).toEqual(['docs/design.md:2: cites lib/gone.ts, which is not in the repository']);
  });
});
