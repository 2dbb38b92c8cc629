import { describe, expect, it } from '@jest/globals';
import { Items } from '../../lib/listing/items.js';
import type { ListingSlice } from '../../lib/types/listing.js';

/** Fake slices over `pages` (arrays of items); `fetched` counts next() calls, each settling when `gate` says. */
function pagesOf(pages: string[][], options: { fail?: number; gate?: () => Promise<void> } = {}) {
  const fetched: number[] = [];
  const slice = (k: number): ListingSlice<string> => ({
    children: pages[k]!, stickied: [], allChildren: pages[k]!, empty: pages[k]!.length === 0, before: null, after: k + 1 < pages.length ? `p${k + 1}` : null,
    count: 0, done: k + 1 >= pages.length, get: undefined,
    async next() {
      fetched.push(k + 1);
      await (options.gate?.() ?? Promise.resolve());
      if (options.fail === k + 1) throw new Error(`page ${k + 1} failed`);
      return slice(k + 1);
    },
    previous: () => Promise.reject(new Error('unused')), start: () => Promise.reject(new Error('unused')), requery: () => Promise.reject(new Error('unused')),
    [Symbol.asyncIterator]: () => new Items(slice(k)),
  });
  return { first: slice(0), fetched };
}

describe('iterating a listing item by item', () => {
  it('goes through empty pages to the next items, and ends with the last page', async () => {
    const { first, fetched } = pagesOf([['a'], [], ['b', 'c']]);
    const seen: string[] = [];
    for await (const item of new Items(first)) seen.push(item);
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(fetched).toEqual([1, 2]);
  });

  it('next() calls made while a page is on its way wait for it: one request, items in order', async () => {
    let open!: () => void;
    const gate = () => new Promise<void>((resolve) => (open = resolve));
    const { first, fetched } = pagesOf([['a'], ['b', 'c']], { gate });
    const items = new Items(first);
    expect(await items.next()).toEqual({ value: 'a', done: false });
    const pending = [items.next(), items.next(), items.next()];
    await Promise.resolve();
    open();
    expect(await Promise.all(pending)).toEqual([{ value: 'b', done: false }, { value: 'c', done: false }, { value: undefined, done: true }]);
    expect(fetched).toEqual([1]);
  });

  it('after a failed page, the waiting and later calls end the iteration, as a generator does', async () => {
    const { first } = pagesOf([['a'], ['b']], { fail: 1 });
    const items = new Items(first);
    await items.next();
    const [failed, waiting] = [items.next(), items.next()];
    await expect(failed).rejects.toThrow('page 1 failed');
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(await items.next()).toEqual({ value: undefined, done: true });
  });

  it('return() ends it, even with a page on its way, and break fetches nothing more', async () => {
    let open!: () => void;
    const { first, fetched } = pagesOf([['a'], ['b'], ['c']], { gate: () => new Promise<void>((resolve) => (open = resolve)) });
    const items = new Items(first);
    await items.next();
    const pending = items.next();
    await Promise.resolve();
    expect(await items.return()).toEqual({ value: undefined, done: true });
    open();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(await items.next()).toEqual({ value: undefined, done: true });
    expect(fetched).toEqual([1]);
  });
});
