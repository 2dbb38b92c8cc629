/**
 * The pacer with a budget on the test's clock: maxWait ("defer, don't sleep"), priorities, and what
 * the instances sharing a budget tell (events per instance, lines once per wait episode of the budget).
 */
import { describe, expect, it } from '@jest/globals';
import { RateLimitError } from '../../lib/errors/classes.js';
import { Emitter } from '../../lib/events/emitter.js';
import { AppBudget } from '../../lib/limiter/budget.js';
import { Pacer } from '../../lib/limiter/pacer.js';
import type { LineSource } from '../../lib/log/types.js';

const rate = (used: number, remaining: number, reset: number) => ({ 'x-ratelimit-used': String(used), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset) });
const oauth = (username: string) => ({ type: 'script' as const, key: 'app-id', secret: 's', username, password: 'p', scope: '*' as const });
const URL_ = 'https://oauth.reddit.com/r/aww/new';
const tick = () => new Promise((r) => setTimeout(r, 0));

/** An emitter that keeps the lines the limiter asks for, and the events. */
class Recorder extends Emitter {
  lines: LineSource[] = [];
  events: Array<[string, unknown]> = [];
  line(...source: LineSource) {
    this.lines.push(source);
  }
  override emit(name: Parameters<Emitter['emit']>[0], payload: never): void {
    this.events.push([name, payload]);
  }
}

function setup(n = 1) {
  const clock = { now: 5_000_000 };
  const budget = new AppBudget(undefined, () => clock.now);
  const instances = Array.from({ length: n }, (_, i) => {
    const events = new Recorder();
    return { events, pacer: new Pacer({ budget, events, oauth: oauth(`bot${i}`), throttle: 0 }) };
  });
  return { clock, budget, instances };
}

const answer = (headers: Record<string, string>, status = 200) => () => Promise.resolve(new Response('{}', { status, headers }));

describe('maxWait: defer, do not sleep', () => {
  it('a spent budget rejects a call at once, unsent, with retryAfter within a second of the true wait', async () => {
    const { pacer } = setup().instances[0]!;
    await pacer.send(answer(rate(10, 0, 41)), { api: true, url: URL_, method: 'GET' });
    let sent = false;
    const call = pacer.send(() => ((sent = true), Promise.resolve(new Response('{}'))), { api: true, url: URL_, method: 'GET', maxWait: 5000 });
    // Rejected before any timer of this turn fires: no sleeping, not even briefly.
    const first = await Promise.race([call.then(() => 'sent', (e: unknown) => e), tick().then(() => 'timer')]);
    expect(first).toBeInstanceOf(RateLimitError);
    const error = first as RateLimitError;
    expect(error.reason).toBe('budget');
    // The window is over in reset + 1 s = 42 s.
    expect(Math.abs(error.retryAfter - 42_000)).toBeLessThanOrEqual(1000);
    expect(error.message).toMatch(/^GET \/r\/aww\/new was not sent: it would wait 42 s for the app's rate-limit budget, longer than maxWait \(5000 ms\)/);
    expect(sent).toBe(false);
  });

  it('after a 429 the reason is 429', async () => {
    const { pacer } = setup().instances[0]!;
    await pacer.send(answer({ ...rate(10, 0, 20), 'retry-after': '20' }, 429), { api: true, url: URL_, method: 'GET' });
    await expect(pacer.send(answer({}), { api: true, url: URL_, method: 'GET', maxWait: 0 })).rejects.toMatchObject({ name: 'RateLimitError', reason: '429', retryAfter: 21_000 });
  });

  it('a wait within maxWait is waited', async () => {
    const { pacer } = setup().instances[0]!;
    await expect(pacer.send(answer(rate(1, 50, 300)), { api: true, url: URL_, method: 'GET', maxWait: 0 })).resolves.toBeInstanceOf(Response);
  });
});

describe('what instances sharing a budget tell', () => {
  it('every waiting send is a wait event of its instance; the line comes once per wait episode, naming the account and the app', async () => {
    const { clock, instances } = setup(2);
    const [a, b] = instances;
    await a!.pacer.send(answer(rate(4, 0, 19)), { api: true, url: URL_, method: 'GET' });
    const controller = new AbortController();
    const waiting = [a, a, b, b].map((i) => i!.pacer.send(answer({}), { api: true, url: URL_, method: 'GET', signal: controller.signal }).catch(() => undefined));
    await tick();
    const waits = (i: typeof a) => i!.events.events.filter(([name]) => name === 'wait');
    expect(waits(a)).toHaveLength(2);
    expect(waits(b)).toHaveLength(2);
    expect(waits(a)[0]![1]).toEqual({ ms: 20_000, reason: 'budget' });
    const lines = [...a!.events.lines, ...b!.events.lines].filter(([name]) => name === 'waiting');
    expect(lines).toEqual([['waiting', { ms: 20_000, reason: 'budget', spent: true, account: 'u/bot0', app: 'app-id' }]]);
    // The same episode later (another send joins the queue): no second line.
    clock.now += 1000;
    waiting.push(b!.pacer.send(answer({}), { api: true, url: URL_, method: 'GET', signal: controller.signal }).catch(() => undefined));
    await tick();
    expect([...a!.events.lines, ...b!.events.lines].filter(([name]) => name === 'waiting')).toHaveLength(1);
    controller.abort();
    await Promise.all(waiting);
  });

  it('rate_limit_reached: once per instance that meets the spent window, with remaining 0; its line once per budget', async () => {
    const { instances } = setup(2);
    const [a, b] = instances;
    await a!.pacer.send(answer(rate(3, 0, 9)), { api: true, url: URL_, method: 'GET' });
    const controller = new AbortController();
    const waiting = [a, b, b].map((i) => i!.pacer.send(answer({}), { api: true, url: URL_, method: 'GET', signal: controller.signal }).catch(() => undefined));
    await tick();
    const reached = (i: typeof a) => i!.events.events.filter(([name]) => name === 'rate_limit_reached').map(([, p]) => p);
    expect(reached(a)).toEqual([{ used: 3, remaining: 0, reset: 9 }]);
    expect(reached(b)).toEqual([{ used: 3, remaining: 0, reset: 9 }]);
    const lines = [...a!.events.lines, ...b!.events.lines].filter(([name]) => name === 'reached');
    expect(lines).toEqual([['reached', { used: 3, remaining: 0, reset: 9, ms: 10_000, account: 'u/bot0', app: 'app-id' }]]);
    controller.abort();
    await Promise.all(waiting);
  });
});

describe('the first API call of a fresh instance', () => {
  const fresh = () => {
    const clock = { now: 5_000_000 };
    const budget = new AppBudget(undefined, () => clock.now);
    return new Pacer({ budget, events: new Recorder(), oauth: oauth('bot') });
  };
  const TOKEN = { api: false, url: 'https://www.reddit.com/api/v1/access_token', method: 'POST' };

  it('goes at once after the token request (which the API budget does not count): no 1 s start-up gap behind it', async () => {
    const pacer = fresh();
    await pacer.send(answer({}), TOKEN);
    await expect(pacer.send(answer(rate(1, 99, 500)), { api: true, url: URL_, method: 'GET', maxWait: 0 })).resolves.toBeInstanceOf(Response);
  });

  it('until an answer tells the budget, API calls keep the default 1 s gap between them, and token requests between them', async () => {
    const pacer = fresh();
    await pacer.send(answer({}), { api: true, url: URL_, method: 'GET' });
    await expect(pacer.send(answer({}), { api: true, url: URL_, method: 'GET', maxWait: 0 })).rejects.toMatchObject({ name: 'RateLimitError' });
    await pacer.send(answer({}), TOKEN);
    await expect(pacer.send(answer({}), { ...TOKEN, maxWait: 0 })).rejects.toMatchObject({ name: 'RateLimitError' });
  });
});

describe('token, revoke and upload requests: outside the API budget', () => {
  const TOKEN = { api: false, url: 'https://www.reddit.com/api/v1/access_token', method: 'POST' };
  const API = { api: true, url: URL_, method: 'GET' };

  it('spend none of the API budget, and take nothing from its pace', async () => {
    const { budget, instances: [a] } = setup();
    await a!.pacer.send(answer(rate(10, 50, 300)), API);
    const before = { ...budget.gate.settings, wait: budget.gate.wait() };
    await a!.pacer.send(answer({}), TOKEN);
    await a!.pacer.send(answer({}), { ...TOKEN, url: 'https://www.reddit.com/api/v1/revoke_token' });
    expect({ ...budget.gate.settings, wait: budget.gate.wait() }).toEqual(before);
    expect(budget.gate.running).toBe(0);
  });

  it('go at once while the API budget is spent', async () => {
    const { budget, instances: [a] } = setup();
    await a!.pacer.send(answer(rate(10, 0, 300)), API);
    expect(budget.closed?.reason).toBe('budget');
    await expect(a!.pacer.send(answer(rate(10, 0, 300)), { ...API, maxWait: 0 })).rejects.toMatchObject({ name: 'RateLimitError', reason: 'budget' });
    await expect(a!.pacer.send(answer({}), { ...TOKEN, maxWait: 0 })).resolves.toBeInstanceOf(Response);
    expect(budget.gate.settings.reservoir).toBe(0);
  });

  it("an API 429 does not pause them; theirs pauses them and not the API calls", async () => {
    const { clock, instances: [a] } = setup();
    await a!.pacer.send(answer(rate(1, 99, 300)), API);
    await a!.pacer.send(answer({ 'retry-after': '30' }, 429), TOKEN);
    const held = await a!.pacer.send(answer({}), { ...TOKEN, maxWait: 0 }).catch((e: unknown) => e);
    expect(held).toBeInstanceOf(RateLimitError);
    expect(held).toMatchObject({ reason: '429', retryAfter: 30_000 });
    await expect(a!.pacer.send(answer(rate(2, 98, 299)), { ...API, maxWait: 0 })).resolves.toBeInstanceOf(Response);
    await a!.pacer.send(answer({ 'retry-after': '20' }, 429), API);
    clock.now += 30_000;
    await expect(a!.pacer.send(answer({}), { ...TOKEN, maxWait: 0 })).resolves.toBeInstanceOf(Response);
  });

  it('a pause of theirs is told as a wait, its line once per pause however many instances wait', async () => {
    const { instances: [a, b] } = setup(2);
    await a!.pacer.send(answer({ 'retry-after': '30' }, 429), TOKEN);
    const controller = new AbortController();
    const waiting = [a, b].map((i) => i!.pacer.send(answer({}), { ...TOKEN, signal: controller.signal }).catch(() => undefined));
    await tick();
    const waits = (i: typeof a) => i!.events.events.filter(([name]) => name === 'wait').map(([, p]) => p);
    expect(waits(a)).toEqual([{ ms: 30_000, reason: 'rate_limit' }]);
    expect(waits(b)).toEqual([{ ms: 30_000, reason: 'rate_limit' }]);
    expect([...a!.events.lines, ...b!.events.lines].filter(([name]) => name === 'waiting')).toHaveLength(1);
    controller.abort();
    await Promise.all(waiting);
  });

  it('do not go through a budget shared across processes', async () => {
    const scheduled: string[] = [];
    const shared = {
      schedule: (send: () => Promise<Response>, _signal: AbortSignal | undefined, observe: (r: Response, c: undefined) => void) => {
        scheduled.push('api');
        return send().then((r) => (observe(r, undefined), r));
      },
      update: () => undefined,
    };
    const pacer = new Pacer({ budget: new AppBudget(shared), events: new Recorder(), oauth: oauth('bot'), throttle: 0 });
    await pacer.send(answer({}), TOKEN);
    await pacer.send(answer({}), { ...TOKEN, url: 'https://www.reddit.com/api/v1/revoke_token' });
    expect(scheduled).toEqual([]);
    await pacer.send(answer(rate(1, 99, 300)), API);
    expect(scheduled).toEqual(['api']);
  });
});

describe('maxWait with a budget shared across processes', () => {
  it('the shared budget gets what is left of maxWait after the wait at this process gate, not all of it again', async () => {
    const given: Array<number | undefined> = [];
    const shared = {
      schedule: (send: () => Promise<Response>, _signal: AbortSignal | undefined, observe: (r: Response, c: undefined) => void, _priority?: string, defer?: { maxWait: number }) => {
        given.push(defer?.maxWait);
        return send().then((r) => (observe(r, undefined), r));
      },
      update: () => undefined,
    };
    const pacer = new Pacer({ budget: new AppBudget(shared), events: new Recorder(), oauth: oauth('bot'), throttle: 400 });
    const send = () => pacer.send(() => Promise.resolve(new Response('{}')), { api: true, url: URL_, method: 'GET', maxWait: 1000 });
    await send();
    // The instance's throttle holds the second send in the gate until 400 ms after the first one's
    // start (less the moments between that start and this call, more than 100 ms only on a machine
    // stalled for a third of a second): the shared budget gets what is left, not a fresh 1000 ms.
    await send();
    expect(given[0]).toBeGreaterThan(900);
    expect(given[1]).toBeLessThan(900);
    expect(given[1]).toBeGreaterThanOrEqual(0);
  });
});
