/**
 * A throwaway redis-server for the Redis tests (shared-limit, fleet): loopback, a free port, no
 * persistence unless `args` ask for it.
 * Without `redis-server` on PATH the tests are skipped with a message, except in CI (`CI` set),
 * where its absence fails the run: CI must install it (apt-get install -y redis-server).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

if (!hasRedisServer) {
  const message = 'redis-server is not installed: the Redis tests (shared-limit, fleet) need it (apt-get install -y redis-server).';
  if (process.env.CI) throw new Error(`${message} CI must install it.`);
  console.warn(`SKIPPED: ${message}`);
}

export interface RedisServer {
  port: number;
  /** Stop it (SIGKILL: as if it crashed); resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Freeze it (SIGSTOP): its connections stay open and every command waits, as with a hung server. */
  pause(): void;
  /** Let a paused server go on (SIGCONT). */
  resume(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Start redis-server on 127.0.0.1 and a free port (or `port`); resolves once it accepts connections.
 * `args` come last, so they win: `['--appendonly', 'yes', '--dir', dir]` keeps the data across a restart.
 */
export async function startRedis(port?: number, args: string[] = []): Promise<RedisServer> {
  port ??= await freePort();
  const proc: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 5 s:\n${output}`)), 5000);
    proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with code ${code}:\n${output}`));
    });
  });
  return {
    port,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGCONT');
        proc.kill(signal);
      }
      await exited;
    },
    pause: () => void proc.kill('SIGSTOP'),
    resume: () => void proc.kill('SIGCONT'),
  };
}
