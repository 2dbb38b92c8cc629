import { describe, it, expect, jest } from '@jest/globals';
import { listingOf, Slice } from '../../lib/listing/slice.js';
import { ArgumentError } from '../../lib/errors/classes.js';
import type { Args } from '../../lib/request/path.js';
import type { ListingSlice } from '../../lib/types/listing.js';

interface Item { kind: string; data: { id: string; name?: string; stickied?: boolean } }

const item = (id: string, stickied = false): Item => ({ kind: 't3', data: { id, name: `t3_${id}`, stickied } });
const page = (children: Item[], after: string | null, before: string | null = null) => ({
  kind: 'Listing' as const,
  data: { after, before, dist: children.length, modhash: '', children },
});

type Body = ReturnType<typeof page>;

/**
 * A fake server: answers each page request from `respond`, records the args it got, and wraps the
 * answer in a Slice the way the core does (listingOf + new Slice with the same fetcher).
 */
function fakeListing(respond: (args: Args) => unknown, listingIndex?: number) {
  const calls: Args[] = [];
  const fetchPage = jest.fn(async (args: Args): Promise<ListingSlice<Item>> => {
    calls.push(structuredClone(args));
    const body = respond(args);
    return new Slice<Item>(body, listingOf(body, listingIndex, '/r/test/hot'), args, fetchPage);
  });
  const first = (args: Args = {}) => fetchPage({ ...args });
  return { fetchPage, calls, first };
}

/** Three pages of 2 items each: a, b | c, d | e, f; `after` is the last item's fullname. */
const threePages = (args: Args): Body => {
  if (args.after === undefined) return page([item('a'), item('b')], 't3_b');
  if (args.after === 't3_b') return page([item('c'), item('d')], 't3_d', 't3_c');
  if (args.after === 't3_d') return page([item('e'), item('f')], null, 't3_e');
  throw new Error(`unexpected after ${String(args.after)}`);
};

describe('listingOf picks the listing out of a response', () => {
  it('returns a listing body as it is', () => {
    const body = page([item('a')], null);
    expect(listingOf(body, undefined, '/r/x/hot')).toBe(body);
  });

  it('picks listingIndex out of an array of listings', () => {
    const link = page([item('l')], null);
    const comments = { kind: 'Listing', data: { after: null, before: null, children: [{ kind: 't1', data: { id: 'c1' } }] } };
    expect(listingOf([link, comments], 1, '/comments/x')).toBe(comments);
    expect(listingOf([link, comments], 0, '/comments/x')).toBe(link);
  });

  it('rejects an array of listings without listingIndex, naming the fix', () => {
    expect(() => listingOf([page([], null), page([], null)], undefined, '/comments/abc')).toThrow(ArgumentError);
    expect(() => listingOf([page([], null), page([], null)], undefined, '/comments/abc')).toThrow(/listingIndex/);
  });

  it('rejects a listingIndex past the end of the array', () => {
    expect(() => listingOf([page([], null)], 3, '/comments/abc')).toThrow(ArgumentError);
  });

  it.each([
    ['a thing', { kind: 't2', data: { name: 'me' } }],
    ['a Listing without data', { kind: 'Listing' }],
    ['null', null],
    ['a string', 'Listing'],
    ['an empty body', ''],
  ])('rejects %s as not a listing', (_label, body) => {
    expect(() => listingOf(body, undefined, '/api/v1/me')).toThrow(ArgumentError);
  });
});

describe('Slice members describe one page', () => {
  const body = page([item('s1', true), item('a'), item('b'), item('s2', true)], 't3_b', 't3_a');
  const slice = new Slice<Item>(body, body, { limit: 4, count: 10 }, async () => { throw new Error('no fetch'); });

  it('children leaves stickied items out, in order', () => {
    expect(slice.children.map((c) => c.data.id)).toEqual(['a', 'b']);
  });
  it('stickied holds only the stickied items', () => {
    expect(slice.stickied.map((c) => c.data.id)).toEqual(['s1', 's2']);
  });
  it('allChildren holds every item in order', () => {
    expect(slice.allChildren.map((c) => c.data.id)).toEqual(['s1', 'a', 'b', 's2']);
  });
  it('before/after come from data; count from the args; get is the whole body', () => {
    expect(slice.after).toBe('t3_b');
    expect(slice.before).toBe('t3_a');
    expect(slice.count).toBe(10);
    expect(slice.get).toBe(body);
    expect(slice.empty).toBe(false);
    expect(slice.done).toBe(false);
  });

  it('an empty last page is empty and done, with null before/after', () => {
    const empty = page([], null);
    const s = new Slice<Item>(empty, empty, {}, async () => { throw new Error('no fetch'); });
    expect(s.empty).toBe(true);
    expect(s.done).toBe(true);
    expect(s.before).toBeNull();
    expect(s.after).toBeNull();
    expect(s.count).toBe(0);
    expect(s.children).toEqual([]);
  });

  it('a listing whose data has no after/before reads them as null', () => {
    const bare = { kind: 'Listing' as const, data: { children: [item('a')] } };
    const s = new Slice<Item>(bare, bare, {}, async () => { throw new Error('no fetch'); });
    expect(s.after).toBeNull();
    expect(s.before).toBeNull();
    expect(s.done).toBe(true);
  });
});

describe('next() fetches the following page', () => {
  it('passes after, count advanced by the items received, and the same limit', async () => {
    const { first, calls } = fakeListing(threePages);
    const p1 = await first({ limit: 2 });
    const p2 = await p1.next();
    expect(calls[1]).toEqual({ limit: 2, after: 't3_b', count: 2 });
    expect(p2.count).toBe(2);
    expect(p2.children.map((c) => c.data.id)).toEqual(['c', 'd']);
    const p3 = await p2.next();
    expect(calls[2]).toEqual({ limit: 2, after: 't3_d', count: 4 });
    expect(p3.count).toBe(4);
    expect(p3.done).toBe(true);
  });

  it('counts stickied items as received', async () => {
    const { first, calls } = fakeListing((args) => (args.after ? page([item('c')], null) : page([item('s', true), item('a')], 't3_a')));
    await (await first({ limit: 2 })).next();
    expect(calls[1]).toMatchObject({ after: 't3_a', count: 2 });
  });

  it('drops before when moving forward and keeps other args ($params, sort options)', async () => {
    const { first, calls } = fakeListing(() => page([item('x')], 't3_x'));
    await (await first({ $subreddit: 'pics', t: 'week', before: 't3_zzz', limit: 1 })).next();
    expect(calls[1]).toEqual({ $subreddit: 'pics', t: 'week', limit: 1, after: 't3_x', count: 1 });
    expect('before' in calls[1]!).toBe(false);
  });

  it('never mutates the caller\'s args', async () => {
    const args = Object.freeze({ limit: 2, t: 'all' });
    const { first } = fakeListing(threePages);
    const p1 = await first(args);
    await p1.next();
    await p1.previous();
    await p1.start();
    await p1.requery();
    expect(args).toEqual({ limit: 2, t: 'all' });
  });

  it('does not change the slice it was called on', async () => {
    const { first } = fakeListing(threePages);
    const p1 = await first({ limit: 2 });
    await p1.next();
    expect(p1.after).toBe('t3_b');
    expect(p1.count).toBe(0);
    expect(p1.children.map((c) => c.data.id)).toEqual(['a', 'b']);
  });

  it('past the end resolves to an empty, done slice without fetching', async () => {
    const { first, fetchPage } = fakeListing(() => page([item('a'), item('b')], null));
    const last = await first({ limit: 5 });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    const beyond = await last.next();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(beyond.empty).toBe(true);
    expect(beyond.done).toBe(true);
    expect(beyond.children).toEqual([]);
    expect(beyond.allChildren).toEqual([]);
    expect(beyond.after).toBeNull();
    expect(beyond.before).toBeNull();
    const further = await beyond.next();
    expect(further.done).toBe(true);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

describe('previous() fetches the preceding page', () => {
  it('uses the first item\'s fullname as before and drops after', async () => {
    const { first, calls } = fakeListing(threePages);
    const p2 = await (await first({ limit: 2 })).next();
    await p2.previous();
    expect(calls[2]).toMatchObject({ limit: 2, before: 't3_c' });
    expect('after' in calls[2]!).toBe(false);
  });

  it('builds the fullname from kind and id when data.name is missing', async () => {
    const calls: Args[] = [];
    const body = { kind: 'Listing' as const, data: { after: null, before: null, children: [{ kind: 't1', data: { id: 'abc' } }] } };
    const s = new Slice(body, body, { count: 25 }, async (args) => { calls.push(args); return undefined; });
    await s.previous();
    expect(calls[0]).toMatchObject({ before: 't1_abc' });
  });

  it('uses the stickied first item too (before = first of allChildren)', async () => {
    const calls: Args[] = [];
    const body = page([item('s', true), item('a')], 't3_a');
    const s = new Slice(body, body, {}, async (args) => { calls.push(args); return undefined; });
    await s.previous();
    expect(calls[0]).toMatchObject({ before: 't3_s' });
  });
});

describe('start() and requery()', () => {
  it('start() drops after, before and count and keeps the rest', async () => {
    const { first, calls } = fakeListing(threePages);
    const p2 = await (await first({ limit: 2, t: 'day' })).next();
    const again = await p2.start();
    expect(calls[2]).toEqual({ limit: 2, t: 'day' });
    expect(again.children.map((c) => c.data.id)).toEqual(['a', 'b']);
    expect(again.count).toBe(0);
  });

  it('requery() fetches with the same args', async () => {
    const { first, calls } = fakeListing(threePages);
    const p2 = await (await first({ limit: 2 })).next();
    const same = await p2.requery();
    expect(calls[2]).toEqual(calls[1]);
    expect(same.children.map((c) => c.data.id)).toEqual(['c', 'd']);
    expect(same.count).toBe(p2.count);
  });

  it('each move hands the fetcher its own copy of the args', async () => {
    const seen: Args[] = [];
    const body = page([item('a')], 't3_a');
    const own = { limit: 1 };
    const s = new Slice(body, body, own, async (args) => { seen.push(args); return undefined; });
    await s.requery();
    await s.start();
    await s.next();
    for (const args of seen) expect(args).not.toBe(own);
    expect(new Set(seen).size).toBe(3);
  });
});

describe('async iteration yields children across pages until the listing ends', () => {
  it('walks three pages and stops', async () => {
    const { first, fetchPage } = fakeListing(threePages);
    const ids: string[] = [];
    for await (const thing of await first({ limit: 2 })) ids.push(thing.data.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('leaves stickied items out', async () => {
    const { first } = fakeListing((args) => (args.after ? page([item('c')], null) : page([item('s', true), item('a')], 't3_a')));
    const ids: string[] = [];
    for await (const thing of await first()) ids.push(thing.data.id);
    expect(ids).toEqual(['a', 'c']);
  });

  it('fetches only as far as the consumer reads', async () => {
    const { first, fetchPage } = fakeListing(threePages);
    const ids: string[] = [];
    for await (const thing of await first({ limit: 2 })) {
      ids.push(thing.data.id);
      if (ids.length === 3) break;
    }
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('yields nothing for an empty listing and fetches nothing more', async () => {
    const { first, fetchPage } = fakeListing(() => page([], null));
    const ids: string[] = [];
    for await (const thing of await first()) ids.push(thing.data.id);
    expect(ids).toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('propagates a page fetch failure', async () => {
    const { first } = fakeListing((args) => {
      if (args.after) throw new Error('boom');
      return page([item('a')], 't3_a');
    });
    const ids: string[] = [];
    await expect((async () => { for await (const t of await first()) ids.push(t.data.id); })()).rejects.toThrow('boom');
    expect(ids).toEqual(['a']);
  });

  it('starts from the slice it is called on', async () => {
    const { first } = fakeListing(threePages);
    const p2 = await (await first({ limit: 2 })).next();
    const ids: string[] = [];
    for await (const thing of p2) ids.push(thing.data.id);
    expect(ids).toEqual(['c', 'd', 'e', 'f']);
  });
});
