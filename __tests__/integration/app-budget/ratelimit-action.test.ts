/**
 * Per-action RATELIMIT: a 200 whose `json.errors` holds RATELIMIT is a ResponseError with
 * `code: 'RATELIMIT'` and `retryAfter`; a short one is waited out and sent again, and the same
 * account's calls of the same action wait with it (across instances); other accounts go on.
 */
import { describe, expect, it } from '@jest/globals';
import { RateLimitError, ResponseError, type SnoopathEvents } from '../../../lib/index.js';
import { client, requestsTo, sleep, start, type Emulator, type LooseClient } from '../setup.js';
import { waitWhile } from '../../support/wait.js';

const COMMENT = '/api/comment';
const comment = (reddit: LooseClient, text: string, options: Record<string, unknown> = {}) => reddit(COMMENT).post({ thing_id: 't3_1c', text }, options);
const as = (emu: Emulator, user: 'demo_user' | 'other_user', extra: Record<string, unknown> = {}) =>
  client(emu, 'script', { oauth: { username: user, password: user === 'demo_user' ? 'demo_password' : 'other_password' }, ...extra });
/** The comment POSTs the emulator received with this text. */
const sent = (emu: Emulator, text: string) => requestsTo(emu, COMMENT, 'POST').filter((r) => new URLSearchParams(r.body).get('text') === text);

async function postId(emu: Emulator): Promise<string> {
  const reddit = client(emu, 'script', { limiter: 'instance' });
  const page = await reddit('/r/$subreddit/new').get<{ data: { children: Array<{ data: { name: string } }> } }>({ $subreddit: 'aww', limit: 1 });
  return page.data.children[0]!.data.name;
}

describe('a RATELIMIT of 2 s', () => {
  it('is waited out and sent again (twice in all); the account\'s other calls of the action wait too, across instances; another account\'s call goes at once', async () => {
    const emu = await start({ actionLimit: { count: 2, seconds: 2 } });
    const thing = await postId(emu);
    const post = (reddit: LooseClient, text: string, options?: Record<string, unknown>) => reddit(COMMENT).post({ thing_id: thing, text }, options);
    const first = as(emu, 'demo_user');
    const second = as(emu, 'demo_user');
    const other = as(emu, 'other_user');
    const retries: Array<SnoopathEvents['retry']> = [];
    const waits: Array<SnoopathEvents['wait']> = [];
    first.on('retry', (r) => retries.push(r));
    second.on('wait', (w) => waits.push(w));
    await Promise.all([first.auth(), second.auth(), other.auth()]);
    // Two comments spend the account's allowance for 2 s, counted from the first: t0 is taken
    // before it, so the 2 s are a lower bound however long the two took on a loaded machine.
    const t0 = Date.now();
    await post(first, 'one');
    await post(first, 'two');
    const limited = post(first, 'three').then(() => Date.now() - t0);
    // Until three met RATELIMIT (its retry is told once the cooldown is set; a loaded machine may be late), bounded.
    await waitWhile(() => retries.length === 0);
    const meanwhile = post(second, 'four').then(() => Date.now() - t0);
    // Judged from its own send, not from t0: the wait before it may end late on a loaded machine.
    const elsewhereFrom = Date.now();
    const elsewhere = post(other, 'five').then(() => Date.now() - elsewhereFrom);
    const [limitedMs, meanwhileMs, elsewhereMs] = await Promise.all([limited, meanwhile, elsewhere]);
    const three = sent(emu, 'three');
    const four = sent(emu, 'four');
    const one = sent(emu, 'one')[0]!;
    expect(limitedMs).toBeGreaterThanOrEqual(1950);
    expect(limitedMs).toBeLessThan(5000);
    // Not sent during the cooldown: only once it was over, and then it went through (the call
    // resolved). The emulator's window rolls: three's resend and four go at once when the cooldown
    // ends, and whichever loses the race for the slot "one" left (on a loaded machine, either) is
    // refused once more until "two" leaves the window too, and is then sent again. Only one of them.
    expect(three.length).toBeGreaterThanOrEqual(2);
    expect(three.length).toBeLessThanOrEqual(3);
    expect(four.length).toBeGreaterThanOrEqual(1);
    expect(four.length).toBeLessThanOrEqual(2);
    expect(three.length + four.length).toBeLessThanOrEqual(4);
    // Not before "one" left the emulator's window (its arrival + 2 s), on the emulator's own times.
    expect(three[1]!.at - one.at).toBeGreaterThanOrEqual(1950);
    expect(four[0]!.at - one.at).toBeGreaterThanOrEqual(1950);
    expect(meanwhileMs).toBeGreaterThanOrEqual(1950);
    // Against the ~1.7 s of cooldown left had it been held back too.
    expect(elsewhereMs).toBeLessThan(1000);
    // One retry per refusal of three: the cooldown's, and the roll's if three lost the race.
    expect(retries).toHaveLength(three.length - 1);
    expect(retries[0]).toMatchObject({ attempt: 1, error: { code: 'RATELIMIT' } });
    expect(retries[0]!.delay).toBeGreaterThan(1000);
    expect(retries[0]!.delay).toBeLessThanOrEqual(2000);
    expect(waits).toHaveLength(1);
    expect(waits[0]!.reason).toBe('ratelimit_action');
  }, 20000);
});

describe('ratelimitWait and maxWait: the smaller limit wins', () => {
  it('a RATELIMIT of 3 s within ratelimitWait but over maxWait is not waited out; the next call of the action defers with RateLimitError, unsent', async () => {
    const emu = await start();
    const reddit = as(emu, 'demo_user');
    const body = JSON.stringify({ json: { errors: [['RATELIMIT', 'try again in 3 seconds.', 'ratelimit']], ratelimit: 3 } });
    emu.fault({ path: COMMENT, status: 200, body });
    // ratelimitWait keeps its meaning for the answer: the RATELIMIT refusal itself, not sent again.
    const refused = (await comment(reddit, 'one', { ratelimitWait: 5000, maxWait: 1000 }).catch((e: unknown) => e)) as ResponseError;
    expect(refused).toBeInstanceOf(ResponseError);
    expect(refused).toMatchObject({ code: 'RATELIMIT', retryAfter: 3000, attempts: 1 });
    expect(sent(emu, 'one')).toHaveLength(1);
    // The account's cooldown of the action, over a smaller maxWait: deferred before sending.
    const deferred = (await comment(reddit, 'two', { ratelimitWait: 5000, maxWait: 1000 }).catch((e: unknown) => e)) as RateLimitError;
    expect(deferred).toBeInstanceOf(RateLimitError);
    expect(deferred).toMatchObject({ reason: 'ratelimit', attempts: 0 });
    expect(deferred.retryAfter).toBeGreaterThan(2000);
    expect(deferred.retryAfter).toBeLessThanOrEqual(3000);
    // Over a smaller ratelimitWait: the RATELIMIT error as before.
    await expect(comment(reddit, 'three', { ratelimitWait: 1000, maxWait: 10_000 })).rejects.toMatchObject({ name: 'ResponseError', code: 'RATELIMIT' });
    expect(sent(emu, 'two')).toHaveLength(0);
    expect(sent(emu, 'three')).toHaveLength(0);
  });
});

describe('a RATELIMIT of 10 minutes', () => {
  it('rejects at once with retryAfter ~ 600000; later calls of the account and action are not even sent; other actions and accounts go on', async () => {
    const emu = await start({ actionLimit: { count: 1, seconds: 600 } });
    const thing = await postId(emu);
    const reddit = as(emu, 'demo_user');
    const other = as(emu, 'other_user');
    await reddit(COMMENT).post({ thing_id: thing, text: 'one' });
    const t0 = Date.now();
    const error = (await reddit(COMMENT).post({ thing_id: thing, text: 'two' }).catch((e: unknown) => e)) as ResponseError;
    const rejectedAfter = Date.now() - t0;
    const again = (await as(emu, 'demo_user')(`${COMMENT}.json`).post({ thing_id: thing, text: 'three' }).catch((e: unknown) => e)) as ResponseError;
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.code).toBe('RATELIMIT');
    expect(error.status).toBe(200);
    expect(error.errors[0]![0]).toBe('RATELIMIT');
    expect(error.retryAfter).toBeGreaterThan(595_000);
    expect(error.retryAfter).toBeLessThanOrEqual(600_000);
    expect(rejectedAfter).toBeLessThan(1000);
    expect(sent(emu, 'two')).toHaveLength(1);
    expect(again).toBeInstanceOf(ResponseError);
    expect(again.code).toBe('RATELIMIT');
    expect(again.retryAfter).toBeGreaterThan(590_000);
    expect(sent(emu, 'three')).toHaveLength(0);
    // Another account, and another action of the same account, are not held back.
    await expect(other(COMMENT).post({ thing_id: thing, text: 'four' })).resolves.toMatchObject({ json: { errors: [] } });
    await expect(reddit('/api/vote').post({ id: thing, dir: 1 })).resolves.toEqual({});
  });
});

describe('faults', () => {
  it('a RATELIMIT without a number rejects at once with retryAfter undefined and holds nothing back', async () => {
    const emu = await start();
    const reddit = as(emu, 'demo_user');
    const body = JSON.stringify({ json: { errors: [['RATELIMIT', 'you are doing that too much. try again later.', 'ratelimit']] } });
    emu.fault({ path: COMMENT, status: 200, body });
    const t0 = Date.now();
    const error = (await comment(reddit, 'one').catch((e: unknown) => e)) as ResponseError;
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(error).toMatchObject({ code: 'RATELIMIT', retryAfter: undefined, status: 200 });
    await expect(comment(reddit, 'two')).rejects.toMatchObject({ errors: [['INVALID_THING', expect.any(String), 'parent']] });
  });

  it('ratelimitWait 0 never waits; retryAttempts 0 never sends again', async () => {
    const emu = await start();
    const body = JSON.stringify({ json: { errors: [['RATELIMIT', 'try again in 1 second.', 'ratelimit']], ratelimit: 0.5 } });
    for (const options of [{ ratelimitWait: 0 }, { retryAttempts: 0 }]) {
      emu.fault({ path: COMMENT, status: 200, body });
      const reddit = as(emu, 'demo_user', { limiter: 'instance', ...options });
      await expect(comment(reddit, JSON.stringify(options))).rejects.toMatchObject({ code: 'RATELIMIT', retryAfter: 500 });
      expect(sent(emu, JSON.stringify(options))).toHaveLength(1);
    }
  });

  it('aborting a call that waits for a cooldown rejects it at once and it is never sent', async () => {
    const emu = await start();
    const reddit = as(emu, 'demo_user');
    const body = JSON.stringify({ json: { errors: [['RATELIMIT', 'try again in 3 seconds.', 'ratelimit']], ratelimit: 3 } });
    emu.fault({ path: COMMENT, status: 200, body });
    const waits: Array<SnoopathEvents['wait']> = [];
    reddit.on('wait', (w) => waits.push(w));
    const waiting = comment(reddit, 'one', { ratelimitWait: 5000 }).catch((e: unknown) => e);
    // Until one met RATELIMIT and its resend waits for the cooldown, then until two waits for it too
    // (each tells its wait; a loaded machine may be late), bounded.
    await waitWhile(() => waits.length === 0);
    const controller = new AbortController();
    const second = comment(reddit, 'two', { signal: controller.signal }).catch((e: unknown) => e);
    await waitWhile(() => waits.length < 2);
    expect(waits.map((w) => w.reason)).toEqual(['ratelimit_action', 'ratelimit_action']);
    controller.abort();
    // At once: the rejection comes before a timer set right after the abort (an order, not a duration).
    expect(await Promise.race([second.then(() => 'call'), sleep(0).then(() => 'timer')])).toBe('call');
    const error = (await second) as Error;
    expect(error.name).toBe('AbortError');
    await waiting;
    expect(sent(emu, 'two')).toHaveLength(0);
  });
});

describe('the emulator', () => {
  it('answers RATELIMIT after K actions within T seconds of one account, with json.ratelimit and the platform\'s wording', async () => {
    const emu = await start({ actionLimit: { count: 2, seconds: 180 } });
    const thing = await postId(emu);
    const reddit = as(emu, 'demo_user', { ratelimitWait: 0 });
    await reddit(COMMENT).post({ thing_id: thing, text: 'b' });
    await reddit(COMMENT).post({ thing_id: thing, text: 'c' });
    const error = (await reddit(COMMENT).post({ thing_id: thing, text: 'd' }).catch((e: unknown) => e)) as ResponseError;
    expect(error.errors).toEqual([['RATELIMIT', 'you are doing that too much. try again in 3 minutes.', 'ratelimit']]);
    const { ratelimit } = (error.body as { json: { ratelimit: number } }).json;
    expect(ratelimit).toBeGreaterThan(170);
    expect(ratelimit).toBeLessThanOrEqual(180);
    emu.setActionLimit(false);
    await expect(as(emu, 'demo_user', { limiter: 'instance' })(COMMENT).post({ thing_id: thing, text: 'e' })).resolves.toMatchObject({ json: { errors: [] } });
  });

  it('counts the budget per client id: two accounts of one app share it', async () => {
    const emu = await start();
    const a = as(emu, 'demo_user', { limiter: 'instance' });
    const b = as(emu, 'other_user', { limiter: 'instance' });
    const used: Array<[string, number]> = [];
    a.on('rate_limit', (s) => used.push(['demo_user', s.used]));
    b.on('rate_limit', (s) => used.push(['other_user', s.used]));
    await Promise.all([a.auth(), b.auth()]);
    for (let i = 0; i < 3; i++) {
      await a('/api/v1/me').get();
      await b('/api/v1/me').get();
    }
    const users = requestsTo(emu, '/api/v1/me').map((r) => r.user);
    expect(users).toEqual(['demo_user', 'other_user', 'demo_user', 'other_user', 'demo_user', 'other_user']);
    // One counter: each answer counts the other account's requests too.
    expect(used.map(([, n]) => n - used[0]![1])).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
