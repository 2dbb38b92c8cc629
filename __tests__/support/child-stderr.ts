import type { ChildProcess } from 'node:child_process';

/**
 * A child process's stderr, kept instead of printed, so a passing run prints nothing. The library's
 * own lines (`snoopath: ...`, a retry or a wait the test provokes) are expected there; `foreign()`
 * is anything else (a crash, a stack trace), which the test asserts is empty.
 */
export function keepStderr(proc: ChildProcess): { text(): string; foreign(): string[] } {
  let text = '';
  proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return {
    text: () => text,
    foreign: () => text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('snoopath: ')),
  };
}
