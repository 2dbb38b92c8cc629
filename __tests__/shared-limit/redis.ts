/**
 * A throwaway redis-server for the Redis tests (shared-limit, fleet): loopback, a free port, no
 * persistence unless `args` ask for it.
 * Without `redis-server` on PATH the tests are skipped with a message, except in CI (`CI` set),
 * where its absence fails the run: CI must install it (apt-get install -y redis-server).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { within } from '../../lib/wait/within.js';

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

/** Every redis-server still running: killed when the test process exits, whatever happened to the test that started it. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const proc of running) proc.kill('SIGKILL');
});

/** What a test's own ioredis client needs to be closed by {@link quitClient}. */
interface Closable {
  status: string;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Close a test's own ioredis client without leaving anything behind: QUIT when Redis answers within
 * a second, else the socket is closed at once (a Redis killed or paused never answers); never
 * rejects, and an error the closing brings is not left unhandled.
 */
export async function quitClient(client: Closable | undefined): Promise<void> {
  if (!client || client.status === 'end') return;
  client.on('error', () => undefined);
  if (client.status !== 'ready') return client.disconnect();
  await within(client.quit(), 1000, () => new Error('QUIT not answered')).catch(() => client.disconnect());
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
  running.add(proc);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => (running.delete(proc), resolve())));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      // Not left running behind a failed start.
      proc.kill('SIGKILL');
      reject(new Error(`redis-server did not start within 5 s:\n${output}`));
    }, 5000);
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
