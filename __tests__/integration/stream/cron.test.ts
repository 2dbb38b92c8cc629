// Cron runs (issue 23, item 3): `untilCaughtUp` polls once, reads bursts back, yields everything new
// since the cursor and ends; the cursor is written before `for await` returns, so successive runs
// with one cursorStore yield every item once, and a run with nothing new costs one poll per request.
import { describe, expect, it } from '@jest/globals';
import type { CursorStore, StreamCursor, Thing } from '../../../lib/index.js';
import { textStore } from './text-store.js';
import { client, requestsTo, start, type Emulator, type LooseClient } from '../setup.js';

const nameOf = (item: unknown) => (item as Thing<{ name: string }>).data.name;
const subs = (n: number) => Array.from({ length: n }, (_, i) => `sub${String(i).padStart(3, '0')}`);
/** Seeded draws, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
}


/** One cron run: every item the stream gives until it ends (or `most`, then `break`, as a crash would), and its requests. */
async function cronRun(emu: Emulator, reddit: LooseClient, names: string[], store: CursorStore, most = Infinity): Promise<{ got: string[]; requests: number }> {
  const before = requestsTo(emu, /\/comments$/).length;
  const got: string[] = [];
  for await (const item of reddit('/r/$subreddit/comments').stream({ $subreddit: names }, { cursorStore: store, untilCaughtUp: true })) {
    got.push(nameOf(item));
    if (got.length === most) break;
  }
  return { got, requests: requestsTo(emu, /\/comments$/).length - before };
}

describe('cron runs with untilCaughtUp', () => {
  it('runs over 150 subreddits with items added between: every item once, each run ends, the cursor written before it returns', async () => {
    const names = subs(150);
    const emu = await start({ subreddits: Object.fromEntries(names.map((n) => [n, 1])) });
    const reddit = client(emu);
    const store = textStore();
    const draw = random(3);
    const add = (count: number) => {
      const made: string[] = [];
      while (made.length < count) made.push(...emu.addItems({ kind: 'comment', subreddit: names[Math.floor(draw() * names.length)]!, count: Math.min(count - made.length, 1 + Math.floor(draw() * 40)) }));
      return made;
    };
    const seen = (text: string | null) => (JSON.parse(text!) as StreamCursor).seen.map(([name]) => name);

    // The first run has no cursor: what the listings show comes first.
    const first = add(5);
    const run1 = await cronRun(emu, reddit, names, store);
    expect(run1.got).toEqual(first);
    expect(seen(store.text)).toContain(first.at(-1));

    // A burst bigger than a page, over both requests.
    const second = add(230);
    const run2 = await cronRun(emu, reddit, names, store);
    expect([...run2.got].sort()).toEqual([...second].sort());
    expect(seen(store.text)).toContain(run2.got.at(-1));

    // Nothing new: one request per chunk of names (150 names, 2 requests), nothing yielded.
    const run3 = await cronRun(emu, reddit, names, store);
    expect(run3).toEqual({ got: [], requests: 2 });

    // A run that dies after 10 items: the tenth (in hand) comes again with the rest next time.
    const fourth = add(40);
    const run4 = await cronRun(emu, reddit, names, store, 10);
    const run5 = await cronRun(emu, reddit, names, store);
    expect(run5.got[0]).toBe(run4.got.at(-1));
    expect([...run4.got, ...run5.got.slice(1)].sort()).toEqual([...fourth].sort());

    const all = [...run1.got, ...run2.got, ...run4.got, ...run5.got.slice(1)];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...first, ...second, ...fourth].sort());
  }, 30_000);

  it('one subreddit, three runs with items added between: exactly once, and an empty run costs one request', async () => {
    const emu = await start();
    const reddit = client(emu);
    const store = textStore();
    const runs: string[][] = [];
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(...emu.addItems({ kind: 'comment', subreddit: 'aww', count: 40 + i * 60 }));
      const got: string[] = [];
      for await (const item of reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursorStore: store, untilCaughtUp: true, limit: 50 })) got.push(nameOf(item));
      runs.push(got);
    }
    expect(runs.flat()).toEqual(made);
    const before = requestsTo(emu, '/r/aww/comments').length;
    for await (const _ of reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { cursorStore: store, untilCaughtUp: true })) throw new Error('nothing was new');
    expect(requestsTo(emu, '/r/aww/comments').length - before).toBe(1);
  });
});
