import type { RedisLink } from './link.js';
import { RENEW, UNLOCK } from './scripts.js';
import { sleep } from '../../wait/sleep.js';

/** Names this process's locks in Redis: only their holder may renew or release them. */
const PROCESS = Math.random().toString(36).slice(2);
let locks = 0;
const nextId = () => `${PROCESS}:${++locks}`;

const noLock = () => undefined;

/**
 * Take a Redis lock (SET NX with an expiry, so a crashed holder frees it after `ttl` ms); it is
 * renewed while held and released only by its holder. Waiting polls (20 ms, doubling to 250 ms),
 * and an abort rejects at once. While Redis cannot be used, the process's own lock is all there is:
 * resolves at once to a release that does nothing.
 */
export async function lockIn(link: RedisLink, key: string, ttl: number, signal: AbortSignal | undefined, closed: () => boolean): Promise<() => void> {
  const { client } = link.conn;
  const token = nextId();
  // A fresh process waits for its first connection, as its sends do, before it goes without the lock.
  await link.usable(signal);
  for (let pause = 20; ; pause = Math.min(250, pause * 2)) {
    if (link.down || closed()) return noLock;
    const taken = await link.guard<unknown>(client.set(key, token, 'PX', ttl, 'NX'), undefined, signal);
    if (taken === 'OK') break;
    if (taken === undefined) return noLock;
    await sleep(pause, signal);
  }
  const renew = setInterval(() => void link.guard(client.eval(RENEW, 1, key, token, ttl)), Math.max(1000, Math.floor(ttl / 3)));
  renew.unref?.();
  return () => {
    clearInterval(renew);
    if (!link.down) void link.guard(client.eval(UNLOCK, 1, key, token));
  };
}
