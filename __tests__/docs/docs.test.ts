// Docs that work: every code block of README.md and docs/*.md compiles against the public API, the
// runnable ones run on the emulator stage, json blocks parse, and links and cited files exist.
// The convention is at the top of scripts/check-docs.mjs (and in docs/design.md).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCitations, checkJson, checkLinks, collectBlocks, docFiles, runBlock, typecheck, type Block } from '../../scripts/docs/index.mjs';

const root = new URL('../../', import.meta.url).pathname;
const files = docFiles(root);
const blocks = collectBlocks(root, files);
const at = (b: Block) => `${b.file}:${b.line} (${b.lang}${b.flags.length ? ` ${b.flags.join(' ')}` : ''})`;

describe('links and cited files', () => {
  it.each(files)('%s', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect([...checkLinks(root, file, text), ...checkCitations(root, file, text)]).toEqual([]);
  });
});

describe('every ts and js block compiles against the public API', () => {
  const compiled = blocks.filter((b) => b.check === 'typescript' || b.check === 'javascript');
  let diagnostics: Map<Block, string[]>;
  // One program for all blocks (two: strict ts, looser js): far cheaper than one per block.
  beforeAll(() => {
    diagnostics = typecheck(root, compiled);
  }, 180_000);
  it.each(compiled.map((b) => [at(b), b] as const))('%s', (_, block) => {
    expect(diagnostics.get(block)).toEqual([]);
  });
});

describe('json blocks parse', () => {
  it.each(blocks.filter((b) => b.check === 'json').map((b) => [at(b), b] as const))('%s', (_, block) => {
    expect(checkJson(block)).toEqual([]);
  });
});

describe('runnable blocks run against the emulator stage', () => {
  if (!blocks.some((b) => b.flags.includes('runnable'))) throw new Error('no runnable block found: the docs check would prove nothing');
  it.each(blocks.filter((b) => b.flags.includes('runnable')).map((b) => [at(b), b] as const))('%s', (_, block) => {
    expect(runBlock(root, block)).toBeUndefined();
  }, 90_000);
});
