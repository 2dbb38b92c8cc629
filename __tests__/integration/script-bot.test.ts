/** A script bot against the emulator: auth, reads, listings, writes, json.errors, entities. */
import { describe, expect, it } from '@jest/globals';
import { request as httpsRequest } from 'node:https';
import { ArgumentError, ResponseError } from '../../lib/index.js';
import { client, failure, grants, requestsTo, start, TOKEN_PATH, USER_AGENT } from './setup.js';

type Post = { kind: string; data: { id: string; name: string; title: string; created_utc: number; stickied: boolean; score: number; likes: boolean | null; selftext: string } };

describe('a script bot', () => {
  it('authenticates with the password grant and reads /api/v1/me as its account', async () => {
    const emu = await start();
    const reddit = client(emu);
    expect(await reddit.auth()).toBeUndefined();
    expect(reddit.hasAccessToken()).toBe(true);
    const me = await reddit('/api/v1/me').get<{ name: string }>();
    expect(me.name).toBe('demo_user');
    expect(grants(emu)).toEqual(['password']);
    const token = requestsTo(emu, TOKEN_PATH)[0]!;
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from('script-app-id:script-app-secret').toString('base64')}`);
    expect(token.headers['user-agent']).toBe(USER_AGENT);
    const call = requestsTo(emu, '/api/v1/me')[0]!;
    expect(call).toMatchObject({ status: 200, user: 'demo_user', clientId: 'script-app-id' });
    expect(call.headers.authorization).toBe(`bearer ${reddit.getAccessToken()}`);
    expect(call.query.api_type).toBe('json');
  });

  it('gets its token on the first call by itself, one token request for concurrent calls', async () => {
    const emu = await start();
    const reddit = client(emu);
    const names = await Promise.all([1, 2, 3, 4, 5].map(() => reddit('/api/v1/me').get<{ name: string }>().then((m) => m.name)));
    expect(names).toEqual(Array(5).fill('demo_user'));
    expect(grants(emu)).toEqual(['password']);
  });

  it('walks a listing across pages with for await: every item once, in order, after/count sent', async () => {
    const emu = await start();
    const reddit = client(emu);
    const first = await reddit('/r/$subreddit/new').listing<Post>({ $subreddit: 'aww', limit: 30 });
    const seen: Post[] = [];
    for await (const post of first) seen.push(post);

    const pages = requestsTo(emu, '/r/aww/new');
    expect(pages).toHaveLength(Math.ceil(250 / 30));
    pages.forEach((r, i) => {
      expect(r.status).toBe(200);
      expect(r.query.limit).toBe('30');
      if (i === 0) expect(r.query).not.toHaveProperty('after');
      else expect(r.query).toMatchObject({ count: String(30 * i), after: expect.stringMatching(/^t3_/) });
    });
    const ids = seen.map((p) => p.data.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen.every((p) => p.kind === 't3' && !p.data.stickied)).toBe(true);

    // The same listing read 100 at a time (every item, stickied ones too) is the reference order.
    const all: Post[] = [];
    let page = await reddit('/r/$subreddit/new').listing<Post>({ $subreddit: 'aww', limit: 100 });
    for (;;) {
      all.push(...page.allChildren);
      if (page.done) break;
      page = await page.next();
    }
    expect(all).toHaveLength(250);
    expect(ids).toEqual(all.filter((p) => !p.data.stickied).map((p) => p.data.name));
    // Each page starts right after the last item of the one before.
    for (let i = 1; i < pages.length; i++) expect(pages[i]!.query.after).toBe(all[30 * i - 1]!.data.name);
    // `new` is newest first.
    for (let i = 1; i < all.length; i++) expect(all[i]!.data.created_utc).toBeLessThanOrEqual(all[i - 1]!.data.created_utc);
  });

  it('previous() and requery() move back over the wire', async () => {
    const emu = await start();
    const reddit = client(emu);
    const one = await reddit('/r/$subreddit/top').listing<Post>({ $subreddit: 'programming', limit: 10 });
    const two = await one.next();
    expect(two.count).toBe(10);
    const back = await two.previous();
    expect(back.allChildren.map((p) => p.data.name)).toEqual(one.allChildren.map((p) => p.data.name));
    const again = await two.requery();
    expect(again.allChildren.map((p) => p.data.name)).toEqual(two.allChildren.map((p) => p.data.name));
    const sent = requestsTo(emu, '/r/programming/top');
    expect(sent[2]!.query).toMatchObject({ before: two.allChildren[0]!.data.name, limit: '10' });
  });

  it('upvotes a post: the vote is sent as a form and the score changes', async () => {
    const emu = await start();
    const reddit = client(emu);
    const hot = await reddit('/r/$subreddit/hot').listing<Post>({ $subreddit: 'aww', limit: 5 });
    const top = hot.children[0]!;
    expect(top.data.likes).toBeNull();
    await expect(reddit('/api/vote').post({ id: top.data.name, dir: 1 })).resolves.toEqual({});
    const vote = requestsTo(emu, '/api/vote', 'POST')[0]!;
    expect(vote.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(vote.body))).toEqual({ id: top.data.name, dir: '1', api_type: 'json' });
    const info = await reddit('/api/info').get<{ data: { children: Post[] } }>({ id: top.data.name });
    expect(info.data.children[0]!.data).toMatchObject({ likes: true, score: top.data.score + 1 });
  });

  it('a bad vote direction is a ResponseError 400 with the platform body, sent once', async () => {
    const emu = await start();
    const reddit = client(emu);
    const error = await failure(reddit('/api/vote').post({ id: 't3_zzz', dir: 7 }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ status: 400, method: 'POST', attempts: 1, body: { reason: 'INVALID_OPTION' } });
    expect(requestsTo(emu, '/api/vote')).toHaveLength(1);
  });

  it('comments; an empty comment is HTTP 200 with json.errors: ResponseError carrying NO_TEXT', async () => {
    const emu = await start();
    const reddit = client(emu);
    const { children } = await reddit('/r/$subreddit/new').listing<Post>({ $subreddit: 'snoopath', limit: 1 });
    const parent = children[0]!.data.name;
    const ok = await reddit('/api/comment').post<{ json: { errors: unknown[]; data: { things: Array<{ kind: string; data: { body: string; parent_id: string } }> } } }>({ thing_id: parent, text: 'hello from the tests' });
    expect(ok.json.errors).toEqual([]);
    expect(ok.json.data.things[0]).toMatchObject({ kind: 't1', data: { body: 'hello from the tests', parent_id: parent } });

    const error = await failure(reddit('/api/comment').post({ thing_id: parent, text: '' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.status).toBe(200);
    expect(error.errors[0]![0]).toBe('NO_TEXT');
    expect(error.message).toMatch(/NO_TEXT/);
    expect(requestsTo(emu, '/api/comment')).toHaveLength(2);
  });

  it('/comments/$article: two listings, sliced with listingIndex; without it ArgumentError', async () => {
    const emu = await start();
    const reddit = client(emu);
    const newest = await reddit('/r/$subreddit/new').listing<Post>({ $subreddit: 'aww', limit: 3 });
    // `new` position 2 has 250 comments, hence `more` stubs.
    const article = newest.allChildren[2]!.data;
    const link = await reddit('/comments/$article').listing<Post>({ $article: article.id }, { listingIndex: 0 });
    expect(link.allChildren).toHaveLength(1);
    expect(link.allChildren[0]!.data.name).toBe(article.name);
    const tree = await reddit('/comments/$article').listing<{ kind: string; data: { parent_id: string; count?: number } }>({ $article: article.id, limit: 50 }, { listingIndex: 1 });
    expect(tree.allChildren.length).toBeGreaterThan(1);
    expect(tree.allChildren.filter((c) => c.kind === 't1').every((c) => c.data.parent_id === article.name)).toBe(true);
    expect(tree.allChildren.some((c) => c.kind === 'more')).toBe(true);
    const sent = requestsTo(emu, `/comments/${article.id}`);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.query.limit).toBe('50');

    const error = await failure(reddit('/comments/$article').listing({ $article: article.id }));
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error.message).toMatch(/listingIndex/);
  });

  it('text as written by default (raw_json=1, issue 22 item 8); rawJson: false gets the escaped text, which decodeHtmlEntities decodes', async () => {
    const emu = await start();
    const reddit = client(emu);
    const args = { $subreddit: 'aww', limit: 100 };
    const written = await reddit('/r/$subreddit/new').listing<Post>(args);
    expect(requestsTo(emu, '/r/aww/new')[0]!.query.raw_json).toBe('1');
    const index = written.allChildren.findIndex((p) => /[&<>]/.test(p.data.title + p.data.selftext));
    expect(index).toBeGreaterThanOrEqual(0);
    const raw = written.allChildren[index]!.data;
    expect(raw.title + raw.selftext).not.toMatch(/&amp;|&lt;|&gt;/);

    const escaped = (await reddit('/r/$subreddit/new').listing<Post>(args, { rawJson: false })).allChildren[index]!.data;
    expect(requestsTo(emu, '/r/aww/new')[1]!.query.raw_json).toBeUndefined();
    expect(escaped.name).toBe(raw.name);
    expect(escaped.title).toBe(raw.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));

    const decoded = (await reddit('/r/$subreddit/new').listing<Post>(args, { rawJson: false, decodeHtmlEntities: true })).allChildren[index]!.data;
    expect(decoded.title).toBe(raw.title);
    expect(decoded.selftext).toBe(raw.selftext);

    // The instance options do the same; a raw_json the call gives wins.
    const legacy = client(emu, 'script', { rawJson: false });
    expect((await legacy('/r/$subreddit/new').listing<Post>(args)).allChildren[index]!.data.title).toBe(escaped.title);
    expect((await legacy('/r/$subreddit/new').listing<Post>({ ...args, raw_json: 1 })).allChildren[index]!.data.title).toBe(raw.title);
    const always = client(emu, 'script', { rawJson: false, decodeHtmlEntities: true });
    expect((await always('/r/$subreddit/new').listing<Post>(args)).allChildren[index]!.data.title).toBe(raw.title);
  });

  it('an unknown user is a ResponseError 404, not retried', async () => {
    const emu = await start();
    const reddit = client(emu);
    const error = await failure(reddit('/user/$username/about').get({ $username: 'nobody_at_all_here' }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ status: 404, attempts: 1, body: { message: 'Not Found', error: 404 } });
    expect(requestsTo(emu, '/user/nobody_at_all_here/about')).toHaveLength(1);
  });

  it('works over https with the emulator self-signed certificate (through a custom fetch that trusts it)', async () => {
    const emu = await start({ https: true });
    expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const reddit = client(emu, 'script', { fetch: trustingFetch(emu.ca!) });
    await expect(reddit('/api/v1/me').get()).resolves.toMatchObject({ name: 'demo_user' });
    const page = await reddit('/r/$subreddit/new').listing({ $subreddit: 'snoopath', limit: 10 });
    expect(page.allChildren).toHaveLength(10);
    expect(grants(emu)).toEqual(['password']);
    // Without the certificate, the connection is refused: a NetworkError, not a silent success.
    const untrusting = client(emu, 'script', { retryAttempts: 0 });
    const error = await failure(untrusting.auth());
    expect(error.name).toBe('NetworkError');
  });
});

/** A fetch over node:https that trusts `ca` (Node's global fetch takes no CA option). */
function trustingFetch(ca: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = httpsRequest(request.url, { method: request.method, headers: Object.fromEntries(request.headers), ca, signal: request.signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
          const status = res.statusCode ?? 0;
          resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }));
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}
