/** The emulator's comment trees: posts made to a shape, subtree pages, deleted comments, morechildren. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';
import { api, scriptToken } from '../helpers.js';

let emu: Emulator;
let token: string;
beforeAll(async () => {
  emu = await startEmulator({
    rateLimit: false,
    moreChildrenDelay: 0,
    posts: [
      { comments: { comments: 400, topLevel: 40, branching: 3, depth: 5 }, subreddit: 'programming', title: 'Bushy & deep' },
      { comments: 12 },
    ],
  });
  token = await scriptToken(emu);
});
afterAll(() => emu.close());

type Thing = { kind: string; data: any };
/** Every thing of a page's tree, nested replies included. */
const everything = (things: Thing[]): Thing[] => things.flatMap((t) => [t, ...(t.kind === 't1' && t.data.replies ? everything(t.data.replies.data.children) : [])]);

describe('posts made to a shape', () => {
  it('are reachable by id under /comments and /r/{sub}/comments, and by /api/info; in no listing', async () => {
    const [bushy, small] = emu.posts;
    expect(bushy).toMatchObject({ subreddit: 'programming', name: `t3_${bushy!.id}`, comments: 400, permalink: expect.stringMatching(/^\/r\/programming\/comments\/\w+\/bushy_deep\/$/) });
    expect(small).toMatchObject({ subreddit: 'aww', comments: 12 });
    const page = await api(emu, token, `/r/programming/comments/${bushy!.id}`);
    expect(page.status).toBe(200);
    expect(page.json[0].data.children[0].data).toMatchObject({ name: bushy!.name, title: 'Bushy &amp; deep', num_comments: 400 });
    const info = await api(emu, token, `/api/info?id=${bushy!.name}`);
    expect(info.json.data.children).toHaveLength(1);
    const newest = await api(emu, token, '/r/programming/new?limit=100');
    expect(newest.json.data.children.map((c: Thing) => c.data.id)).not.toContain(bushy!.id);
  });

  it('follow the shape: top-level count, replies per comment, depth, every comment once', async () => {
    const post = emu.addPost({ comments: { comments: 300, topLevel: 30, branching: 2, depth: 4 } });
    // One page holds it all: limit 500 and a depth beyond the shape's.
    const [, tree] = (await api(emu, token, `/comments/${post.id}?limit=500&depth=10&sort=old`)).json;
    const all = everything(tree.data.children);
    expect(all.every((t) => t.kind === 't1')).toBe(true);
    expect(new Set(all.map((t) => t.data.id)).size).toBe(300);
    expect(tree.data.children).toHaveLength(30);
    expect(Math.max(...all.map((t) => t.data.depth))).toBeLessThanOrEqual(4);
    expect(Math.max(...all.map((t) => (t.data.replies ? t.data.replies.data.children.length : 0)))).toBeLessThanOrEqual(2);
    // sort=old: each comment's replies (and the top level) oldest first.
    for (const list of [tree.data.children, ...all.filter((t) => t.data.replies).map((t) => t.data.replies.data.children)]) {
      const times = list.map((t: Thing) => t.data.created_utc);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('are the same on every run of a seed', async () => {
    const other = await startEmulator({ rateLimit: false, posts: [{ comments: { comments: 400, topLevel: 40, branching: 3, depth: 5 }, subreddit: 'programming', title: 'Bushy & deep' }] });
    try {
      const otherToken = await scriptToken(other);
      const ids = async (e: Emulator, t: string) => everything((await api(e, t, `/comments/${e.posts[0]!.id}?limit=500`)).json[1].data.children).map((x) => x.data.id);
      expect(await ids(other, otherToken)).toEqual(await ids(emu, token));
    } finally {
      await other.close();
    }
  });

  it('refuse a shape out of bounds, naming the field', async () => {
    await expect(startEmulator({ posts: [{ comments: 10_001 }] })).rejects.toThrow(/comments must be a whole number from 0 to 10000/);
    await expect(startEmulator({ posts: [{ comments: { comments: 5, branching: -1 } }] })).rejects.toThrow(/branching/);
    await expect(startEmulator({ posts: [{ comments: 5, subreddit: 'nowhere' }] })).rejects.toThrow(/no subreddit named nowhere/);
    expect(() => emu.addPost({ comments: { comments: 5, deleted: 6 } })).toThrow(/deleted/);
  });
});

describe('pages and stubs', () => {
  it('a comment\'s own page starts depth at 0, by path or by ?comment=', async () => {
    const post = emu.posts[0]!;
    const [, tree] = (await api(emu, token, `/comments/${post.id}?limit=500`)).json;
    const deep = everything(tree.data.children).find((t) => t.kind === 't1' && t.data.depth === 2 && t.data.replies)!;
    const byPath = (await api(emu, token, `/comments/${post.id}/_/${deep.data.id}`)).json[1].data.children;
    const byQuery = (await api(emu, token, `/comments/${post.id}?comment=${deep.data.id}`)).json[1].data.children;
    expect(byQuery).toEqual(byPath);
    expect(byPath).toHaveLength(1);
    expect(byPath[0].data).toMatchObject({ id: deep.data.id, depth: 0 });
    expect(byPath[0].data.replies.data.children[0].data.depth).toBe(1);
    expect((await api(emu, token, `/comments/${post.id}?comment=zzzzzz`)).status).toBe(404);
  });

  it('"continue this thread" stubs come at the depth limit, more stubs list ids and count their comments', async () => {
    const post = emu.posts[0]!;
    const [, tree] = (await api(emu, token, `/comments/${post.id}?limit=60&depth=3`)).json;
    const all = everything(tree.data.children);
    const threads = all.filter((t) => t.kind === 'more' && t.data.children.length === 0);
    expect(threads.length).toBeGreaterThan(0);
    expect(threads.every((t) => t.data.depth === 3 && t.data.count === 0)).toBe(true);
    const stub = tree.data.children.at(-1);
    expect(stub).toMatchObject({ kind: 'more', data: { parent_id: post.name, depth: 0 } });
    expect(stub.data.count).toBeGreaterThan(stub.data.children.length);
  });

  it('deleted comments are in no answer, while stubs still list them; asking for them answers nothing', async () => {
    const post = emu.addPost({ comments: { comments: 30, topLevel: 30, deleted: 10 } });
    expect(post.comments).toBe(20);
    const [link, tree] = (await api(emu, token, `/comments/${post.id}?limit=20&sort=old`)).json;
    expect(link.data.children[0].data.num_comments).toBe(20);
    const stub = tree.data.children.at(-1);
    expect(stub.data).toMatchObject({ count: 0 });
    expect(stub.data.children).toHaveLength(10);
    const form = { api_type: 'json', link_id: post.name, children: stub.data.children.join(',') };
    expect((await api(emu, token, '/api/morechildren', { form })).json).toEqual({ json: { errors: [], data: { things: [] } } });
    expect((await api(emu, token, `/api/info?id=t1_${stub.data.children[0]}`)).json.data.children).toEqual([]);
  });

  it('morechildren answers each asked comment with its replies, flat, parents first, in the sort\'s order', async () => {
    const post = emu.posts[0]!;
    const [, tree] = (await api(emu, token, `/comments/${post.id}?limit=10&sort=old`)).json;
    const stub = tree.data.children.at(-1);
    const form = { api_type: 'json', link_id: post.name, children: stub.data.children.slice(0, 20).reverse().join(','), sort: 'old' };
    const things: Thing[] = (await api(emu, token, '/api/morechildren', { form })).json.json.data.things;
    // The asked comments in order: those that fit (100 comments at most), then a stub lists the rest.
    const top = things.filter((t) => t.data.parent_id === post.name);
    const fitted = top.filter((t) => t.kind === 't1').map((t) => t.data.id);
    expect([...fitted, ...top.filter((t) => t.kind === 'more').flatMap((t) => t.data.children)]).toEqual(stub.data.children.slice(0, 20));
    const placed = new Set([post.name]);
    for (const t of things) {
      expect(placed.has(t.data.parent_id)).toBe(true);
      if (t.kind === 't1') placed.add(t.data.name);
    }
    expect(things.filter((t) => t.kind === 't1')).toHaveLength(100);
  });

  it('a reply to a comment of a shaped post counts in its subtree', async () => {
    const post = emu.posts[1]!;
    const [, before] = (await api(emu, token, `/comments/${post.id}`)).json;
    const first = before.data.children[0];
    const reply = await api(emu, token, '/api/comment', { form: { api_type: 'json', thing_id: first.data.name, text: 'me too' } });
    expect(reply.json.json.errors).toEqual([]);
    const [link, after] = (await api(emu, token, `/comments/${post.id}`)).json;
    expect(link.data.children[0].data.num_comments).toBe(13);
    const replies = after.data.children[0].data.replies.data.children;
    // Placed among its siblings by the default sort, which depends on their generated scores.
    expect(replies.find((r: Thing) => r.data.body === 'me too')?.data).toMatchObject({ depth: 1, parent_id: first.data.name });
  });
});
