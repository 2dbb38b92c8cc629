// Streams against the emulator: exactly once and in order within a process, at least once across
// restarts, no stall on deletions, bursts read back, gaps reported.
import { describe, expect, it } from '@jest/globals';
import type { CursorStore, ItemStream, StreamCursor, StreamGap, Thing } from '../../../lib/index.js';
import { client, start, type Emulator } from '../setup.js';

const nameOf = (item: unknown) => (item as Thing<{ name?: string; id: string }>).data.name ?? `${(item as Thing).kind}_${(item as Thing<{ id: string }>).data.id}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Seeded draws, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
}

/** How many polls a path got. */
const requestsAfter = (emu: Emulator, path: string) => emu.requests.filter((r) => r.path === path).length;

/** Take items until `until` says stop (checked after each), collecting their names. */
async function take(stream: ItemStream<unknown>, until: (names: string[]) => boolean | Promise<boolean>): Promise<string[]> {
  const names: string[] = [];
  for await (const item of stream) {
    names.push(nameOf(item));
    if (await until(names)) break;
  }
  return names;
}

describe('exactly once, oldest first, within a process', () => {
  it('500 items arriving in bursts of 1 to 250 between polls: each yielded once, in order', async () => {
    const emu = await start();
    const reddit = client(emu);
    const draw = random(13);
    const stream = reddit('/r/$subreddit/new').stream({ $subreddit: 'aww' }, { skipExisting: true, pause: 5 });
    const created: string[] = [];
    const bursts: number[] = [];
    const addBurst = () => {
      const size = Math.min(500 - created.length, 1 + Math.floor(draw() * 250));
      bursts.push(size);
      created.push(...emu.addItems({ kind: 'post', subreddit: 'aww', count: size }));
    };
    // The first poll (skipExisting) must see the listing before anything new arrives.
    const first = stream.next();
    await sleep(0);
    while (emu.requests.filter((r) => r.path === '/r/aww/new').length === 0) await sleep(2);
    addBurst();
    const got: string[] = [];
    const firstItem = await first;
    got.push(nameOf(firstItem.value));
    const rest = await take(stream, (names) => {
      // A new burst once everything so far has been taken: it lands between two polls.
      if (got.length + names.length === created.length && created.length < 500) addBurst();
      return got.length + names.length === 500;
    });
    got.push(...rest);
    expect(got).toEqual(created);
    expect(new Set(got).size).toBe(500);
    expect(Math.max(...bursts)).toBeGreaterThan(100); // at least one burst needed a read-back
    expect(emu.requests.some((r) => r.path === '/r/aww/new' && r.query.after)).toBe(true);
  }, 30_000);

  it('the newest item seen is deleted between polls: the stream goes on, nothing repeated', async () => {
    const emu = await start();
    const reddit = client(emu);
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    const next = async () => nameOf((await stream.next()).value);
    const a = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 3 });
    const got = [await next(), await next(), await next()];
    // The newest seen vanishes; two more arrive.
    expect(emu.removeItems(a[2]!)).toBe(1);
    const b = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 2 });
    got.push(await next(), await next());
    // Every item the stream has seen vanishes; one more arrives.
    expect(emu.removeItems([...a, ...b])).toBe(4);
    const c = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 1 });
    got.push(await next());
    expect(got).toEqual([...a, ...b, ...c]);
    // And then nothing for a while: polls go on (no stall) and repeat nothing.
    // Counted in polls, not in a 200 ms window that a loaded machine fills with fewer of them.
    const polls = requestsAfter(emu, '/r/aww/comments');
    const pending = stream.next();
    let again = 'nothing';
    void pending.then(() => (again = 'item'));
    const deadline = Date.now() + 5000;
    while (requestsAfter(emu, '/r/aww/comments') <= polls + 2 && Date.now() < deadline) await sleep(5);
    expect(requestsAfter(emu, '/r/aww/comments')).toBeGreaterThan(polls + 2);
    expect(again).toBe('nothing');
    const [d] = emu.addItems({ kind: 'comment', subreddit: 'aww' });
    expect(nameOf((await pending).value)).toBe(d);
    await stream.return();
  });

  it('an item listed again (removed, then approved) is not yielded twice', async () => {
    const emu = await start();
    const reddit = client(emu);
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    const [x, y] = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 2 });
    let z: string | undefined;
    let approved = 0;
    const got = await take(stream, (names) => {
      if (names.length === 2) {
        // While the stream polls: x vanishes, comes back, then a new comment arrives.
        // Each state stays until the stream has polled it twice (counted, not 60 ms that a loaded machine may fill with no poll).
        emu.removeItems(x!);
        const polled = async (n: number) => {
          const target = requestsAfter(emu, '/r/aww/comments') + n;
          while (requestsAfter(emu, '/r/aww/comments') < target) await sleep(5);
        };
        void (async () => {
          await polled(2);
          const token = await reddit.getAccessToken();
          approved = (await fetch(`${emu.url}/api/approve`, { method: 'POST', headers: { authorization: `bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${x}` })).status;
          await polled(2);
          [z] = emu.addItems({ kind: 'comment', subreddit: 'aww' });
        })();
      }
      return names.length === 3;
    });
    expect(got).toEqual([x, y, z]);
    expect(approved).toBe(200);
    const listed = await reddit('/r/$subreddit/comments').listing({ $subreddit: 'aww' });
    expect(listed.allChildren.map(nameOf)).toEqual([z, y, x]);
    expect(requestsAfter(emu, '/r/aww/comments')).toBeGreaterThan(4);
  });

  it('without skipExisting the first page comes first, oldest first; with it, only what is new', async () => {
    const emu = await start();
    const reddit = client(emu);
    const page = await reddit('/r/$subreddit/new').listing({ $subreddit: 'snoopath', limit: 10 });
    const existing = page.allChildren.map(nameOf).reverse();
    const all = await take(reddit('/r/$subreddit/new').stream({ $subreddit: 'snoopath' }, { limit: 10, pause: 5 }), (n) => n.length === 10);
    expect(all).toEqual(existing);

    const skipping = reddit('/r/$subreddit/new').stream({ $subreddit: 'snoopath' }, { limit: 10, pause: 5, skipExisting: true });
    const first = skipping.next();
    while (emu.requests.filter((r) => r.path === '/r/snoopath/new').length < 3) await sleep(2);
    const [fresh] = emu.addItems({ kind: 'post', subreddit: 'snoopath' });
    expect(nameOf((await first).value)).toBe(fresh);
    await skipping.return();
  });

  it('streams the mod log (ids, no names) and the inbox, and stream.cursor holds what was handled', async () => {
    const emu = await start();
    const reddit = client(emu);
    const actions = emu.addItems({ kind: 'modaction', subreddit: 'aww', count: 3, action: 'banuser' });
    const log = reddit('/r/$subreddit/about/log').stream({ $subreddit: 'aww' }, { pause: 5 });
    const seen = await take(log, (n) => n.length === 3);
    expect(seen).toEqual(actions.map((id) => `modaction_${id}`));
    // The item in hand at `break` is not counted as handled (at least once).
    expect(log.cursor!.seen.map(([name]) => name)).toEqual(seen.slice(0, 2));
    expect(log.cursor!.path).toBe('/r/aww/about/log');

    const mail = emu.addItems({ kind: 'message', count: 2 });
    const inbox = await take(reddit('/message/inbox').stream(undefined, { pause: 5 }), (n) => n.length === 2);
    expect(inbox).toEqual(mail);
  });

  it('memory stays bounded: the cursor keeps 300 items after 2000', async () => {
    const emu = await start();
    const reddit = client(emu);
    const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 1 });
    let created = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 100 }).length;
    await take(stream, (n) => {
      if (n.length === created && created < 2000) created += emu.addItems({ kind: 'comment', subreddit: 'aww', count: 100 }).length;
      return n.length === 2000;
    });
    expect(stream.cursor!.seen).toHaveLength(300);
    expect(JSON.stringify(stream.cursor).length).toBeLessThan(8 * 1024);
  }, 30_000);
});

describe('across restarts', () => {
  /** A store keeping the cursor as JSON text, as a file or Redis would. */
  function textStore(): CursorStore & { text: string | null; writes: number } {
    const store = {
      text: null as string | null,
      writes: 0,
      async get() {
        await sleep(1);
        return store.text;
      },
      async set(cursor: StreamCursor) {
        await sleep(0);
        store.text = JSON.stringify(cursor);
        store.writes++;
      },
    };
    return store;
  }

  it('5 restarts with a cursorStore while items arrive: every item handled, none twice within a run, no gap', async () => {
    const emu = await start();
    const reddit = client(emu);
    const store = textStore();
    const draw = random(7);
    const created: string[] = [];
    const gaps: StreamGap[] = [];
    reddit.on('stream_gap', (g) => gaps.push(g));
    let producing = true;
    const producer = (async () => {
      while (producing) {
        created.push(...emu.addItems({ kind: 'comment', subreddit: 'aww', count: 1 + Math.floor(draw() * 20) }));
        await sleep(10 + draw() * 20);
      }
    })();
    const handled = new Set<string>();
    const runs: string[][] = [];
    for (let run = 0; run < 5; run++) {
      const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursorStore: store, pause: 5 });
      const want = 40 + Math.floor(draw() * 80);
      const names = await take(stream, (n) => n.length === want);
      expect(new Set(names).size).toBe(names.length); // none twice within a run
      for (const n of names) handled.add(n);
      runs.push(names);
      await sleep(draw() * 40); // down for a while; items keep arriving
    }
    producing = false;
    await producer;
    // A last run catches up with everything created.
    const last = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursorStore: store, pause: 5 });
    const final = await take(last, (n) => n.length > 0 && created.every((c) => handled.has(c) || n.includes(c)));
    expect(new Set(final).size).toBe(final.length);
    runs.push(final);
    for (const n of final) handled.add(n);
    expect(created.filter((c) => !handled.has(c))).toEqual([]);
    // At least once: the item in hand at each `break` (not yet handled) is the first of the next run,
    // and nothing else is seen twice across runs.
    for (let r = 0; r < 5; r++) expect(runs[r + 1]![0]).toBe(runs[r]!.at(-1));
    const all = runs.flat();
    expect(all.length - new Set(all).size).toBe(5);
    expect(runs.flat().filter((n) => !created.includes(n))).toEqual([]);
    expect(gaps).toEqual([]);
    expect(store.writes).toBeGreaterThan(0);
    expect(created.length).toBeGreaterThan(150);
  }, 40_000);

  it('a cursor wins over skipExisting; a cursor of another listing is refused', async () => {
    const emu = await start();
    const reddit = client(emu);
    const first = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    const before = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 3 });
    await take(first, (n) => n.length === 2);
    const cursor = first.cursor!;
    // Handled: the first one (the second was in hand at break). Then more come while it is down.
    const later = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 2 });
    const resumed = await take(reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursor: JSON.stringify(cursor), skipExisting: true, pause: 5 }), (n) => n.length === 4);
    expect(resumed).toEqual([...before.slice(1), ...later]);

    const other = reddit('/r/$subreddit/comments').stream({ $subreddit: 'programming' }, { cursor });
    await expect(other.next()).rejects.toThrow(/belongs to "\/r\/aww\/comments", not "\/r\/programming\/comments"/);
  });

  it('a cursor given wins over the cursorStore, which is read never and written from then on', async () => {
    const emu = await start();
    const reddit = client(emu);
    const first = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    const before = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 4 });
    await take(first, (n) => n.length === 2);
    const given = first.cursor!;
    // The store holds an older cursor (after the first item only): following it would repeat before[1].
    const store = textStore();
    const older = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    await take(older, (n) => n.length === 1);
    store.text = JSON.stringify(older.cursor ?? null);
    let reads = 0;
    const get = store.get.bind(store);
    store.get = async () => (reads++, get());
    const resumed = await take(reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursor: given, cursorStore: store, pause: 5 }), (n) => n.length === 3);
    expect(resumed).toEqual(before.slice(1));
    expect(reads).toBe(0);
    expect(store.writes).toBeGreaterThan(0);
    expect(JSON.parse(store.text!)).not.toEqual(older.cursor ?? null);
  });

  it('a burst larger than the listing cap while down: the stream reports the gap and goes on', async () => {
    const emu = await start({ listingCap: 1000 });
    const reddit = client(emu);
    const gaps: StreamGap[] = [];
    reddit.on('stream_gap', (g) => gaps.push(g));
    const s1 = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { pause: 5 });
    emu.addItems({ kind: 'comment', subreddit: 'aww', count: 2 });
    await take(s1, (n) => n.length === 2);
    const cursor = s1.cursor;
    const burst = emu.addItems({ kind: 'comment', subreddit: 'aww', count: 1500 });
    const s2 = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursor, pause: 5 });
    const got = await take(s2, (n) => n.length === 1000);
    expect(got).toEqual(burst.slice(500));
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ path: '/r/aww/comments', read: 1000 });
    expect(gaps[0]!.stream).toBe(s2);
  }, 30_000);
});

