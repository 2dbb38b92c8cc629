/**
 * One budget across processes through Redis, under load: 3 processes x 3 instances of one app,
 * 6 callers each, against 36 per 3 s for 12 s. Every figure is printed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { requestsTo, sleep, start, type Emulator } from '../integration/setup.js';
import { root, transpiledLib } from '../support/transpiled-lib.js';
import { keepStderr } from '../support/child-stderr.js';
import { hasRedisServer, startRedis, type RedisServer } from './redis.js';

interface Outcome { ok: number; failures: number; failed: string[]; longest: number }

/** Start a load process; resolves once it is authenticated. */
async function loadProcess(args: Record<string, unknown>) {
  const proc = spawn(process.execPath, [join(root, '__tests__', 'shared-limit', 'load-child.mjs'), JSON.stringify(args)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr = keepStderr(proc);
  let output = '';
  let doneAt = 0;
  const exit = new Promise<{ code: number | null; afterDone: number }>((resolve) => proc.once('exit', (code) => resolve({ code, afterDone: doneAt ? Date.now() - doneAt : Infinity }))).then((outcome) => {
    // Only the library's own lines (the waits and retries the test provokes), never a crash.
    expect(stderr.foreign()).toEqual([]);
    return outcome;
  });
  const seen = (text: string) => new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!output.includes(text)) return;
      proc.stdout!.off('data', check);
      resolve();
    };
    proc.stdout!.on('data', check);
    proc.once('exit', () => reject(new Error(`load process exited before "${text}":\n${output}`)));
    check();
  });
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    if (!doneAt && output.includes('done')) doneAt = Date.now();
  });
  await seen('ready');
  return {
    go: (end: number) => proc.stdin!.end(`go ${end}\n`),
    result: seen('done').then(() => JSON.parse(output.split('\n').find((l) => l.startsWith('{'))!) as Outcome),
    exit,
    kill: () => proc.kill('SIGKILL'),
  };
}

(hasRedisServer ? describe : describe.skip)('one budget across processes (sharedLimit)', () => {
  let server: RedisServer;
  let lib: string;
  beforeAll(async () => {
    lib = transpiledLib('snoopath-shared-load-test');
    server = await startRedis();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('3 processes x 3 instances x 6 callers against 36 per 3 s for 12 s: no 429, at least 90 % of the budget used', async () => {
    const budget = 36;
    const windowMs = 3000;
    const windows = 4;
    const emu: Emulator = await start({ rateLimit: { budget, window: windowMs / 1000 }, accounts: Array.from({ length: 3 }, (_, i) => ({ name: `account${i}`, password: `password${i}` })) });
    const procs = await Promise.all([0, 1, 2].map(() => loadProcess({ lib, url: emu.url, port: server.port, instances: 3, callers: 6, app: emu.apps.script })));
    try {
      // Everyone authenticated: all start on the next window boundary.
      const from = Math.ceil((Date.now() + 300) / windowMs) * windowMs;
      const end = from + windows * windowMs;
      await sleep(from - Date.now());
      for (const p of procs) p.go(end);
      const outcomes = await Promise.all(procs.map((p) => p.result));
      let late: ReturnType<typeof setTimeout> | undefined;
      const tooLate = new Promise<{ code: number; afterDone: number }>((resolve) => (late = setTimeout(() => resolve({ code: -1, afterDone: Infinity }), 5000)));
      const exits = await Promise.all(procs.map((p) => Promise.race([p.exit, tooLate])));
      clearTimeout(late);
      const api = requestsTo(emu, /^\/r\//).filter((r) => r.at >= from && r.at < end);
      const accepted = api.filter((r) => r.status === 200).length;
      const refused = api.filter((r) => r.status === 429).length;
      const perWindow = Array.from({ length: windows }, (_, w) => api.filter((r) => r.status === 200 && Math.floor((r.at - from) / windowMs) === w).length);
      const share = accepted / (budget * windows);
      for (const o of outcomes) expect(o.failed).toEqual([]);
      for (const n of perWindow) expect(n).toBeLessThanOrEqual(budget);
      expect(refused).toBe(0);
      expect(share).toBeGreaterThanOrEqual(0.9);
      for (const e of exits) expect(e.code).toBe(0);
    } finally {
      for (const p of procs) p.kill();
    }
  }, 60000);
});
