import { describe, it, expect, jest } from '@jest/globals';
import { MODHASH_TTL_MS, ModhashKeeper } from '../../lib/auth/cookies.js';
import { AuthError } from '../../lib/errors/classes.js';

/** A fake clock and a fake GET /api/me.json that answers modhash mh1, mh2, ... */
function setup(answer: (n: number) => unknown = (n) => ({ kind: 't2', data: { name: 'me', modhash: `mh${n}` } })) {
  let now = 1_000_000;
  let n = 0;
  const readMe = jest.fn(async () => answer(++n));
  const keeper = new ModhashKeeper(readMe, () => now);
  return { keeper, readMe, advance: (ms: number) => { now += ms; } };
}

describe('ModhashKeeper reads the modhash once and caches it', () => {
  it('the TTL is 10 minutes', () => {
    expect(MODHASH_TTL_MS).toBe(600_000);
  });

  it('reads /api/me.json on the first get()', async () => {
    const { keeper, readMe } = setup();
    await expect(keeper.get()).resolves.toBe('mh1');
    expect(readMe).toHaveBeenCalledTimes(1);
  });

  it('serves the cached value for 10 minutes', async () => {
    const { keeper, readMe, advance } = setup();
    await keeper.get();
    advance(MODHASH_TTL_MS - 1);
    await expect(keeper.get()).resolves.toBe('mh1');
    expect(readMe).toHaveBeenCalledTimes(1);
  });

  it('reads again once 10 minutes have passed', async () => {
    const { keeper, readMe, advance } = setup();
    await keeper.get();
    advance(MODHASH_TTL_MS);
    await expect(keeper.get()).resolves.toBe('mh2');
    expect(readMe).toHaveBeenCalledTimes(2);
    advance(MODHASH_TTL_MS - 1);
    await expect(keeper.get()).resolves.toBe('mh2');
    expect(readMe).toHaveBeenCalledTimes(2);
  });

  it('concurrent get() calls share one read', async () => {
    const { keeper, readMe } = setup();
    const all = await Promise.all([keeper.get(), keeper.get(), keeper.get()]);
    expect(all).toEqual(['mh1', 'mh1', 'mh1']);
    expect(readMe).toHaveBeenCalledTimes(1);
  });

  it('concurrent get() calls after expiry share one re-read', async () => {
    const { keeper, readMe, advance } = setup();
    await keeper.get();
    advance(MODHASH_TTL_MS + 1);
    const all = await Promise.all([keeper.get(), keeper.get()]);
    expect(all).toEqual(['mh2', 'mh2']);
    expect(readMe).toHaveBeenCalledTimes(2);
  });
});

describe('ModhashKeeper without a session', () => {
  it.each([
    ['no modhash', { kind: 't2', data: { name: 'me' } }],
    ['an empty modhash', { kind: 't2', data: { modhash: '' } }],
    ['a non-string modhash', { data: { modhash: 5 } }],
    ['an empty object (logged out)', {}],
    ['null', null],
    ['a text body', '<html>login</html>'],
  ])('rejects with AuthError no_session for %s', async (_label, body) => {
    const { keeper } = setup(() => body);
    const err = await keeper.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).code).toBe('no_session');
  });

  it('all concurrent callers get the rejection, and a later get() reads again', async () => {
    const { keeper, readMe } = setup((n) => (n === 1 ? {} : { data: { modhash: 'late' } }));
    const results = await Promise.allSettled([keeper.get(), keeper.get()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(readMe).toHaveBeenCalledTimes(1);
    await expect(keeper.get()).resolves.toBe('late');
    expect(readMe).toHaveBeenCalledTimes(2);
  });

  it('a failing read (network) rejects and is retried on the next get()', async () => {
    const { keeper, readMe } = setup((n) => {
      if (n === 1) throw new Error('offline');
      return { data: { modhash: 'ok' } };
    });
    await expect(keeper.get()).rejects.toThrow('offline');
    await expect(keeper.get()).resolves.toBe('ok');
    expect(readMe).toHaveBeenCalledTimes(2);
  });
});
