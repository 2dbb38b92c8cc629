/**
 * Worker processes of the fleet tests (worker-child.mjs): each one's JSON lines, stamped with the
 * test's clock on arrival, and ways to wait for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { root } from '../../support/transpiled-lib.js';

export interface Line {
  ev: string;
  name?: string;
  reason?: string;
  at: number;
  [key: string]: unknown;
}

export interface Worker {
  id: string;
  proc: ChildProcess;
  lines: Line[];
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Calls `fn` on each line as it arrives (synchronously, before anything else runs). */
  onLine(fn: (line: Line) => void): void;
  /** The last line of one of these kinds. */
  last(...evs: string[]): Line | undefined;
  /** Names of the items in lines of this kind. */
  names(ev: string): string[];
}

export function startWorker(options: Record<string, unknown> & { worker: string }): Worker {
  const proc = spawn(process.execPath, [join(root, '__tests__/integration/fleet/worker-child.mjs'), JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  const listeners: Array<(line: Line) => void> = [];
  let stderr = '';
  proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  createInterface({ input: proc.stdout! }).on('line', (text) => {
    let line: Line;
    try {
      line = { ...JSON.parse(text), at: Date.now() };
    } catch {
      line = { ev: 'text', text, at: Date.now() };
    }
    lines.push(line);
    for (const fn of listeners) fn(line);
  });
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => {
      if (code) lines.push({ ev: 'stderr', text: stderr, at: Date.now() });
      resolve(code);
    }),
  );
  return {
    id: options.worker,
    proc,
    lines,
    exited,
    onLine: (fn) => void listeners.push(fn),
    last: (...evs) => [...lines].reverse().find((l) => evs.includes(l.ev)),
    names: (ev) => lines.filter((l) => l.ev === ev).map((l) => l.name!),
  };
}

/** `promise`, or `'timed out'` after `ms` (the timer is cleared either way, so jest is not kept waiting). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
