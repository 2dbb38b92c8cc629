/**
 * The chaos soak: a quarter of all requests fail at random (5xx, resets, hangs, stalled bodies,
 * 429s, slow answers) while calls run concurrently, some redirected to another host, some aborted.
 * Every GET must come back right, no POST may be sent again after an unknown outcome, nothing may
 * reach the other host, and no promise may reject unhandled. Bounded to roughly 20-40 s.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { ResponseError } from '../../lib/index.js';
import { client, start, TOKEN_PATH, type Emulator, type LooseClient } from '../integration/setup.js';
import { startTrap, type Trap } from '../support/trap.js';

const SEED = 7;
const WORKERS = 6;
const OPERATIONS = 120; // per worker
const DEADLINE_MS = 45_000;
const CHAOS = { rate: 0.25, faults: ['status500', 'status502', 'status503', 'reset', 'hang', 'stall', 'status429', 'delay'] as const };

interface Check {
  path: string;
  args: Record<string, unknown>;
  /** The part of an answer that must match the reference. */
  pick: (answer: any) => unknown;
}

const checks: Check[] = [
  { path: '/api/v1/me', args: {}, pick: (a) => a.name },
  { path: '/r/$subreddit/about', args: { $subreddit: 'aww' }, pick: (a) => [a.data.display_name, a.data.subscribers] },
  { path: '/r/$subreddit/new', args: { $subreddit: 'aww', limit: 5 }, pick: (a) => a.data.children.map((c: any) => c.data.name) },
  { path: '/r/$subreddit/new', args: { $subreddit: 'programming', limit: 3, count: 3 }, pick: (a) => a.data.children.map((c: any) => c.data.name) },
  { path: '/user/$username/about', args: { $username: 'demo_user' }, pick: (a) => a.data.name },
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let trap: Trap;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  trap = await startTrap();
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await trap.close();
});

/** The answers of a calm emulator with the same seed: what every GET must come back with. */
async function reference(): Promise<unknown[]> {
  const calm = await start({ seed: SEED });
  const reddit = client(calm);
  const out = [];
  for (const check of checks) out.push(check.pick(await reddit(check.path).get({ ...check.args })));
  await calm.close();
  return out;
}

it('survives a quarter of its requests failing, with nothing wrong, repeated, leaked or unhandled', async () => {
  const expected = await reference();
  const emu: Emulator = await start({ seed: SEED, chaos: { rate: CHAOS.rate, faults: [...CHAOS.faults] } });
  // Enough retries that 25 % failures cannot exhaust them by chance (0.25^16 per call).
  const reddit: LooseClient = client(emu, 'script', { requestTimeout: 300, retryDelay: 10, retryAttempts: 15 });
  const targets = (await reddit('/r/$subreddit/new').get<any>({ $subreddit: 'snoopath', limit: 20 })).data.children.map((c: any) => c.data.name as string);
  const started = Date.now();
  const tally = { gets: 0, posts: 0, postsRejected: 0, redirects: 0, aborted: 0 };
  let nonce = 0;

  const worker = async (w: number) => {
    for (let i = 0; i < OPERATIONS && Date.now() - started < DEADLINE_MS; i++) {
      const roll = (w * 7919 + i * 104729) % 100;
      if (roll < 60) {
        const k = (w + i) % checks.length;
        const check = checks[k]!;
        const answer = await reddit(check.path).get({ ...check.args });
        expect(check.pick(answer)).toEqual(expected[k]);
        tally.gets++;
      } else if (roll < 80) {
        const id = targets[(w + i) % targets.length];
        const mine = `${w}-${i}-${nonce++}`;
        tally.posts++;
        // A POST may fail (an unknown outcome is not retried); what matters is below: never sent twice.
        await reddit('/api/vote').post({ id, dir: 1, nonce: mine }).catch((error: Error) => {
          expect(['NetworkError', 'TimeoutError', 'ResponseError']).toContain(error.name);
          tally.postsRejected++;
        });
      } else if (roll < 90) {
        // Off to another host: refused before anything is sent there, whatever the verb.
        const post = roll % 2 === 0;
        const path = post ? '/api/redirected-write' : '/api/redirected-read';
        emu.fault({ method: post ? 'POST' : 'GET', path, status: post ? 307 : 302, headers: { location: `${trap.url}/steal` }, body: '', times: 1 });
        const call = post ? reddit(path).post({ text: 'x' }) : reddit(path).get();
        const error = await call.then(() => undefined, (e: unknown) => e);
        // The chaos may hit the same request first; then a retry gets the redirect, or the call fails otherwise.
        if (error instanceof ResponseError && error.message.includes('another origin')) tally.redirects++;
        else expect(error).toBeInstanceOf(Error);
        emu.clearFaults();
      } else {
        const signal = AbortSignal.timeout(5 + (roll % 7) * 30);
        const check = checks[i % checks.length]!;
        const outcome = await reddit(check.path).get({ ...check.args }, { signal }).then((a) => ({ a }), (e: unknown) => ({ e }));
        if ('e' in outcome) {
          expect(outcome.e).toBe(signal.reason);
          tally.aborted++;
        } else {
          expect(check.pick(outcome.a)).toEqual(expected[i % checks.length]);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  const elapsed = Date.now() - started;
  await emu.close();

  // Faults were really injected: unanswered sends (reset, hang, stall) and 5xx/429 answers.
  const api = emu.requests.filter((r) => r.path !== TOKEN_PATH);
  expect(api.filter((r) => r.status === 0).length).toBeGreaterThan(5);
  expect(api.filter((r) => r.status >= 500).length).toBeGreaterThan(5);
  expect(api.filter((r) => r.status === 429).length).toBeGreaterThan(0);

  // No POST was sent again after an outcome the client could not know (no answer, or a stalled one).
  const byNonce = new Map<string, number[]>();
  for (const r of emu.requests) {
    if (r.method !== 'POST' || r.path !== '/api/vote') continue;
    const key = new URLSearchParams(r.body).get('nonce')!;
    byNonce.set(key, [...(byNonce.get(key) ?? []), r.status]);
  }
  expect(byNonce.size).toBe(tally.posts);
  for (const [key, statuses] of byNonce) {
    const resentAfter = statuses.slice(0, -1).filter((s) => s !== 429 && s < 500);
    expect({ key, statuses, resentAfter }).toEqual({ key, statuses, resentAfter: [] });
  }

  expect(tally.gets).toBeGreaterThan(WORKERS * OPERATIONS * 0.4);
  expect(tally.redirects).toBeGreaterThan(0);
  expect(trap.received).toEqual([]);
  expect(unhandled).toEqual([]);
  expect(elapsed).toBeLessThan(DEADLINE_MS + 15_000);
}, 120_000);
