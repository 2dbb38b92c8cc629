/**
 * Whole comment trees against the emulator, over real sockets: generated trees of 10, 1,000 and
 * 10,000 comments in several shapes, expanded by `reddit(path).tree()`, checked by rules that do not
 * use the expander: every comment once, parents before children, each parent's replies in the sort's
 * order, depth from the top, request count near the least possible, no 429.
 */
import { describe, expect, it } from '@jest/globals';
import { walk } from '../../../lib/index.js';
import type { CommentThing } from '../../../lib/types/things.js';
import type { CommentTreeShape, Emulator } from '../../../lib/emulator/index.js';
import { client, requestsTo, start } from '../setup.js';

/** `a` comes before `b` in the platform's order for `sort` (ties: older first, as the sort is stable). */
const before: Record<string, (a: CommentThing['data'], b: CommentThing['data']) => boolean> = {
  old: (a, b) => a.created_utc <= b.created_utc,
  new: (a, b) => a.created_utc >= b.created_utc,
  top: (a, b) => a.score > b.score || (a.score === b.score && a.created_utc <= b.created_utc),
};

function check(comments: Parameters<typeof walk>[0], sort: string, link: string) {
  const seen = new Map<string, CommentThing['data']>();
  const lastChild = new Map<string, CommentThing['data']>();
  for (const { data } of walk(comments)) {
    expect(seen.has(data.name)).toBe(false);
    const parent = data.parent_id === link ? undefined : seen.get(data.parent_id);
    if (data.parent_id !== link) expect(parent).toBeDefined();
    expect(data.depth).toBe(parent ? parent.depth! + 1 : 0);
    const previous = lastChild.get(data.parent_id);
    if (previous && !before[sort]!(previous, data)) throw new Error(`${previous.id} comes before ${data.id} under ${data.parent_id}, against sort ${sort}`);
    lastChild.set(data.parent_id, data);
    seen.set(data.name, data);
  }
  return seen;
}

/**
 * What the morechildren answers carried: comments (at most 100 each, as on the platform) and the ids
 * their stubs listed as not fitting, which the expander must ask again.
 */
function answers() {
  const seen = { comments: 0, leftover: new Set<string>() };
  const counting: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (!String(input instanceof Request ? input.url : input).includes('/api/morechildren')) return res;
    const text = await res.text();
    for (const t of JSON.parse(text).json.data.things as Array<{ kind: string; data: { children?: string[] } }>) {
      if (t.kind === 't1') seen.comments++;
      else for (const id of t.data.children ?? []) seen.leftover.add(id);
    }
    return new Response(text, { status: res.status, headers: res.headers });
  };
  return { seen, counting };
}

/** Requests of the expansion, and the least that could do: the comments morechildren brought, 100 a request, plus one per "continue this thread". */
function cost(emu: Emulator, viaMore: number) {
  const more = requestsTo(emu, '/api/morechildren');
  const pages = requestsTo(emu, /^\/comments\/[^/]+\/_\//);
  const ids = more.flatMap((r) => r.query.children!.split(','));
  return { more: more.length, pages: pages.length, ids, distinct: new Set(ids).size, least: Math.ceil(viaMore / 100) + pages.length };
}

/** Name, shape, sort, and the page's own limits (the platform's default page: 200 comments, 10 levels). */
const shapes: Array<[string, CommentTreeShape, string, Record<string, number>]> = [
  ['10 comments', { comments: 10, topLevel: 4, branching: 2, depth: 3 }, 'top', { limit: 4, depth: 2 }],
  ['1,000 flat comments', { comments: 1000, topLevel: 1000 }, 'old', {}],
  ['1,000 comments, bushy', { comments: 1000, topLevel: 100, branching: 5, depth: 6 }, 'top', { limit: 100 }],
  ['1,000 comments, deep threads', { comments: 1000, topLevel: 5, branching: 2, depth: 60 }, 'new', {}],
  ['10,000 comments, wide and bushy', { comments: 10_000, topLevel: 2000, branching: 4, depth: 12, deleted: 40 }, 'top', {}],
  ['10,000 comments, deep threads', { comments: 10_000, topLevel: 300, branching: 3, depth: 24 }, 'old', {}],
];

describe('reddit(path).tree() against the emulator', () => {
  it.each(shapes)('%s: every comment once, in order, close to the least requests, no 429', async (name, shape, sort, page) => {
    const emu = await start({ posts: [{ comments: shape }] });
    const post = emu.posts[0]!;
    const { seen: carried, counting } = answers();
    const reddit = client(emu, 'script', { fetch: counting });
    await reddit.auth();
    emu.clearLog();
    const result = await reddit('/r/$subreddit/comments/$article').tree({ $subreddit: post.subreddit, $article: post.id, sort, ...page });
    const seen = check(result.comments, sort, post.name);
    expect(seen.size).toBe(post.comments);
    expect(result).toMatchObject({ pending: 0, orphans: [] });
    expect(result.submission.data.name).toBe(post.name);

    const c = cost(emu, carried.comments);
    // An id is asked again only when an answer listed it as not fitting (the platform's 100 comments per answer).
    const again = c.ids.filter((id, i) => c.ids.indexOf(id) !== i);
    expect(again.filter((id) => !carried.leftover.has(id))).toEqual([]);
    expect(result.requests).toBe(c.more + c.pages);
    expect(result.requests).toBeLessThanOrEqual(Math.max(c.least, Math.ceil(c.least * 1.1)));
    expect(emu.requests.filter((r) => r.status === 429)).toHaveLength(0);
    expect(emu.requests.filter((r) => r.status !== 200)).toHaveLength(0);
  }, 120_000);

  it('a stub whose ids were all deleted returns nothing and disappears', async () => {
    // 30 top-level comments, the last 10 deleted; oldest first, a page of 20 leaves a stub of 10 deleted ids.
    const emu = await start({ posts: [{ comments: { comments: 30, topLevel: 30, deleted: 10 } }] });
    const post = emu.posts[0]!;
    const reddit = client(emu);
    const first = await reddit('/comments/$article').tree({ $article: post.id, sort: 'old', limit: 20 }, { expand: false });
    const stub = first.comments.at(-1)!;
    expect(stub).toMatchObject({ kind: 'more', data: { count: 0, children: expect.any(Array) } });
    expect((stub.data as { children: string[] }).children).toHaveLength(10);
    const result = await reddit('/comments/$article').tree({ $article: post.id, sort: 'old', limit: 20 });
    expect(result.comments.map((c) => c.kind)).toEqual(Array(20).fill('t1'));
    expect(result.requests).toBe(1);
    expect(post.comments).toBe(20);
  });

  it('keeps every comment when answers repeat things and put replies before their parents', async () => {
    const emu = await start({ posts: [{ comments: { comments: 1500, topLevel: 300, branching: 3, depth: 15 } }] });
    const post = emu.posts[0]!;
    // A fetch that spoils every morechildren answer the way the platform sometimes does.
    const spoil: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).includes('/api/morechildren')) return res;
      const body = (await res.json()) as { json: { data: { things: Array<{ kind: string; data: { parent_id: string } }> } } };
      const things = body.json.data.things;
      // The first comment after its own replies (its siblings keep their order), then three things again.
      let end = things.findIndex((t, i) => i > 0 && t.data.parent_id === things[0]!.data.parent_id);
      if (end < 0) end = things.length;
      body.json.data.things = [...things.slice(1, end), things[0]!, ...things.slice(end), ...things.slice(0, 3)].filter(Boolean);
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    };
    const reddit = client(emu, 'script', { fetch: spoil });
    const result = await reddit('/comments/$article').tree({ $article: post.id, sort: 'top' });
    expect(check(result.comments, 'top', post.name).size).toBe(post.comments);
    expect(result.orphans).toEqual([]);
  });
});
