// Streams over subreddit lists against the emulator (issue 23, item 1): one poll of `/r/a+b+c/...`
// per chunk of names serves them all, every new item of every subreddit once, oldest first, bursts
// read back per request; the cursor carries over when the list grows or shrinks.
import { describe, expect, it } from '@jest/globals';
import type { ItemStream, StreamGap, Thing } from '../../../lib/index.js';
import { textStore } from './text-store.js';
import { client, requestsTo, sleep, start, type Emulator } from '../setup.js';

type Item = Thing<{ name: string; subreddit: string; created_utc: number }>;
const nameOf = (item: unknown) => (item as Item).data.name;
const subs = (n: number) => Array.from({ length: n }, (_, i) => `sub${String(i).padStart(3, '0')}`);
/** Seeded draws, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
}
/** Polls of the list's chunks: requests to `/r/<names>/new` with more than one name. */
const chunkPolls = (emu: Emulator) => requestsTo(emu, /^\/r\/[^/]+\+[^/]+\/new$/);


/** The next `n` items; the stream stays open. */
async function next(stream: ItemStream<unknown>, n: number): Promise<Item[]> {
  const items: Item[] = [];
  while (items.length < n) items.push((await stream.next()).value as Item);
  return items;
}

/** The next `n` items, then `break` (the last one in hand, so not handled). */
async function take(stream: ItemStream<unknown>, n: number): Promise<Item[]> {
  const items = await next(stream, n);
  await stream.return();
  return items;
}

describe('a stream over 250 subreddits', () => {
  it('bursts in random subreddits: every item once, oldest first, 3 requests per idle poll', async () => {
    const names = subs(250);
    const emu = await start({ subreddits: Object.fromEntries(names.map((n) => [n, 1])) });
    const reddit = client(emu);
    const gaps: StreamGap[] = [];
    reddit.on('stream_gap', (g: StreamGap) => gaps.push(g));
    const draw = random(5);
    const stream = reddit('/r/$subreddit/new').stream({ $subreddit: names }, { skipExisting: true, pause: 5 });
    const created: string[] = [];
    const subOf = new Map<string, string>();
    const burst = () => {
      // A burst of 1 to 150 posts over 1 to 5 subreddits, between two polls.
      for (let k = 1 + Math.floor(draw() * 5); k > 0; k--) {
        const sub = names[Math.floor(draw() * names.length)]!;
        for (const name of emu.addItems({ kind: 'post', subreddit: sub, count: 1 + Math.floor(draw() * 30) })) {
          created.push(name);
          subOf.set(name, sub);
        }
      }
    };
    const first = stream.next();
    while (chunkPolls(emu).length < 3) await sleep(2);
    burst();
    const got: Item[] = [(await first).value as Item];
    for await (const item of stream) {
      got.push(item as Item);
      if (got.length === created.length && created.length < 600) burst();
      if (got.length >= 600 && got.length === created.length) break;
    }
    // Every item once; within each subreddit in the order made; oldest first overall.
    expect(got.map(nameOf).sort()).toEqual([...created].sort());
    expect(new Set(got.map(nameOf)).size).toBe(got.length);
    for (const sub of new Set(subOf.values())) {
      expect(got.filter((i) => i.data.subreddit === sub).map(nameOf)).toEqual(created.filter((n) => subOf.get(n) === sub));
    }
    const times = got.map((i) => i.data.created_utc);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(got.every((i) => subOf.get(i.data.name) === i.data.subreddit)).toBe(true);
    expect(gaps).toEqual([]);
    // Idle: each poll asks each of the 3 chunks once, one page each.
    const polls = requestsTo(emu, /\/new$/).length;
    const stop = new AbortController();
    const idle = reddit('/r/$subreddit/new').stream({ $subreddit: names }, { skipExisting: true, pause: 5, signal: stop.signal });
    const pending = idle.next();
    while (requestsTo(emu, /\/new$/).length < polls + 12) await sleep(2);
    stop.abort();
    const idleRequests = requestsTo(emu, /\/new$/).slice(polls, polls + 12);
    expect(idleRequests.every((r) => r.path.split('+').length > 1 && r.query.after === undefined)).toBe(true);
    const perChunk = new Map<string, number>();
    for (const r of idleRequests) perChunk.set(r.path, (perChunk.get(r.path) ?? 0) + 1);
    expect([...perChunk.values()]).toEqual([4, 4, 4]);
    expect([...perChunk.keys()].map((p) => p.split('+').length)).toEqual([100, 100, 50]);
    expect(await pending).toEqual({ done: true, value: undefined });
  }, 60_000);

  it('a burst of 250 in one subreddit is read back through its own request, pages of 100', async () => {
    const names = subs(150);
    const emu = await start({ subreddits: Object.fromEntries(names.map((n) => [n, 1])) });
    const reddit = client(emu);
    const stream = reddit('/r/$subreddit/new').stream({ $subreddit: names.join('+') }, { skipExisting: true, pause: 5 });
    const first = stream.next();
    while (chunkPolls(emu).length < 2) await sleep(2);
    const made = [...emu.addItems({ kind: 'post', subreddit: 'sub120', count: 250 }), ...emu.addItems({ kind: 'post', subreddit: 'sub001', count: 3 })];
    const got = [nameOf((await first).value), ...(await take(stream, made.length - 1)).map(nameOf)];
    expect(got.sort()).toEqual([...made].sort());
    const readBack = chunkPolls(emu).filter((r) => r.query.after);
    expect(readBack.length).toBeGreaterThanOrEqual(2);
    expect(readBack.every((r) => r.path.includes('sub120'))).toBe(true);
    await stream.return!();
  }, 30_000);
});

describe('the cursor of a list', () => {
  it('subreddits added and removed, a list narrowed to one name and widened again: the old ones resume, a new one starts after its first poll', async () => {
    const emu = await start({ subreddits: { aww: 5, pics: 5, cats: 5, dogs: 5 } });
    const reddit = client(emu);
    const store = textStore();
    const open = ($subreddit: string | string[]) => reddit('/r/$subreddit/comments').stream({ $subreddit }, { cursorStore: store, pause: 5 });
    const add = (sub: string, count = 1) => emu.addItems({ kind: 'comment', subreddit: sub, count });

    const a1 = add('aww', 2);
    const p1 = add('pics');
    // The third is in hand at `break`: not handled.
    expect((await take(open(['aww', 'pics']), 3)).map(nameOf)).toEqual([...a1, ...p1]);
    expect(JSON.parse(store.text!)).toMatchObject({ path: '/r/$subreddit/comments', subreddits: { aww: expect.any(Number), pics: expect.any(Number) } });

    // Down for a while; pics leaves the list, cats joins it (with a comment already there).
    const a2 = add('aww');
    add('pics');
    add('cats');
    const s2 = open(['aww', 'cats']);
    expect((await next(s2, 1)).map(nameOf)).toEqual(a2);
    const c1 = add('cats');
    expect((await take(s2, 1)).map(nameOf)).toEqual(c1);

    // Narrowed to one subreddit, as a plain string: its cursor carries over.
    const a3 = add('aww', 2);
    expect((await take(open('aww'), 2)).map(nameOf)).toEqual(a3);
    expect(JSON.parse(store.text!)).toMatchObject({ path: '/r/aww/comments', seen: expect.arrayContaining([[a3[0], expect.any(Number)]]) });

    // Widened again: aww resumes (a3[1] was in hand, so it comes again), pics starts afresh.
    const p3Before = add('pics');
    const s4 = open('aww+pics');
    const first = await next(s4, 1);
    const p3 = add('pics');
    expect([...first, ...(await take(s4, 1))].map(nameOf)).toEqual([a3[1], ...p3]);
    expect(p3Before).not.toEqual(p3);
  }, 30_000);

  it('a cursor of a list with no subreddit in common is refused, saying whose it is', async () => {
    const emu = await start({ subreddits: { aww: 5, dogs: 5, cats: 5 } });
    const reddit = client(emu);
    const store = textStore();
    emu.addItems({ kind: 'comment', subreddit: 'dogs', count: 2 });
    await take(reddit('/r/$subreddit/comments').stream({ $subreddit: ['dogs', 'cats'] }, { cursorStore: store, pause: 5 }), 2);
    expect(store.text).not.toBeNull();
    const other = reddit('/r/$subreddit/comments').stream({ $subreddit: ['aww'] }, { cursorStore: store });
    await expect(other.next()).rejects.toThrow(/stream cursor: it belongs to "\/r\/\$subreddit\/comments" over r\/dogs\+cats, no subreddit in common, not "\/r\/\$subreddit\/comments" over r\/aww; give each stream its own cursor store/);
  });

  it('a bad name in the list is an ArgumentError naming it, before anything is sent', async () => {
    const emu = await start();
    const sent = emu.requests.length;
    const stream = client(emu)('/r/$subreddit/comments').stream({ $subreddit: ['aww', 'no such sub'] });
    await expect(stream.next()).rejects.toThrow(/"no such sub" is not a subreddit name/);
    expect(emu.requests.length).toBe(sent);
  });
});
