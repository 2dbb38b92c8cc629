/**
 * The per-account limits across processes through Redis: the morechildren lock of an account and
 * its RATELIMIT cooldowns hold for this process and a child process alike.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { sharedLimit, type SharedLimit } from '../../lib/shared-limit.js';
import { client, requestsTo, start, type Emulator, type LooseClient } from '../integration/setup.js';
import { root, transpiledLib } from '../support/transpiled-lib.js';
import { keepStderr } from '../support/child-stderr.js';
import { hasRedisServer, quitClient, startRedis, type RedisServer } from './redis.js';
import { waitWhile } from '../support/wait.js';

const DELAY = 150;

/** The child process: `send(command)` resolves to its JSON answer. */
async function child(args: Record<string, unknown>) {
  const proc = spawn(process.execPath, [join(root, '__tests__', 'shared-limit', 'actions-child.mjs'), JSON.stringify(args)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr = keepStderr(proc);
  const lines: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  let buffer = '';
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const next = () => new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiters.push(resolve)));
  const exit = new Promise<number | null>((resolve) => proc.once('exit', resolve)).then((outcome) => {
    // Only the library's own lines (the waits and retries the test provokes), never a crash.
    expect(stderr.foreign()).toEqual([]);
    return outcome;
  });
  expect(await next()).toBe('ready');
  return {
    send: async (command: string) => {
      proc.stdin!.write(`${command}\n`);
      return JSON.parse(await next());
    },
    quit: async () => {
      proc.stdin!.end('quit\n');
      expect(await next()).toBe('done');
      return exit;
    },
    kill: () => proc.kill('SIGKILL'),
  };
}

(hasRedisServer ? describe : describe.skip)('per-account limits across processes (sharedLimit)', () => {
  let server: RedisServer;
  let lib: string;
  let limiter: SharedLimit;
  beforeAll(async () => {
    lib = transpiledLib('snoopath-shared-actions-test');
    server = await startRedis();
    limiter = sharedLimit({ redis: { host: '127.0.0.1', port: server.port } });
  });
  afterAll(async () => {
    await limiter?.close();
    await server?.stop();
  });

  const linkOf = async (emu: Emulator) => {
    const page = await client(emu, 'script', { limiter: 'instance' })('/r/$subreddit/new').get<{ data: { children: Array<{ data: { name: string } }> } }>({ $subreddit: 'aww', limit: 1 });
    return page.data.children[0]!.data.name;
  };

  it('the morechildren lock: 5 calls here and 5 in a child process of one account never overlap', async () => {
    const emu = await start({ moreChildrenDelay: DELAY });
    const link = await linkOf(emu);
    const reddit: LooseClient = client(emu, 'script', { limiter });
    await reddit.auth();
    const other = await child({ lib, url: emu.url, port: server.port, app: emu.apps.script });
    try {
      const [mine, theirs] = await Promise.all([
        Promise.all(Array.from({ length: 5 }, () => reddit('/api/morechildren').get({ link_id: link, children: '' }).then(() => 'ok', (e: Error) => e.message))),
        other.send(`more 5 ${link}`),
      ]);
      const sent = requestsTo(emu, '/api/morechildren');
      const gaps = sent.slice(1).map((r, i) => r.at - sent[i]!.at);
      expect(mine).toEqual(Array(5).fill('ok'));
      expect(theirs.results).toEqual(Array(5).fill('ok'));
      expect(sent.filter((r) => r.status === 429)).toEqual([]);
      expect(sent).toHaveLength(10);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(DELAY - 10);
      expect(await other.quit()).toBe(0);
    } finally {
      other.kill();
    }
  }, 30000);

  it('a RATELIMIT met here holds the child\'s call of the same account and action back until it is over', async () => {
    const emu = await start({ actionLimit: { count: 2, seconds: 2 } });
    const thing = await linkOf(emu);
    const reddit: LooseClient = client(emu, 'script', { limiter });
    await reddit.auth();
    const other = await child({ lib, url: emu.url, port: server.port, app: emu.apps.script });
    try {
      // Two comments spend the account's allowance for 2 s, counted from the first; the next one
      // meets RATELIMIT. t0 is taken before the first, so the 2 s are a lower bound however long
      // the two took on a loaded machine.
      const t0 = Date.now();
      await reddit('/api/comment').post({ thing_id: thing, text: 'zero' });
      await reddit('/api/comment').post({ thing_id: thing, text: 'one' });
      const limited = reddit('/api/comment').post({ thing_id: thing, text: 'two' }).then(() => Date.now() - t0);
      // Until "two" met RATELIMIT and its cooldown is in Redis for the child to see (a loaded machine may be late), bounded.
      const redis = new Redis({ host: '127.0.0.1', port: server.port });
      try {
        await waitWhile(async () => (await redis.keys('*_snoopath_cooldown:*')).length === 0);
      } finally {
        await quitClient(redis);
      }
      const theirs = await other.send(`comment ${thing} three`);
      const ms = await limited;
      const comments = requestsTo(emu, '/api/comment', 'POST').map((r) => ({ text: new URLSearchParams(r.body).get('text'), at: r.at - t0, status: r.status }));
      expect(theirs.result).toBe('ok');
      expect(ms).toBeGreaterThanOrEqual(1950);
      const three = comments.filter((c) => c.text === 'three');
      // Not sent while the cooldown lasted (the RATELIMIT answer asked to wait until "zero", sent after t0, left the 2 s window).
      // When it ends, "two" (sent again here) and "three" go at once; the emulator's window rolls, so
      // one of them may be refused once more until "one" leaves it too, and is then sent again.
      expect(three.length).toBeGreaterThanOrEqual(1);
      expect(three.length).toBeLessThanOrEqual(2);
      expect(three[0]!.at).toBeGreaterThanOrEqual(1950);
      expect(await other.quit()).toBe(0);
    } finally {
      other.kill();
    }
  }, 30000);
});
