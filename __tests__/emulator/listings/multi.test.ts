// Listings of several subreddits at once (`/r/a+b+c/...`, `/r/mod/...`): merged newest first (or in
// the sort's order), paged like any listing, items keeping their own subreddit.
import { describe, expect, it } from '@jest/globals';
import type { Emulator } from '../../../lib/emulator/index.js';
import { api, onClock } from '../helpers.js';

/** An emulator on a clock the test moves, and a user token for it. */
const emulator = onClock();

type Child = { kind: string; data: Record<string, any> };
type Listing = { data: { after: string | null; children: Child[] } };

/** Every item of a listing, following `after`, `limit` a page. */
async function all(emu: Emulator, token: string, path: string, limit = 100): Promise<Child[]> {
  const items: Child[] = [];
  let after: string | null = null;
  do {
    const res = await api(emu, token, `${path}?limit=${limit}${after ? `&after=${after}` : ''}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    const page = res.json as Listing;
    items.push(...page.data.children);
    after = page.data.after;
  } while (after);
  return items;
}

/** Items newest first, made at increasing times over several subreddits. */
function addAcross(emu: Emulator, clock: { now: number }, kind: 'post' | 'comment', subs: string[], rounds: number): string[] {
  const made: string[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const sub of subs) {
      clock.now += 1000;
      made.push(...emu.addItems({ kind, subreddit: sub }));
    }
  }
  return made.reverse();
}

describe('/r/a+b+c', () => {
  it('new: the new posts of every subreddit named, merged newest first, then the older ones', async () => {
    const { emu, token, clock } = await emulator({ subreddits: { aww: 20, pics: 20, cats: 20 } });
    const made = addAcross(emu, clock, 'post', ['aww', 'pics'], 30);
    const items = await all(emu, token, '/r/aww+pics/new', 7);
    expect(items.slice(0, 60).map((c) => c.data.name)).toEqual(made);
    expect(items).toHaveLength(60 + 40);
    expect(new Set(items.map((c) => c.data.subreddit))).toEqual(new Set(['aww', 'pics']));
    const times = items.map((c) => c.data.created_utc as number);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('comments: the new comments of every subreddit named, merged newest first; names in any case, unknown ones left out', async () => {
    const { emu, token, clock } = await emulator({ subreddits: { aww: 5, pics: 5, cats: 5 } });
    const made = addAcross(emu, clock, 'comment', ['aww', 'pics', 'cats'], 10);
    const items = await all(emu, token, '/r/AWW+cats+nosuchsub/comments', 6);
    const expected = made.filter((_, i) => i % 3 !== 1); // pics left out
    expect(items.map((c) => c.data.name)).toEqual(expected);
  });

  it('hot and top: merged in the sort\'s order, no sticky pinned across subreddits', async () => {
    const { emu, token } = await emulator({ subreddits: { aww: 40, pics: 40 } });
    const hot = await all(emu, token, '/r/aww+pics/hot');
    expect(hot).toHaveLength(80);
    expect(hot.filter((c) => c.data.stickied).length).toBe(4);
    expect(hot.slice(0, 2).every((c) => c.data.stickied)).toBe(false);
    const top = await all(emu, token, '/r/aww+pics/top');
    const scores = top.map((c) => c.data.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('only unknown names: the platform\'s search redirect for posts, 404 for comments', async () => {
    const { emu, token } = await emulator();
    expect((await api(emu, token, '/r/nosuch+other/new')).status).toBe(302);
    expect((await api(emu, token, '/r/nosuch+other/comments')).status).toBe(404);
  });
});

describe('/r/mod', () => {
  it('lists what the account moderates, merged: posts, comments, the mod log and the mod queue', async () => {
    const accounts = [{ name: 'demo_user', password: 'demo_password', moderates: ['aww', 'cats'] }, { name: 'other_user', password: 'x' }];
    const { emu, token, clock } = await emulator({ subreddits: { aww: 3, pics: 3, cats: 3 }, accounts });
    const comments = addAcross(emu, clock, 'comment', ['aww', 'pics', 'cats'], 4);
    const posts = addAcross(emu, clock, 'post', ['aww', 'pics', 'cats'], 2);
    emu.addItems({ kind: 'modaction', subreddit: 'aww', action: 'banuser' });
    emu.addItems({ kind: 'modaction', subreddit: 'pics', action: 'banuser' });
    const [reported] = emu.addItems({ kind: 'comment', subreddit: 'cats', reported: true });
    const mine = (names: string[]) => names.filter((_, i) => i % 3 !== 1);
    expect((await all(emu, token, '/r/mod/comments')).map((c) => c.data.name)).toEqual([reported, ...mine(comments)]);
    expect((await all(emu, token, '/r/mod/new')).slice(0, 4).map((c) => c.data.name)).toEqual(mine(posts));
    expect((await all(emu, token, '/r/mod/about/log')).map((c) => c.data.subreddit)).toEqual(['aww']);
    expect((await all(emu, token, '/r/mod/about/modqueue')).map((c) => c.data.name)).toEqual([reported]);
  });

  it('an account that names no subreddits moderates every one (the emulator lets every account moderate)', async () => {
    const { emu, token, clock } = await emulator({ subreddits: { aww: 3, pics: 3 } });
    const made = addAcross(emu, clock, 'comment', ['aww', 'pics'], 3);
    expect((await all(emu, token, '/r/mod/comments')).map((c) => c.data.name)).toEqual(made);
  });
});
