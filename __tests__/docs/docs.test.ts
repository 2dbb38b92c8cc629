// Docs that work: every code block of README.md and docs/*.md compiles against the public API, every
// ts and js block runs on the emulator stage unless it says why it cannot (`fragment: REASON`),
// json blocks parse, and links and cited files exist.
// The convention is at the top of scripts/check-docs.mjs (and in docs/design.md).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCitations, checkJson, checkLinks, collectBlocks, docFiles, flagProblems, runBlock, typecheck, type Block } from '../../scripts/docs/index.mjs';

const root = new URL('../../', import.meta.url).pathname;
const files = docFiles(root);
const blocks = collectBlocks(root, files);
const at = (b: Block) => `${b.file}:${b.line} (${[b.lang, ...b.flags, b.marked && `${b.marked}: ${b.reason}`].filter(Boolean).join(' ')})`;

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

describe('every block runs, or says why it cannot', () => {
  it.each(files)('%s: info strings', (file) => {
    expect(blocks.filter((b) => b.file === file).flatMap(flagProblems)).toEqual([]);
  });
});

describe('ts and js blocks run against the emulator stage', () => {
  const staged = blocks.filter((b) => b.run === 'stage');
  if (staged.length < 30) throw new Error(`only ${staged.length} blocks run on the stage: the docs check would prove little`);
  it.each(staged.map((b) => [at(b), b] as const))('%s', (_, block) => {
    expect(runBlock(root, block)).toBeUndefined();
  }, 60_000);
});
