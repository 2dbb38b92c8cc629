/**
 * reddit.info() against the emulator (issue 23, item 7): what an app that stores content does to
 * honour the platform's deletions (docs/info.md): ask for its stored fullnames, drop what the
 * platform no longer shows (removed, deleted) or no longer returns.
 */
import { describe, expect, it } from '@jest/globals';
import type { Thing } from '../../../lib/index.js';
import { client, requestsTo, start } from '../setup.js';

type Item = Thing<{ name: string; author?: string; removed_by_category?: string | null }>;

describe('reddit.info against the emulator', () => {
  it('250 stored fullnames: 3 requests, every thing in the order stored, removed ones marked, unknown ones missing', async () => {
    const emu = await start();
    const reddit = client(emu);
    const stored: string[] = [];
    for await (const post of (await reddit('/r/$subreddit/new').listing<Item>({ $subreddit: 'aww', limit: 100 }))) {
      stored.push(post.data.name);
      if (stored.length === 247) break;
    }
    // Stored in an order of the app's own, with three that never existed.
    stored.reverse().splice(120, 0, 't3_zzzzzz', 't1_zzzzzz', 't3_zzzzzy');
    await reddit('/api/remove').post({ id: stored[5], spam: false });

    const things = reddit.info(stored);
    const seen: Item[] = [];
    for await (const thing of things) seen.push(thing as Item);

    expect(requestsTo(emu, '/api/info')).toHaveLength(3);
    expect(seen.map((t) => t.data.name)).toEqual(stored.filter((n) => !n.endsWith('zzzzzz') && !n.endsWith('zzzzzy')));
    expect(things.missing).toEqual(['t3_zzzzzz', 't1_zzzzzz', 't3_zzzzzy']);
    const removed = seen.filter((t) => t.data.removed_by_category || t.data.author === '[deleted]').map((t) => t.data.name);
    expect(removed).toEqual([stored[5]]);
  });
});
