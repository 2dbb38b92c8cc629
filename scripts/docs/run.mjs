// Runs a block on the stage: compiled to JavaScript, written under .tmp/ (inside the package, so that
// `import ... from 'snoopath'` resolves to the built package by its own name), then executed by
// scripts/docs/stage-run.mjs in a fresh process whose working directory is an empty temporary one.
// The run is bounded: in time (`timeout`), in what it prints (OUTPUT_CAP) and in what it writes to
// the platform (scripts/docs/stage-platform.mjs), so that an example that loops fails instead of
// running for ever.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { moduleText } from './typecheck.mjs';

/** @typedef {import('./blocks.mjs').Block} Block */

/** Bytes a block may print (stdout and stderr each): the docs' examples print a few pages at most. */
export const OUTPUT_CAP = 256 * 1024;
/** Exit status of a run stopped by the stage (scripts/docs/stage-run.mjs). */
const STOPPED = 3;

/** A block written for CommonJS (`require()`, no `import`): run as a .cjs file. @param {string} code */
const isCommonJs = (code) => /\brequire\(/.test(code) && !/^\s*(import|export)\b/m.test(code);

/**
 * Run one block; resolves to `undefined` when it ran to the end, or to what went wrong.
 * @param {string} root @param {Block} block @param {{ timeout?: number }} [options] @returns {string | undefined}
 */
export function runBlock(root, block, { timeout = 30_000 } = {}) {
  const where = `${block.file}:${block.line}`;
  if (!existsSync(join(root, 'dist/index.js'))) return `${where}: blocks run against the built package: run \`npm run build\` first`;
  const dir = join(root, '.tmp/docs-run');
  mkdirSync(dir, { recursive: true });
  const commonJs = isCommonJs(block.code);
  const file = join(dir, `${block.file.replace(/[/.]/g, '_')}_${block.line}.${commonJs ? 'cjs' : 'mjs'}`);
  const source = commonJs ? `${block.prelude}\n${block.code}\n` : moduleText(block).text;
  const js = ts.transpileModule(source, { compilerOptions: { module: commonJs ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  writeFileSync(file, js);
  const cwd = mkdtempSync(join(tmpdir(), 'snoopath-docs-'));
  try {
    const r = spawnSync(process.execPath, [join(root, 'scripts/docs/stage-run.mjs'), file], { cwd, timeout, encoding: 'utf8', maxBuffer: OUTPUT_CAP });
    if (r.status === 0) return undefined;
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
    let why = `exited with status ${r.status}`;
    if (r.error?.code === 'ENOBUFS') why = `printed more than ${OUTPUT_CAP / 1024} KiB: an example that keeps printing loops`;
    else if (r.error?.code === 'ETIMEDOUT' || r.signal) why = `did not finish within ${timeout / 1000} s`;
    else if (r.status === STOPPED) why = 'was stopped by the stage';
    return `${where}: the block ${why}:\n${output.length > 4000 ? `...${output.slice(-4000)}` : output}`;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
