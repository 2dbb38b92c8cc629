/**
 * The runtimes of the end-to-end checks: Deno and Bun (their npm packages, devDependencies whose
 * platform packages carry the binaries) and workerd (through Miniflare). Each runs scenario.mjs in
 * a child process and prints its results as one line.
 *
 * A runtime that is not installed (an unsupported platform, `npm ci --omit=optional`, ...) is
 * skipped with a loud message, except in CI (`CI` set), where its absence fails the run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from './scenario.mjs';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const HERE = join(ROOT, '__tests__/runtimes');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

export type RuntimeName = 'deno' | 'bun' | 'workerd';

interface Runtime {
  /** The binary whose `--version` tells that the runtime is installed. */
  probe: string;
  /** Command and arguments that run the checks with this config (JSON). */
  command(config: string): [string, string[]];
}

export const RUNTIMES: Record<RuntimeName, Runtime> = {
  // --allow-net=127.0.0.1 is the one permission the library needs against the emulator.
  deno: { probe: bin('deno'), command: (config) => [bin('deno'), ['run', '--allow-net=127.0.0.1', '--no-prompt', '--quiet', join(HERE, 'entry.mjs'), config]] },
  bun: { probe: bin('bun'), command: (config) => [bin('bun'), [join(HERE, 'entry.mjs'), config]] },
  workerd: { probe: bin('workerd'), command: (config) => [process.execPath, [join(HERE, 'workerd-host.mjs'), config]] },
};

/** The runtime's version, or undefined (with the skip or CI failure described above) when it is missing. */
export function runtimeVersion(name: RuntimeName): string | undefined {
  const probe = spawnSync(RUNTIMES[name].probe, ['--version'], { encoding: 'utf8' });
  if (probe.status === 0) return probe.stdout.trim().split('\n')[0];
  const why = `${name} is not installed (${RUNTIMES[name].probe} --version: ${probe.error?.message ?? probe.stderr.trim()})`;
  const fix = 'run npm ci; its binary comes with the npm package\'s platform package, an optional dependency';
  if (process.env.CI) throw new Error(`${why}: CI must run the ${name} checks (${fix}).`);
  console.warn(`\n*** SKIPPED: the ${name} end-to-end checks: ${why}. To run them, ${fix}. ***\n`);
  return undefined;
}

export interface Outcome {
  results: Record<string, Result>;
  /** What the runtime printed besides the results, shown when a check fails. */
  log: string;
}

/** Runs the checks in the runtime; rejects with its output when it prints no results. */
export function runChecks(name: RuntimeName, config: object, timeoutMs = 90_000): Promise<Outcome> {
  const [command, args] = RUNTIMES[name].command(JSON.stringify(config));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let out = '';
    let log = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      const line = out.split('\n').find((l) => l.startsWith('SNOOPATH_RESULTS '));
      log += out.split('\n').filter((l) => !l.startsWith('SNOOPATH_RESULTS ')).join('\n');
      if (line) resolve({ results: JSON.parse(line.slice('SNOOPATH_RESULTS '.length)), log });
      else reject(new Error(`${name} printed no results (exit ${status ?? signal}):\n${log}`));
    });
  });
}
