// The emulator's new items: the feed generator on the emulator's clock, addItems/removeItems, and
// the new-item listings (comments, mod log, mod queue, unmoderated, inbox, user listings).
import { describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';
import { parseCliArgs } from '../../../lib/emulator/cli/cli.js';
import { MAX_PER_TICK } from '../../../lib/emulator/feed/clock.js';
import { api, appOnlyToken, onClock, scriptToken } from '../helpers.js';

/** An emulator on a clock the test moves, and a user token for it. */
const emulator = onClock();

type Listing = { data: { after: string | null; before: string | null; children: Array<{ kind: string; data: Record<string, any> }> } };
const get = async (emu: Emulator, token: string, path: string): Promise<Listing> => {
  const res = await api(emu, token, path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.json as Listing;
};
const names = (l: Listing) => l.data.children.map((c) => c.data.name ?? c.data.id);

/** Every item of a listing, following `after`. */
async function all(emu: Emulator, token: string, path: string): Promise<Listing['data']['children']> {
  const items: Listing['data']['children'] = [];
  let after: string | null = null;
  do {
    const page: Listing = await get(emu, token, `${path}${path.includes('?') ? '&' : '?'}limit=100${after ? `&after=${after}` : ''}`);
    items.push(...page.data.children);
    after = page.data.after;
  } while (after);
  return items;
}

describe('the feed generator runs on the emulator clock', () => {
  it('nothing appears while the clock stands still; a minute at 60 per minute brings about 60 posts and comments, newest first', async () => {
    const { emu, token, clock } = await emulator({ feed: { subreddits: ['aww'], rate: 60, comments: 0.5 } });
    const start = clock.now / 1000;
    expect(await all(emu, token, '/r/aww/comments')).toEqual([]);
    clock.now += 60_000;
    const comments = await all(emu, token, '/r/aww/comments');
    const posts = (await all(emu, token, '/r/aww/new')).filter((p) => p.data.created_utc >= start);
    expect(comments.length + posts.length).toBeGreaterThanOrEqual(59);
    expect(comments.length + posts.length).toBeLessThanOrEqual(60);
    expect(comments.length).toBeGreaterThan(15);
    expect(posts.length).toBeGreaterThan(15);
    for (const list of [comments, posts]) {
      const times = list.map((t) => t.data.created_utc as number);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(Math.min(...times)).toBeGreaterThanOrEqual(start);
      expect(Math.max(...times)).toBeLessThanOrEqual(start + 60);
    }
    // The new posts are real: their comment pages and /api/info work.
    const info = await api(emu, token, `/api/info?id=${posts[0]!.data.name},${comments[0]!.data.name}`);
    expect(info.json.data.children.map((c: any) => c.data.name)).toEqual([posts[0]!.data.name, comments[0]!.data.name]);
    expect((await api(emu, token, `/comments/${posts[0]!.data.id}`)).status).toBe(200);
    expect(comments[0]!.data).toMatchObject({ link_title: expect.any(String), subreddit: 'aww', link_id: expect.stringMatching(/^t3_/) });
  });

  it('bursts arrive in one second; a run is the same for the same seed', async () => {
    const feed = { subreddits: ['aww'], rate: 0, comments: 1, bursts: { every: 10, size: 25 } };
    const a = await emulator({ feed });
    const b = await emulator({ feed });
    a.clock.now += 30_000;
    b.clock.now += 30_000;
    const listA = await all(a.emu, a.token, '/r/aww/comments');
    const listB = await all(b.emu, b.token, '/r/aww/comments');
    expect(listA).toHaveLength(75);
    expect(new Set(listA.map((c) => c.data.created_utc)).size).toBe(3);
    expect(listB.map((c) => [c.data.body, c.data.created_utc])).toEqual(listA.map((c) => [c.data.body, c.data.created_utc]));
  });

  it('removals: items vanish from listings after removeAfter, the mod log records them, and `after` naming one still pages', async () => {
    const { emu, token, clock } = await emulator({ feed: { subreddits: ['aww'], rate: 60, comments: 1, removals: 1, removeAfter: 5 } });
    clock.now += 10_000;
    const before = await all(emu, token, '/r/aww/comments');
    // Items older than 5 s are gone already; the newest are still there.
    expect(before.length).toBeGreaterThan(2);
    expect(before.length).toBeLessThan(9);
    const page = await get(emu, token, '/r/aww/comments?limit=2');
    const anchor = page.data.after!;
    clock.now += 6000;
    const log = await all(emu, token, '/r/aww/about/log');
    expect(log.length).toBeGreaterThanOrEqual(10);
    expect(log[0]).toMatchObject({ kind: 'modaction', data: { action: 'removecomment', mod: 'AutoModerator', id: expect.stringMatching(/^ModAction_/), target_fullname: expect.stringMatching(/^t1_/) } });
    expect(log[0]!.data.name).toBeUndefined();
    // The anchor was removed; paging after it still works (the platform keeps its place).
    const next = await get(emu, token, `/r/aww/comments?limit=100&after=${anchor}`);
    expect(next.data.children.every((c) => !log.some((e) => e.data.target_fullname === c.data.name))).toBe(true);
    // The mod log pages by its ids.
    const first = await get(emu, token, '/r/aww/about/log?limit=3');
    expect(first.data.after).toBe(first.data.children[2]!.data.id);
    const second = await get(emu, token, `/r/aww/about/log?limit=3&after=${first.data.after}`);
    expect(second.data.children[0]!.data.id).toBe(log[3]!.data.id);
  });

  it('a clock jump creates at most MAX_PER_TICK items', async () => {
    const { emu, token, clock } = await emulator({ feed: { subreddits: ['aww'], rate: 600, comments: 1 }, tokenLifetime: 100 * 86_400 });
    clock.now += 10 * 86_400_000;
    await get(emu, token, '/r/aww/comments?limit=1');
    const total = await all(emu, token, '/r/aww/comments');
    expect(total.length).toBeGreaterThan(MAX_PER_TICK * 0.9);
    expect(total.length).toBeLessThanOrEqual(MAX_PER_TICK);
  });
});

describe('items on demand', () => {
  it('addItems: posts lead /r/{sub}/new and /new, comments /r/{sub}/comments and /comments, oldest first in the answer', async () => {
    const { emu, token } = await emulator();
    const posts = emu.addItems({ kind: 'post', subreddit: 'programming', count: 3, title: 'Hello & welcome' });
    const comments = emu.addItems({ kind: 'comment', count: 2, parent: posts[2], author: 'demo_user' });
    expect(names(await get(emu, token, '/r/programming/new?limit=3'))).toEqual([...posts].reverse());
    expect(names(await get(emu, token, '/new?limit=3'))).toEqual([...posts].reverse());
    expect(names(await get(emu, token, '/r/programming/comments'))).toEqual([...comments].reverse());
    expect(names(await get(emu, token, '/comments'))).toEqual([...comments].reverse());
    expect(names(await get(emu, token, '/user/demo_user/comments'))).toEqual([...comments].reverse());
    expect((await get(emu, token, '/r/programming/new?limit=1')).data.children[0]!.data.title).toBe('Hello &amp; welcome');
    // After the new posts, the generated ones follow without a seam.
    const page = await get(emu, token, '/r/programming/new?limit=5');
    const generated = await get(emu, token, '/r/programming/new?limit=2&after=' + posts[0]);
    expect(names(page).slice(3)).toEqual(names(generated));
  });

  it('removeItems: removed posts vanish from every sort (generated ones too), and `before` still pages', async () => {
    const { emu, token } = await emulator();
    const hot = names(await get(emu, token, '/r/snoopath/hot?limit=5'));
    expect(emu.removeItems([hot[3]!, 't3_nonexistent'])).toBe(1);
    expect(emu.removeItems(hot[3]!)).toBe(0);
    expect(names(await get(emu, token, '/r/snoopath/hot?limit=5'))).not.toContain(hot[3]);
    expect(names(await get(emu, token, '/r/snoopath/new?limit=100'))).not.toContain(hot[3]);
    const tail = await get(emu, token, `/r/snoopath/hot?limit=2&before=${hot[4]}`);
    expect(names(tail)).toEqual([hot[1], hot[2]]);
  });

  it('the mod queue and unmoderated listings; approve and remove through the API are logged', async () => {
    const { emu, token } = await emulator();
    const [p1, p2] = emu.addItems({ kind: 'post', subreddit: 'aww', count: 2, reported: true });
    const [c1] = emu.addItems({ kind: 'comment', subreddit: 'aww', reported: true });
    expect(names(await get(emu, token, '/r/aww/about/modqueue'))).toEqual([c1, p2, p1]);
    expect((await get(emu, token, '/r/aww/about/modqueue')).data.children[0]!.data.num_reports).toBe(1);
    expect(names(await get(emu, token, '/r/aww/about/unmoderated'))).toEqual([p2, p1]);
    expect((await api(emu, token, '/api/approve', { form: { id: p1! } })).status).toBe(200);
    expect((await api(emu, token, '/api/remove', { form: { id: c1! } })).status).toBe(200);
    expect((await api(emu, token, '/api/remove', { form: { id: 't1_zzzzzz' } })).status).toBe(404);
    expect(names(await get(emu, token, '/r/aww/about/modqueue'))).toEqual([p2]);
    expect(names(await get(emu, token, '/r/aww/about/unmoderated'))).toEqual([p2]);
    const log = (await get(emu, token, '/r/aww/about/log')).data.children.map((e) => [e.data.action, e.data.mod, e.data.target_fullname]);
    expect(log).toEqual([['removecomment', 'demo_user', c1], ['approvelink', 'demo_user', p1]]);
  });

  it('messages and replies reach the inbox; unread, mark and read_message', async () => {
    const { emu, token } = await emulator();
    const [m1, m2] = emu.addItems({ kind: 'message', count: 2, title: 'Hi' });
    // A reply to the account's own comment is an inbox item too.
    const [mine] = emu.addItems({ kind: 'comment', subreddit: 'aww', author: 'demo_user' });
    const [reply] = emu.addItems({ kind: 'comment', parent: mine, author: 'snoo_fan', body: 'Nice' });
    const inbox = await get(emu, token, '/message/inbox');
    expect(names(inbox)).toEqual([reply, m2, m1]);
    expect(inbox.data.children[0]).toMatchObject({ kind: 't1', data: { was_comment: true, subject: 'comment reply', new: true, body: 'Nice' } });
    expect(inbox.data.children[1]).toMatchObject({ kind: 't4', data: { subject: 'Hi', dest: 'demo_user', new: true } });
    expect((await api(emu, token, '/api/read_message', { form: { id: m1! } })).status).toBe(200);
    expect(names(await get(emu, token, '/message/unread'))).toEqual([reply, m2]);
    expect(names(await get(emu, token, '/message/unread?mark=true&limit=1'))).toEqual([reply]);
    expect(names(await get(emu, token, '/message/unread'))).toEqual([m2]);
    expect(emu.removeItems(m2!)).toBe(1);
    expect(names(await get(emu, token, '/message/inbox'))).toEqual([reply, m1]);
    // Other accounts' inboxes are their own.
    const other = await scriptTokenOf(emu, 'other_user', 'other_password');
    expect(names(await get(emu, other, '/message/inbox'))).toEqual([]);
  });

  it('listingCap stops paging like the platform\'s ~1000', async () => {
    const { emu, token } = await emulator({ listingCap: 120 });
    emu.addItems({ kind: 'comment', subreddit: 'aww', count: 300 });
    expect(await all(emu, token, '/r/aww/comments')).toHaveLength(120);
  });

  it('scopes and accounts: the mod log needs modlog, an inbox needs a user', async () => {
    const { emu } = await emulator();
    const identityOnly = await scriptToken(emu, 'identity');
    expect((await api(emu, identityOnly, '/r/aww/about/log')).status).toBe(403);
    expect((await api(emu, await appOnlyToken(emu), '/message/inbox')).status).toBe(403);
    expect((await api(emu, await scriptToken(emu), '/r/nosuch/comments')).status).toBe(404);
  });

  it('the command line starts the feed with --feed', () => {
    const cmd = parseCliArgs(['--feed']);
    expect(cmd.help === false && cmd.options.feed).toMatchObject({ rate: 30, messages: 1 });
  });

  it('refuses bad feed options and bad addItems specs, naming the problem', async () => {
    await expect(startEmulator({ feed: { subreddits: ['nowhere'] } })).rejects.toThrow(/feed.subreddits names "nowhere"/);
    await expect(startEmulator({ feed: { comments: 2 } })).rejects.toThrow(/feed.comments must be a share from 0 to 1/);
    await expect(startEmulator({ feed: { bursts: { every: 0, size: 3 } } })).rejects.toThrow(/feed.bursts needs every > 0/);
    await expect(startEmulator({ listingCap: 0 })).rejects.toThrow(/listingCap/);
    const { emu } = await emulator();
    expect(() => emu.addItems({ kind: 'post', subreddit: 'nowhere' })).toThrow(/no subreddit "nowhere"/);
    expect(() => emu.addItems({ kind: 'comment', parent: 't3_zzzz' })).toThrow(/no post or comment t3_zzzz/);
    expect(() => emu.addItems({ kind: 'message', to: 'nobody' })).toThrow(/no account "nobody"/);
    expect(() => emu.addItems({ kind: 'nope' as never })).toThrow(/kind must be/);
  });
});

async function scriptTokenOf(emu: Emulator, username: string, password: string): Promise<string> {
  const res = await fetch(`${emu.url}/api/v1/access_token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('script-app-id:script-app-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
