/**
 * `/api/morechildren` answers as the platform does: at most 100 comments per request, plus `more`
 * stubs (one per parent) for what did not fit, however many ids were asked for. PRAW run against
 * the emulator got 433 comments in one answer before; the platform never does that.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';
import { api, scriptToken } from '../helpers.js';

type Thing = { kind: string; data: any };

let emu: Emulator;
let token: string;
beforeAll(async () => {
  emu = await startEmulator({
    rateLimit: false,
    moreChildrenDelay: 0,
    posts: [
      // 433 top-level comments, none with replies: one stub of the page lists them all.
      { comments: { comments: 433, topLevel: 433, branching: 1, depth: 0 } },
      // Deep and bushy: replies overflow too.
      { comments: { comments: 2000, topLevel: 60, branching: 4, depth: 8, deleted: 25 } },
    ],
  });
  token = await scriptToken(emu);
});
afterAll(() => emu.close());

const more = async (link: string, ids: readonly string[], extra: Record<string, string> = {}): Promise<Thing[]> => {
  const res = await api(emu, token, '/api/morechildren', { form: { api_type: 'json', link_id: link, children: ids.join(','), ...extra } });
  expect(res.status).toBe(200);
  return res.json.json.data.things;
};

/** Expands every stub the way a client must, one request at a time; answers the comments found and the requests made. */
async function expandAll(link: string, first: readonly Thing[]): Promise<{ comments: Map<string, Thing>; requests: number; biggest: number }> {
  const comments = new Map<string, Thing>();
  const queue: string[][] = [];
  const take = (things: readonly Thing[]) => {
    for (const t of things) {
      if (t.kind === 't1') comments.set(t.data.id, t);
      else if (t.kind === 'more' && t.data.children.length) for (let i = 0; i < t.data.children.length; i += 100) queue.push(t.data.children.slice(i, i + 100));
    }
  };
  take(first);
  let requests = 0;
  let biggest = 0;
  while (queue.length) {
    const things = await more(link, queue.shift()!, { limit_children: 'false' });
    requests++;
    biggest = Math.max(biggest, things.filter((t) => t.kind === 't1').length);
    take(things);
  }
  return { comments, requests, biggest };
}

describe('/api/morechildren answers at most 100 comments', () => {
  it('433 ids asked: 100 comments, and one stub listing the other 333 ids', async () => {
    const post = emu.posts[0]!;
    const [, tree] = (await api(emu, token, `/comments/${post.id}?limit=1&sort=old`)).json;
    const stub = tree.data.children.at(-1);
    expect(stub.data.children).toHaveLength(432);
    const asked = [tree.data.children[0].data.id, ...stub.data.children];
    const things = await more(post.name, asked, { sort: 'old' });
    const comments = things.filter((t) => t.kind === 't1');
    const stubs = things.filter((t) => t.kind === 'more');
    expect(comments).toHaveLength(100);
    expect(stubs).toHaveLength(1);
    expect(stubs[0]!.data).toMatchObject({ parent_id: post.name, depth: 0, count: 333, name: `t1_${stubs[0]!.data.children[0]}` });
    // Every asked id comes back once: as a comment, or listed in the stub, in the sort's order.
    expect([...comments.map((t) => t.data.id), ...stubs[0]!.data.children]).toEqual(asked);
  });

  it('replies that do not fit come back as a stub per parent; following the stubs finds every comment once', async () => {
    const post = emu.posts[1]!;
    const [, tree] = (await api(emu, token, `/comments/${post.id}?limit=5`)).json;
    const stub = tree.data.children.at(-1);
    expect(stub.kind).toBe('more');
    const things = await more(post.name, stub.data.children.slice(0, 100));
    const comments = things.filter((t) => t.kind === 't1');
    const stubs = things.filter((t) => t.kind === 'more' && t.data.children.length > 0);
    expect(comments).toHaveLength(100);
    expect(stubs.length).toBeGreaterThan(1);
    // 100 comments and a stub per parent left over: about 140 things at most, as on the platform.
    expect(things.length).toBeLessThanOrEqual(140);
    const parents = stubs.map((t) => t.data.parent_id);
    expect(new Set(parents).size).toBe(parents.length);
    // A stub's parent is either the post or a comment of this answer, placed before it.
    const placed = new Set([post.name]);
    for (const t of things) {
      if (t.kind === 'more') expect(placed.has(t.data.parent_id)).toBe(true);
      else placed.add(t.data.name);
    }

    const shown = tree.data.children.filter((t: Thing) => t.kind === 't1');
    const { comments: found, requests, biggest } = await expandAll(post.name, [...shown.flatMap(function all(t: Thing): Thing[] {
      return [t, ...(t.data.replies ? t.data.replies.data.children.flatMap(all) : [])];
    }), stub]);
    // "continue this thread" pages (depth) aside, every visible comment is reachable through morechildren.
    expect(biggest).toBeLessThanOrEqual(100);
    expect(found.size).toBe(post.comments);
    expect(requests).toBeGreaterThanOrEqual(Math.ceil((post.comments - shown.length) / 100));
  });

  it('limit_children: only the asked comments, still 100 at most', async () => {
    const post = emu.posts[0]!;
    const [, tree] = (await api(emu, token, `/comments/${post.id}?limit=1`)).json;
    const things = await more(post.name, tree.data.children.at(-1).data.children, { limit_children: 'true' });
    expect(things.filter((t) => t.kind === 't1')).toHaveLength(100);
    expect(things.filter((t) => t.kind === 'more')).toHaveLength(1);
  });
});
