/**
 * `/api/morechildren` one call at a time per account: the platform refuses a concurrent call of
 * one account (429 without Retry-After). Every instance of the account in the process waits its
 * turn; other accounts do not; a refusal from outside is waited out with a capped back-off.
 */
import { describe, expect, it } from '@jest/globals';
import type { SnoopathEvents } from '../../../lib/index.js';
import { budgetFor } from '../../../lib/limiter/registry.js';
import { client, requestsTo, sleep, start, type Emulator, type LoggedRequest, type LooseClient } from '../setup.js';
import { waitWhile } from '../../support/wait.js';

const MORE = '/api/morechildren';
const DELAY = 100;
const as = (emu: Emulator, user: 'demo_user' | 'other_user', extra: Record<string, unknown> = {}) =>
  client(emu, 'script', { oauth: { username: user, password: user === 'demo_user' ? 'demo_password' : 'other_password' }, ...extra });

async function linkId(emu: Emulator): Promise<string> {
  const page = await client(emu, 'script', { limiter: 'instance' })('/r/$subreddit/new').get<{ data: { children: Array<{ data: { name: string } }> } }>({ $subreddit: 'aww', limit: 1 });
  return page.data.children[0]!.data.name;
}

/** Pairs of morechildren requests that overlapped at the emulator (each holds its lock DELAY ms). */
function overlaps(requests: LoggedRequest[]): number {
  let n = 0;
  for (let i = 1; i < requests.length; i++) if (requests[i]!.at - requests[i - 1]!.at < DELAY - 5) n++;
  return n;
}

describe('the emulator', () => {
  it('refuses a concurrent morechildren call of one account with a 429 without Retry-After', async () => {
    // The first holds the lock 1 s: the second, sent 20 ms later, arrives within it even on a loaded machine.
    const emu = await start({ moreChildrenDelay: 1000 });
    const link = await linkId(emu);
    const reddit = as(emu, 'demo_user', { limiter: 'instance', retryAttempts: 0 });
    await reddit.auth();
    const token = reddit.getAccessToken();
    const send = () => fetch(`${emu.url}${MORE}?link_id=${link}&children=&api_type=json`, { headers: { authorization: `bearer ${token}` } });
    const [first, second] = await Promise.all([send(), sleep(20).then(send)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBeNull();
  });
});

describe('the morechildren lock', () => {
  it('20 concurrent calls from 4 instances of one account: never two in flight; two accounts run at the same time', async () => {
    const emu = await start({ moreChildrenDelay: DELAY });
    const link = await linkId(emu);
    const instances = Array.from({ length: 4 }, () => as(emu, 'demo_user'));
    const other = as(emu, 'other_user');
    await Promise.all([...instances, other].map((r) => r.auth()));
    const more = (r: LooseClient, i: number) => (i % 2 ? r(MORE).post({ link_id: link, children: '', sort: 'new' }) : r(MORE).get({ link_id: link, children: '' }));
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => more(instances[i % 4]!, i)),
      ...Array.from({ length: 5 }, (_, i) => more(other, i)),
    ]);
    const all = requestsTo(emu, MORE);
    const mine = all.filter((r) => r.user === 'demo_user');
    const theirs = all.filter((r) => r.user === 'other_user');
    const crossed = all.filter((r, i) => i > 0 && r.user !== all[i - 1]!.user && r.at - all[i - 1]!.at < DELAY - 5).length;
    expect(results.every((r) => (r as { json: { errors: unknown[] } }).json.errors.length === 0)).toBe(true);
    expect(all.filter((r) => r.status === 429)).toEqual([]);
    expect(mine).toHaveLength(20);
    expect(overlaps(mine)).toBe(0);
    expect(overlaps(theirs)).toBe(0);
    expect(crossed).toBeGreaterThan(0);
  }, 20000);

  it('a 429 without Retry-After waits 1 s, 2 s, 4 s (not the budget: other calls go on)', async () => {
    const emu = await start();
    const link = await linkId(emu);
    const reddit = as(emu, 'demo_user');
    const waits: Array<SnoopathEvents['wait']> = [];
    reddit.on('wait', (w) => waits.push(w));
    await reddit.auth();
    emu.fault({ path: MORE, status: 429, times: 3 });
    const more = reddit(MORE).get({ link_id: link, children: '' });
    // During the 2 s back-off after the second 429: held back with it, the other call would wait
    // about 2 s; waited for by count, not by a sleep that may end late on a loaded machine.
    while (requestsTo(emu, MORE).length < 2) await sleep(10);
    const t0 = Date.now();
    await reddit('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1 });
    const otherMs = Date.now() - t0;
    await more;
    const sent = requestsTo(emu, MORE);
    const gaps = sent.slice(1).map((r, i) => r.at - sent[i]!.at);
    expect(sent.map((r) => r.status)).toEqual([429, 429, 429, 200]);
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    expect(gaps[1]).toBeGreaterThanOrEqual(1950);
    expect(gaps[2]).toBeGreaterThanOrEqual(3950);
    expect(gaps[2]).toBeLessThan(6000);
    expect(otherMs).toBeLessThan(1000);
    expect(waits.map((w) => w.reason)).toEqual(['morechildren', 'morechildren']);
  }, 20000);

  it('aborting a call that waits for the lock rejects it at once and it is never sent', async () => {
    const emu = await start({ moreChildrenDelay: 1000 });
    const link = await linkId(emu);
    const a = as(emu, 'demo_user');
    const b = as(emu, 'demo_user');
    await Promise.all([a.auth(), b.auth()]);
    const holding = a(MORE).get({ link_id: link, children: '' });
    // Until a holds the lock (its request is sent; a loaded machine may be late), bounded.
    await waitWhile(() => requestsTo(emu, MORE).length === 0);
    const controller = new AbortController();
    const waiting = b(MORE).get({ link_id: link, children: 't1_abc' }, { signal: controller.signal }).catch((e: unknown) => e);
    // Until b waits for the lock (no outward sign of it: read in the registry), bounded.
    const waiters = () => (budgetFor(undefined, emu.url, emu.apps.script.key).actions as { locks: Map<string, unknown[]> }).locks.get('u/demo_user')?.length ?? 0;
    await waitWhile(() => waiters() === 0);
    expect(waiters()).toBe(1);
    controller.abort();
    // At once: the rejection comes before a timer set right after the abort (an order, not a duration).
    expect(await Promise.race([waiting.then(() => 'call'), sleep(0).then(() => 'timer')])).toBe('call');
    const error = (await waiting) as Error;
    expect(error.name).toBe('AbortError');
    await holding;
    expect(requestsTo(emu, MORE)).toHaveLength(1);
    // The lock is free again: the next call is the next request the emulator sees, with nothing before it.
    await b(MORE).get({ link_id: link, children: '' });
    expect(requestsTo(emu, MORE)).toHaveLength(2);
  });
});
