import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { API, client, failure, tokenOk, mockNetwork } from './helpers.js';

mockNetwork();

const item = (n: number, stickied = false) => ({ kind: 't3', data: { id: n.toString(36), name: `t3_${n.toString(36)}`, stickied } });
const page = (from: number, size: number, after: string | null, before: string | null = null) => ({
  kind: 'Listing',
  data: { after, before, dist: size, modhash: '', children: Array.from({ length: size }, (_, i) => item(from + i, from + i === 0)) },
});

describe('listing() over the wire', () => {
  it('sends GET with limit, then next() with after, count and the same limit', async () => {
    tokenOk();
    const queries: Record<string, string>[] = [];
    nock(API).get('/r/aww/hot').query((q) => (queries.push(q as Record<string, string>), true)).reply(200, page(0, 3, 't3_2'));
    nock(API).get('/r/aww/hot').query(true).reply(200, page(3, 3, null, 't3_3'));
    const first = await client()('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 3 });
    expect(first.children.map((c: any) => c.data.id)).toEqual(['1', '2']);
    expect(first.stickied).toHaveLength(1);
    const second = await first.next();
    expect(queries).toEqual([{ limit: '3', api_type: 'json', raw_json: '1' }]);
    expect(second.count).toBe(3);
    expect(second.done).toBe(true);
    const past = await second.next();
    expect(past.empty && past.done).toBe(true);
  });

  it('iterates every non-stickied item across pages with for await', async () => {
    tokenOk();
    nock(API).get('/r/aww/new').query((q) => !q.after).reply(200, page(0, 4, 't3_3'));
    nock(API).get('/r/aww/new').query((q) => q.after === 't3_3' && q.count === '4').reply(200, page(4, 4, 't3_7'));
    nock(API).get('/r/aww/new').query((q) => q.after === 't3_7' && q.count === '8').reply(200, page(8, 2, null));
    const ids: string[] = [];
    for await (const thing of await client()('/r/$subreddit/new').listing({ $subreddit: 'aww', limit: 4 })) ids.push((thing as any).data.id);
    expect(ids).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('rejects an array answer without listingIndex, and slices it with one', async () => {
    tokenOk();
    nock(API).get('/comments/abc').query(true).times(2).reply(200, [page(0, 1, null), page(10, 2, null)]);
    const reddit = client();
    await expect(failure(reddit('/comments/$article').listing({ $article: 'abc' }))).resolves.toMatchObject({ name: 'ArgumentError', message: expect.stringContaining('listingIndex') });
    const comments = await reddit('/comments/$article').listing({ $article: 'abc' }, { listingIndex: 1 });
    expect(comments.allChildren).toHaveLength(2);
  });
});
