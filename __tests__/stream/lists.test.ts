// Streams over subreddit lists, as tables: what a poll asks (lib/stream/listings.ts), how the
// requests' items merge (poll.ts), and which cursors carry over between list shapes (cursor.ts).
import { describe, expect, it } from '@jest/globals';
import { ArgumentError } from '../../lib/errors/classes.js';
import { cursorOf, restore } from '../../lib/stream/cursor.js';
import { listingsOf, OTHER } from '../../lib/stream/listings.js';
import { oldestFirst, pollOne } from '../../lib/stream/poll.js';
import { idOf, ONE, Recent } from '../../lib/stream/recent.js';
import { settle } from '../../lib/stream/settings.js';
import type { StreamCursor } from '../../lib/types/stream.js';
import { Listing } from './listing.js';

const T = '/r/$subreddit/comments';
const item = (name: string, time: number | null, subreddit = 'aww') => ({ kind: 't1', data: { id: name, name: `t1_${name}`, subreddit, ...(time === null ? {} : { created_utc: time }) } });
const names = (items: unknown[]) => items.map((i) => idOf(i));

describe('listingsOf(template, args): what one poll asks', () => {
  it('a path without a subreddit list: one request, the path as it is', () => {
    const l = listingsOf('/message/inbox', {});
    expect(l).toMatchObject({ path: '/message/inbox', list: false, single: undefined, around: undefined });
    expect(l.polls).toEqual([{ path: '/message/inbox', args: {}, label: '/message/inbox', groups: [ONE] }]);
  });

  it('one subreddit: one request, and where its name sits (to read a list\'s cursor)', () => {
    const l = listingsOf(T, { $subreddit: 'AWW', only: 'links' });
    expect(l).toMatchObject({ path: '/r/AWW/comments', list: false, single: 'aww', around: { before: '/r/', after: '/comments' } });
    expect(l.polls[0]).toEqual({ path: T, args: { $subreddit: 'AWW', only: 'links' }, label: '/r/AWW/comments', groups: [ONE] });
  });

  it.each([
    ['an array', ['aww', 'Pics']],
    ['a+b text', 'aww+Pics'],
  ])('%s: a list, its names in the path with a plain +, grouped by lower-case name', (_, value) => {
    const l = listingsOf(T, { $subreddit: value, type: 'x' });
    expect(l.path).toBe('/r/$subreddit/comments');
    expect(l.polls).toEqual([{ path: '/r/aww+Pics/comments', args: { type: 'x' }, label: '/r/aww+Pics/comments', groups: ['aww', 'pics'] }]);
    expect(l.groupOf(item('a', 1, 'PICS'))).toBe('pics');
    expect(l.groupOf(item('a', 1, 'elsewhere'))).toBe(OTHER);
  });

  it('250 names: 3 requests; virtual names group the items of subreddits not named', () => {
    const list = Array.from({ length: 249 }, (_, i) => `sub${i}`);
    const l = listingsOf('/r/$subreddit/new.json', { $subreddit: [...list, 'mod'] });
    expect(l.polls.map((p) => p.path.split('+').length)).toEqual([100, 100, 50]);
    expect(l.polls[2]!.path.endsWith('+mod/new.json')).toBe(true);
    expect(l.polls[2]!.groups.at(-1)).toBe(OTHER);
    expect(l.groupOf(item('a', 1, 'sub7'))).toBe('sub7');
    expect(l.groupOf(item('a', 1, 'mine'))).toBe(OTHER);
  });

  it('a bad name is refused, naming it', () => {
    expect(() => listingsOf(T, { $subreddit: ['aww', '../x'] })).toThrow(ArgumentError);
    expect(() => listingsOf(T, { $subreddit: ['aww', '../x'] })).toThrow(/"\.\.\/x" is not a subreddit name/);
  });
});

describe('oldestFirst(lists): the requests\' new items as one list', () => {
  it.each([
    ['by time across lists', [[item('a', 1), item('c', 3)], [item('b', 2), item('d', 4)]], ['t1_a', 't1_b', 't1_c', 't1_d']],
    ['ties: the earlier request first', [[item('a', 5)], [item('b', 5)]], ['t1_a', 't1_b']],
    ['no time: at once, keeping its place in its list', [[item('a', 3), item('n', null), item('c', 4)], [item('b', 1)]], ['t1_b', 't1_a', 't1_n', 't1_c']],
    ['the same item twice (a virtual name beside a named one): once', [[item('a', 1)], [item('a', 1), item('b', 2)]], ['t1_a', 't1_b']],
  ])('%s', (_, lists, expected) => {
    expect(names(oldestFirst(lists))).toEqual(expected);
  });
});

describe('restore(cursor, listings): cursors between list shapes', () => {
  const list = (value: string | string[]) => listingsOf(T, { $subreddit: value });
  const plain: StreamCursor = { v: 1, path: '/r/aww/comments', seen: [['t1_a', 10]], floor: 5 };
  const ofList: StreamCursor = { v: 1, path: T, seen: [['t1_a', 10, 'aww'], ['t1_p', 11, 'pics']], floor: null, subreddits: { aww: 5, pics: 7 } };

  it('a one-subreddit cursor read by a list that has it: its items and floor become that subreddit\'s', () => {
    const r = restore(plain, list(['aww', 'cats']));
    expect(r.entries()).toEqual([['t1_a', 10, 'aww']]);
    expect(Object.fromEntries(r.floors())).toEqual({ aww: 5 });
    expect(r.isNew('cats')).toBe(true);
  });

  it('a list\'s cursor read by a changed list: common subreddits kept, removed ones forgotten, added ones new', () => {
    const r = restore(ofList, list(['aww', 'cats']));
    expect(Object.fromEntries(r.floors())).toEqual({ aww: 5 });
    expect(r.isNew('cats')).toBe(true);
    expect(cursorOf(list(['aww', 'cats']), r)).toEqual({ v: 1, path: T, seen: ofList.seen, floor: null, subreddits: { aww: 5 } });
  });

  it('a list\'s cursor read by a stream of one of its subreddits: that subreddit\'s part', () => {
    const r = restore(JSON.stringify(ofList), list('pics'));
    expect(r.entries()).toEqual([['t1_p', 11]]);
    expect(r.floor).toBe(7);
    expect(cursorOf(list('pics'), r)).toEqual({ v: 1, path: '/r/pics/comments', seen: [['t1_p', 11]], floor: 7 });
  });

  it.each([
    ['a one-subreddit cursor of a subreddit the list lacks', plain, list(['cats', 'dogs']), /belongs to "\/r\/aww\/comments", not "\/r\/\$subreddit\/comments" over r\/cats\+dogs/],
    ['a list with no subreddit in common', ofList, list(['cats', 'dogs']), /over r\/aww\+pics, no subreddit in common/],
    ['a list\'s cursor read by a subreddit it lacks', ofList, list('cats'), /belongs to "\/r\/\$subreddit\/comments" over r\/aww\+pics, not "\/r\/cats\/comments"/],
    ['another listing of the same subreddits', { ...ofList, path: '/r/$subreddit/new' }, list(['aww']), /belongs to "\/r\/\$subreddit\/new"/],
    ['a damaged list', { ...ofList, subreddits: { aww: 'x' } }, list(['aww']), /`subreddits` an object of them/],
  ] as const)('refused: %s', (_, cursor, listings, message) => {
    expect(() => restore(cursor, listings)).toThrow(message);
  });
});

describe('pollOne: the first poll of a subreddit added to a list', () => {
  const now = Math.floor(Date.now() / 1000);
  const s = settle({}, {});
  const live = new AbortController().signal;

  it('its items are there before the stream: remembered, not yielded, unless the stream starts afresh', async () => {
    const source = new Listing();
    source.add(1, now - 30, { subreddit: 'aww' });
    const [cat] = source.add(1, now - 20, { subreddit: 'cats' });
    const [fresh] = source.add(1, now - 10, { subreddit: 'aww' });
    const l = listingsOf(T, { $subreddit: ['aww', 'cats'] });
    const known = () => restore({ v: 1, path: T, seen: [[source.items[2]!.data.name, now - 30, 'aww']], floor: null, subreddits: { aww: now - 30 } }, l);

    const r = known();
    const found = await pollOne(source, l.polls[0]!, s, r, live, () => undefined, false);
    expect(names(found.items)).toEqual([fresh]);
    expect(found.opened).toBe(true);
    expect(r.has(cat!)).toBe(true);
    expect(r.floors().get('cats')).toBe(now - 30);

    const afresh = await pollOne(source, l.polls[0]!, s, known(), live, () => undefined, true);
    expect(names(afresh.items)).toEqual([cat, fresh]);
  });

  it('a listing with nothing yet: the subreddit is polled from then on, everything after is new', async () => {
    const source = new Listing();
    const l = listingsOf(T, { $subreddit: ['aww', 'cats'] });
    const r = new Recent([], new Map(), 300, undefined, l.groupOf);
    expect((await pollOne(source, l.polls[0]!, s, r, live, () => undefined, false)).items).toEqual([]);
    expect(Object.fromEntries(r.floors())).toEqual({ aww: null, cats: null });
    const [first] = source.add(1, now - 3600, { subreddit: 'cats' });
    expect(names((await pollOne(source, l.polls[0]!, s, r, live, () => undefined, false)).items)).toEqual([first]);
  });
});
