// The docs check itself: it finds what it must find, and says where.
import { describe, expect, it } from '@jest/globals';
import { anchorsOf, blocksOf, checkCitations, checkLinks, flag, repositoryUrl, runBlock, typecheck } from '../../scripts/docs/index.mjs';

const root = new URL('../../', import.meta.url).pathname;
const F = '```';

describe('blocks and their info strings', () => {
  const md = [
    '# Doc', '', `${F}ts`, 'const a = 1;', F, '',
    '<!-- check: declare const res: { redirect(u: string): void }; -->', `${F}js runnable`, 'res.redirect("/");', F, '',
    '- a list item:', '', `  ${F}json recipe=jest file=package.json`, '  { "type": "module" }', `  ${F}`, '',
    `${F}ts fragment`, 'pseudo code here', F, '', `~~~sh`, 'npm test', '~~~', '', F, 'plain', F,
  ].join('\n');
  const blocks = blocksOf('docs/x.md', md);

  it('finds every fence, with the line of its first code line', () => {
    expect(blocks.map((b) => [b.line, b.lang, b.check])).toEqual([
      [4, 'ts', 'typescript'], [9, 'js', 'javascript'], [15, 'json', 'json'], [19, 'ts', 'shown'], [23, 'sh', 'shown'], [27, '', 'shown'],
    ]);
  });

  it('reads flags, the check comment above the fence, and de-indents list blocks', () => {
    expect(blocks[1]).toMatchObject({ flags: ['runnable'], prelude: 'declare const res: { redirect(u: string): void };' });
    expect(blocks[0]!.prelude).toBe('');
    expect(blocks[2]!.code).toBe('{ "type": "module" }');
    expect([flag(blocks[2]!, 'recipe'), flag(blocks[2]!, 'file')]).toEqual(['jest', 'package.json']);
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

describe('runnable blocks', () => {
  it('fail with the error a block throws, and pass when it finishes', () => {
    const [bad, good] = blocksOf('docs/r.md', [`${F}ts runnable`, "const me = await reddit('/api/v1/me').get<{ name: string }>();", 'throw new Error(`signed in as ${me.name}`);', F, `${F}ts runnable`, "await reddit('/api/v1/me').get();", F].join('\n'));
    expect(runBlock(root, bad!)).toMatch(/^docs\/r\.md:2: the runnable block exited with status 1:\nError: signed in as me/);
    expect(runBlock(root, good!)).toBeUndefined();
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
