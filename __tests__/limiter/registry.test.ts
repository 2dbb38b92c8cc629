/**
 * The registry of app budgets holds nothing alive: an instance nobody references is collected with
 * its budget, and a process with nothing to do exits, even with a budget spent for ten minutes and
 * an aborted call that waited for it (checked in a child process run with --expose-gc).
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { keepStderr } from '../support/child-stderr.js';
import { root, transpiledLib } from '../support/transpiled-lib.js';

let lib: string;
beforeAll(() => {
  lib = transpiledLib('snoopath-registry-test');
});

describe('the registry of app budgets', () => {
  it('lets instances and their budget be collected, leaves no timer after an aborted wait, and the process exits', async () => {
    const proc = spawn(process.execPath, ['--expose-gc', join(root, '__tests__', 'limiter', 'collect-child.mjs'), JSON.stringify({ lib })], { stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr = keepStderr(proc);
    let output = '';
    let printedAt = 0;
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (!printedAt && output.includes('\n')) printedAt = Date.now();
    });
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    const exitedAfter = Date.now() - printedAt;
    const result = JSON.parse(output.trim().split('\n').at(-1)!);
    expect(stderr.foreign()).toEqual([]);
    expect(code).toBe(0);
    expect(result.abortError).toBe('AbortError');
    expect(result.firstAfterAbort).toBe('call');
    // The wait for the spent window is told once, by default as a warning naming the account and the app.
    expect(result.warnings).toEqual([expect.stringMatching(/^Waiting \d+ s before the next send \(u\/\w+, app [\w-]+\): the app's rate-limit budget is spent/)]);
    expect(result.timersAfterAbort).toBe(0);
    expect(result.budgetsWhileUsed).toBe(1);
    expect(result.collected).toEqual(['a', 'b']);
    expect(result.budgetsAfterCollection).toBe(0);
    expect(result.resources).toEqual([]);
    expect(exitedAfter).toBeLessThan(2000);
  }, 30000);
});
