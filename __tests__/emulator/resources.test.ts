import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '../../lib/emulator/index.js';
import { startEmulator } from '../../lib/emulator/index.js';
import { api, scriptToken } from './helpers.js';

let emu: Emulator;
let token: string;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false, subreddits: { aww: 250, programming: 250, snoopath: 30, huge: 10_000 } });
  token = await scriptToken(emu);
});
afterAll(() => emu.close());

const names = (listing: any): string[] => listing.data.children.map((c: any) => c.data.name);

describe('accounts', () => {
  it('/api/v1/me and /user/{name}/about', async () => {
    const me = await api(emu, token, '/api/v1/me');
    expect(me.json).toMatchObject({ name: 'demo_user', id: expect.any(String), created_utc: expect.any(Number), link_karma: 1234, comment_karma: 5678 });
    for (const path of ['/user/other_user/about', '/user/other_user/about.json']) {
      const about = await api(emu, token, path);
      expect(about.json).toMatchObject({ kind: 't2', data: { name: 'other_user' } });
    }
    expect((await api(emu, token, '/user/snoo_fan/about')).json.data.name).toBe('snoo_fan');
    const missing = await api(emu, token, '/user/nobody_here/about');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Not Found', error: 404 });
  });

  it('unknown paths answer 404', async () => {
    const res = await api(emu, token, '/api/v1/nothing');
    expect(res).toMatchObject({ status: 404, json: { message: 'Not Found', error: 404 } });
    expect((await api(emu, token, '/some/where/else')).status).toBe(404);
  });
});

describe('listings', () => {
  it('shape, stickied posts first in hot, deterministic data', async () => {
    const res = await api(emu, token, '/r/aww/hot');
    expect(res.json).toMatchObject({ kind: 'Listing', data: { after: expect.stringMatching(/^t3_/), before: null, dist: 25 } });
    const first = res.json.data.children[0];
    expect(first.kind).toBe('t3');
    expect(first.data).toMatchObject({ stickied: true, subreddit: 'aww', name: `t3_${first.data.id}`, permalink: expect.stringContaining('/r/aww/comments/') });
    for (const key of ['title', 'author', 'score', 'ups', 'created_utc', 'url', 'num_comments', 'selftext']) expect(first.data).toHaveProperty(key);
    expect(res.json.data.children[1].data.stickied).toBe(true);
    expect(res.json.data.children[2].data.stickied).toBe(false);
    const again = await startEmulator({ rateLimit: false });
    try {
      const other = await api(again, undefined, '/r/aww/hot.json?limit=5');
      expect(names(other.json)).toEqual(names(res.json).slice(0, 5));
    } finally {
      await again.close();
    }
  });

  it('paging with after, before, limit clamp and count; nulls at the ends', async () => {
    const all: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res = await api(emu, token, `/r/aww/new?limit=100&count=${all.length}${after ? `&after=${after}` : ''}`);
      all.push(...names(res.json));
      if (pages > 0) expect(res.json.data.before).toBe(names(res.json)[0]);
      after = res.json.data.after;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(all).toHaveLength(250);
    expect(new Set(all).size).toBe(250);

    const back = await api(emu, token, `/r/aww/new?limit=10&before=${all[30]}`);
    expect(names(back.json)).toEqual(all.slice(20, 30));
    const start = await api(emu, token, `/r/aww/new?limit=10&before=${all[5]}`);
    expect(names(start.json)).toEqual(all.slice(0, 5));
    expect(start.json.data.before).toBeNull();

    expect((await api(emu, token, '/r/aww/new?limit=500')).json.data.dist).toBe(100);
    expect((await api(emu, token, '/r/aww/new?limit=0')).json.data.dist).toBe(1);
    expect((await api(emu, token, '/r/aww/new?limit=abc')).json.data.dist).toBe(25);
    expect((await api(emu, token, '/r/aww/new?after=t3_zzzzzz')).json.data).toMatchObject({ dist: 0, after: null, before: null });
  });

  it('top is sorted by score; front page mixes subreddits', async () => {
    const top = await api(emu, token, '/r/programming/top?limit=50');
    const scores = top.json.data.children.map((c: any) => c.data.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const front = await api(emu, token, '/hot.json?limit=100');
    expect(new Set(front.json.data.children.map((c: any) => c.data.subreddit)).size).toBeGreaterThan(1);
    expect((await api(emu, token, '/.json?limit=3')).json.data.dist).toBe(3);
  });

  it('a 10000-post subreddit is walked 100 per page quickly', async () => {
    const t0 = Date.now();
    let after: string | null = null;
    let seen = 0;
    do {
      const res: any = await api(emu, token, `/r/huge/new?limit=100${after ? `&after=${after}` : ''}`);
      seen += res.json.data.dist;
      after = res.json.data.after;
    } while (after);
    expect(seen).toBe(10_000);
    // About 0.6 s on an idle machine: 10 s leaves room for a loaded one and still catches pages
    // that cost what the whole subreddit does (a walk of minutes).
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('an unknown subreddit redirects to the search page', async () => {
    const res = await api(emu, token, '/r/doesnotexist/hot');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${emu.url}/subreddits/search?q=doesnotexist`);
    expect((await api(emu, token, '/subreddits/search?q=aww')).json.data.children[0].data.display_name).toBe('aww');
    expect((await api(emu, token, '/r/aww/about')).json).toMatchObject({ kind: 't5', data: { display_name: 'aww' } });
  });

  it('escapes &, < and > unless raw_json=1', async () => {
    const escaped = await api(emu, token, '/r/snoopath/new?limit=100');
    expect(escaped.text).toContain('&amp;');
    expect(escaped.text).toContain('&lt;');
    expect(escaped.text).toContain('&gt;');
    expect(escaped.text).not.toMatch(/[<>]/);
    const raw = await api(emu, token, '/r/snoopath/new?limit=100&raw_json=1');
    expect(raw.text).not.toContain('&amp;');
    expect(raw.text).toContain(' & ');
    expect(raw.text).toContain('<code>');
  });
});

describe('things', () => {
  it('vote updates score and likes; bad dir is a 400', async () => {
    const listing = await api(emu, token, '/r/aww/new?limit=1');
    const post = listing.json.data.children[0].data;
    expect((await api(emu, token, '/api/vote', { form: { id: post.name, dir: '1' } })).json).toEqual({});
    const info = await api(emu, token, `/api/info?id=${post.name}`);
    expect(info.json.data.children[0].data).toMatchObject({ score: post.score + 1, likes: true });
    await api(emu, token, '/api/vote', { form: { id: post.name, dir: '-1' } });
    expect((await api(emu, token, `/api/info?id=${post.name}`)).json.data.children[0].data).toMatchObject({ score: post.score - 1, likes: false });
    const bad = await api(emu, token, '/api/vote', { form: { id: post.name, dir: '2' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ reason: 'INVALID_OPTION', fields: ['dir'] });
    const readOnly = await scriptToken(emu, 'read');
    expect((await api(emu, readOnly, '/api/vote', { form: { id: post.name, dir: '1' } })).status).toBe(403);
  });

  it('/api/info answers the things asked for, in order', async () => {
    const listing = await api(emu, token, '/r/programming/new?limit=3');
    const ids = names(listing.json);
    const info = await api(emu, token, `/api/info?id=${[ids[2], 't3_nope', ids[0]].join(',')}`);
    expect(names(info.json)).toEqual([ids[2], ids[0]]);
  });

  it('comment: NO_TEXT error with HTTP 200, then a new t1', async () => {
    const post = (await api(emu, token, '/r/snoopath/new?limit=1')).json.data.children[0].data;
    const empty = await api(emu, token, '/api/comment', { form: { api_type: 'json', thing_id: post.name, text: '' } });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ json: { errors: [['NO_TEXT', 'we need something here', 'text']] } });
    const ok = await api(emu, token, '/api/comment', { form: { api_type: 'json', thing_id: post.name, text: 'hello & bye' } });
    const thing = ok.json.json.data.things[0];
    expect(ok.json.json.errors).toEqual([]);
    expect(thing).toMatchObject({ kind: 't1', data: { body: 'hello &amp; bye', author: 'demo_user', parent_id: post.name, link_id: post.name } });
    const reply = await api(emu, token, '/api/comment', { form: { api_type: 'json', thing_id: thing.data.name, text: 'reply' } });
    expect(reply.json.json.data.things[0].data).toMatchObject({ parent_id: thing.data.name, depth: 1 });
    const page = await api(emu, token, `/comments/${post.id}`);
    expect(page.json[0].data.children[0].data.num_comments).toBe(post.num_comments + 2);
  });
});

describe('comments', () => {
  /** A post with a big comment tree (every tenth post from the third has 250 comments). */
  async function bigPost(): Promise<any> {
    const listing = await api(emu, token, '/r/programming/new?limit=3');
    return listing.json.data.children[2].data;
  }

  it('/comments/{article}: the link, then a tree with replies and more stubs', async () => {
    const post = await bigPost();
    expect(post.num_comments).toBe(250);
    const res = await api(emu, token, `/comments/${post.id}?limit=50&depth=3`);
    expect(Array.isArray(res.json)).toBe(true);
    const [link, comments] = res.json;
    expect(link.data.children[0]).toMatchObject({ kind: 't3', data: { id: post.id } });
    expect(comments.kind).toBe('Listing');
    const top = comments.data.children;
    const more = top[top.length - 1];
    expect(more.kind).toBe('more');
    expect(more.data).toMatchObject({ parent_id: post.name, depth: 0, name: `t1_${more.data.children[0]}`, id: more.data.children[0] });
    expect(more.data.count).toBeGreaterThanOrEqual(more.data.children.length);
    const comment = top.find((c: any) => c.kind === 't1' && c.data.replies === '');
    expect(comment).toBeDefined();
    const nested = top.find((c: any) => c.kind === 't1' && c.data.replies !== '');
    expect(nested.data.replies.kind).toBe('Listing');
    expect(nested.data.replies.data.children[0].data.parent_id).toBe(nested.data.name);

    // At the depth limit, deeper replies are "continue this thread" stubs.
    const walk = (things: any[]): any[] => things.flatMap((t) => [t, ...(t.kind === 't1' && t.data.replies ? walk(t.data.replies.data.children) : [])]);
    const continued = walk(top).filter((t) => t.kind === 'more' && t.data.count === 0);
    expect(continued.length).toBeGreaterThan(0);
    expect(continued[0].data).toMatchObject({ children: [], id: '_', name: 't1__' });
    expect(Math.max(...walk(top).filter((t) => t.kind === 't1').map((t) => t.data.depth))).toBeLessThanOrEqual(2);
    expect((await api(emu, token, '/r/programming/comments/zzzzzzzz')).status).toBe(404);
  });

  it('/api/morechildren answers a flat list; a concurrent call for the same user gets 429', async () => {
    const post = await bigPost();
    const [, comments] = (await api(emu, token, `/comments/${post.id}?limit=20`)).json;
    const more = comments.data.children.at(-1);
    const form = { api_type: 'json', link_id: post.name, children: more.data.children.slice(0, 5).join(','), sort: 'confidence' };
    const [a, b] = await Promise.all([api(emu, token, '/api/morechildren', { form }), api(emu, token, '/api/morechildren', { form })]);
    expect([a.status, b.status].sort()).toEqual([200, 429]);
    const ok = a.status === 200 ? a : b;
    const things = ok.json.json.data.things;
    expect(ok.json.json.errors).toEqual([]);
    const asked = new Set(more.data.children.slice(0, 5));
    expect(things.filter((t: any) => asked.has(t.data.id))).toHaveLength(5);
    const known = new Set([post.name, ...things.map((t: any) => t.data.name)]);
    for (const t of things) if (t.kind === 't1' && !asked.has(t.data.id)) expect(known.has(t.data.parent_id)).toBe(true);

    const limited = await api(emu, token, '/api/morechildren', { form: { ...form, limit_children: 'true' } });
    expect(limited.json.json.data.things).toHaveLength(5);
  });
});
