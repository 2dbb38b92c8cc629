// `break`, abort, return() and the end of the script: a streaming process exits by itself (no timer left).
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const child = fileURLToPath(new URL('./exit-child.mjs', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs the child; resolves with its output and how long it lived after saying it was done. */
function run(how: string): Promise<{ code: number | null; out: string; lingered: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, how], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let doneAt: number | undefined;
    const kill = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${how}: still running after 15 s:\n${out}`));
    }, 15_000);
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      if (doneAt === undefined && out.includes('done after')) doneAt = Date.now();
    });
    proc.stderr.on('data', (chunk: Buffer) => (out += chunk));
    proc.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, out, lingered: doneAt === undefined ? -1 : Date.now() - doneAt });
    });
  });
}

describe('a streaming process exits by itself', () => {
  if (!existsSync(`${root}dist/index.js`)) throw new Error('dist/ is missing: npm test builds before jest; run `npm run build` first.');

  it.each([
    ['break', 5],
    ['abort', 5],
    ['paced', 5],
    ['return', 1],
    ['end', 2],
  ])('%s', async (how, items) => {
    const { code, out, lingered } = await run(how);
    expect(out).toContain(`stream-exit: ${how} done after ${items} items`);
    expect(code).toBe(0);
    // The stream waits a minute between polls (paced: minutes in the rate limiter): exiting within 3 s means no timer was left.
    expect(lingered).toBeGreaterThanOrEqual(0);
    expect(lingered).toBeLessThan(3000);
  }, 20_000);
});
