// Runs a `runnable` block: compiled to JavaScript, written under .tmp/ (inside the package, so that
// `import ... from 'snoopath'` resolves to the built package by its own name), then executed by
// scripts/docs/stage-run.mjs in a fresh process whose working directory is an empty temporary one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { moduleText } from './typecheck.mjs';

/** @typedef {import('./blocks.mjs').Block} Block */

/**
 * Run one block; resolves to `undefined` when it ran to the end, or to what went wrong.
 * @param {string} root @param {Block} block @param {{ timeout?: number }} [options] @returns {string | undefined}
 */
export function runBlock(root, block, { timeout = 60_000 } = {}) {
  const where = `${block.file}:${block.line}`;
  if (!existsSync(join(root, 'dist/index.js'))) return `${where}: runnable blocks run against the built package: run \`npm run build\` first`;
  const dir = join(root, '.tmp/docs-run');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${block.file.replace(/[/.]/g, '_')}_${block.line}.mjs`);
  const js = ts.transpileModule(moduleText(block).text, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  writeFileSync(file, js);
  const cwd = mkdtempSync(join(tmpdir(), 'snoopath-docs-'));
  try {
    const r = spawnSync(process.execPath, [join(root, 'scripts/docs/stage-run.mjs'), file], { cwd, timeout, encoding: 'utf8' });
    if (r.status === 0) return undefined;
    const why = r.error?.code === 'ETIMEDOUT' || r.signal ? `did not finish within ${timeout / 1000} s` : `exited with status ${r.status}`;
    return `${where}: the runnable block ${why}:\n${`${r.stdout}${r.stderr}`.trim()}`;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
