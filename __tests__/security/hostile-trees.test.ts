/**
 * tree() against a hostile server (issue 21, item 10): the emulator serves the link and its first
 * page, and a stand-in answers `/api/morechildren` as a broken or malicious platform would, through
 * the instance's `fetch`. The expansion must end, and say so when it stops on its bound.
 */
import { describe, expect, it } from '@jest/globals';
import { TreeBoundError, type TreeBound } from '../../lib/index.js';
import { client, start } from '../integration/setup.js';

type Answer = (asked: string[], link: string) => unknown;

/** A fetch that sends every request to the emulator, except morechildren, which `answer` makes up. */
function hostile(answer: Answer) {
  const asked: string[][] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/api/morechildren') return fetch(input, init);
    const ids = (url.searchParams.get('children') ?? '').split(',');
    asked.push(ids);
    return new Response(JSON.stringify({ json: { errors: [], data: { things: answer(ids, url.searchParams.get('link_id')!) } } }), { headers: { 'content-type': 'application/json' } });
  };
  return { fetcher, asked };
}

const comment = (id: string, parent: string) => ({ kind: 't1', data: { id, name: `t1_${id}`, parent_id: parent, body: 'x', replies: '' } });
const more = (ids: string[], parent: string) => ({ kind: 'more', data: { id: ids[0], name: `t1_${ids[0]}`, parent_id: parent, count: ids.length, children: ids } });

describe('tree() against a hostile morechildren', () => {
  it('lists the same ids again with a made-up comment in every answer: each batch asked once, and the call ends', async () => {
    const emu = await start({ posts: [{ comments: { comments: 400, topLevel: 400 } }] });
    let n = 0;
    const { fetcher, asked } = hostile((ids, link) => [comment(`junk${n++}`, link), more(ids, link)]);
    const reddit = client(emu, 'script', { fetch: fetcher });
    const result = await reddit('/comments/$article').tree({ $article: emu.posts[0]!.id, limit: 200 });
    const batches = Math.ceil((400 - 200) / 100);
    expect(asked).toHaveLength(batches);
    expect(new Set(asked.flat()).size).toBe(asked.flat().length);
    expect(result.requests).toBe(batches);
    expect(result.pending).toBe(0);
  });

  it('makes up new ids in every answer: stops at its bound, with tree_bound and a TreeBoundError holding the tree', async () => {
    const emu = await start({ posts: [{ comments: { comments: 30, topLevel: 30 } }] });
    let n = 0;
    // Always progress (the first id asked comes back), never an end (two new ids listed).
    const { fetcher, asked } = hostile(([first], link) => [comment(first!, link), more([`fake${n++}`, `fake${n++}`], link)]);
    const reddit = client(emu, 'script', { fetch: fetcher });
    const bounds: TreeBound[] = [];
    reddit.on('tree_bound', (b: TreeBound) => bounds.push(b));
    const error = await reddit('/comments/$article').tree({ $article: emu.posts[0]!.id, limit: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TreeBoundError);
    const bound = (error as TreeBoundError).bound;
    // The link announces 30 comments: 100 + 2 * 30.
    expect(bound).toBe(160);
    expect(asked).toHaveLength(160);
    expect(bounds).toEqual([expect.objectContaining({ path: '/comments/$article', requests: 160, bound: 160 })]);
    expect((error as TreeBoundError).tree.comments.length).toBeGreaterThan(20);
  }, 30_000);
});
