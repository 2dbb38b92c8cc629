/** How the arguments of the endpoints PRAW sends otherwise than as a form travel, without the caller asking (bodyType). */
import { describe, expect, it } from '@jest/globals';
import Snoopath from '../../lib/index.js';

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  type: string | null;
  body: string;
}

/** An instance whose every request is recorded and answered `{}` (a token for token requests). */
function recording(): { reddit: Snoopath; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/v1/access_token') return json({ access_token: 'token', token_type: 'bearer', expires_in: 3600, scope: '*' });
    sent.push({ method: input.method, path: url.pathname, query: url.searchParams, type: input.headers.get('content-type'), body: await input.text() });
    return json({});
  };
  const reddit = new Snoopath({
    userAgent: 'test:snoopath-json-bodies:1.0 (by /u/tester)',
    oauth: { type: 'script', key: 'key', secret: 'secret', username: 'tester', password: 'password' },
    fetch,
  });
  return { reddit, sent };
}

describe('a JSON body without bodyType', () => {
  const cases: Array<[string, (r: Snoopath) => Promise<unknown>, string, Record<string, unknown>]> = [
    [
      'PATCH /api/v1/subreddit/update_settings',
      (r) => r('/api/v1/subreddit/update_settings').patch({ sr: 't5_abc', title: 'New title' }),
      '/api/v1/subreddit/update_settings',
      { sr: 't5_abc', title: 'New title' },
    ],
    [
      'POST /api/submit_gallery_post.json',
      (r) => r('/api/submit_gallery_post.json').post({ sr: 'aww', title: 'Two cats', items: [{ media_id: 'a' }, { media_id: 'b', caption: 'b' }] }),
      '/api/submit_gallery_post.json',
      { sr: 'aww', title: 'Two cats', items: [{ media_id: 'a' }, { media_id: 'b', caption: 'b' }] },
    ],
    [
      'POST /api/submit_poll_post',
      (r) => r('/api/submit_poll_post').post({ sr: 'aww', title: 'Which?', options: ['a', 'b'], duration: 3 }),
      '/api/submit_poll_post',
      { sr: 'aww', title: 'Which?', options: ['a', 'b'], duration: 3 },
    ],
    [
      'POST /api/v1/modactions/removal_comment_message',
      (r) => r('/api/v1/modactions/removal_comment_message').post({ item_id: ['t1_abc'], message: 'Rule 1', title: 'Removed', type: 'public' }),
      '/api/v1/modactions/removal_comment_message',
      { item_id: ['t1_abc'], message: 'Rule 1', title: 'Removed', type: 'public' },
    ],
    [
      'POST /api/v1/modactions/removal_link_message',
      (r) => r('/api/v1/modactions/removal_link_message').post({ item_id: ['t3_abc'], message: 'Rule 2', title: 'Removed', type: 'private' }),
      '/api/v1/modactions/removal_link_message',
      { item_id: ['t3_abc'], message: 'Rule 2', title: 'Removed', type: 'private' },
    ],
  ];

  it.each(cases)('%s is sent as JSON', async (_, call, path, body) => {
    const { reddit, sent } = recording();
    await call(reddit);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path, type: 'application/json' });
    expect(JSON.parse(sent[0]!.body)).toEqual(body);
    // api_type goes in the query, where a JSON body leaves room for it.
    expect(sent[0]!.query.get('api_type')).toBe('json');
  });

  it('also when the path is a plain string (the runtime table decides, not the typings)', async () => {
    const { reddit, sent } = recording();
    await reddit('/api/v1/subreddit/update_settings' as string).patch({ sr: 't5_abc', title: 'x' });
    expect(sent[0]).toMatchObject({ type: 'application/json' });
  });

  it('while the other endpoints still get a form', async () => {
    const { reddit, sent } = recording();
    await reddit('/api/vote').post({ id: 't3_abc', dir: 1 });
    await reddit('/r/$subreddit/api/widget').post({ $subreddit: 'aww', json: '{"kind":"textarea"}' });
    expect(sent.map((s) => s.type)).toEqual(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded']);
    expect(new URLSearchParams(sent[1]!.body).get('json')).toBe('{"kind":"textarea"}');
  });

  it('unless the call says otherwise', async () => {
    const { reddit, sent } = recording();
    await reddit('/api/submit_poll_post').post({ sr: 'aww', title: 'Which?', options: ['a', 'b'], duration: 3 }, { bodyType: 'form' });
    expect(sent[0]!.type).toBe('application/x-www-form-urlencoded');
  });
});

describe('arguments in the query whatever the verb', () => {
  it('DELETE /api/mod/notes and DELETE /api/v1/draft send theirs in the query, as PRAW does, and no body', async () => {
    const { reddit, sent } = recording();
    await reddit('/api/mod/notes').delete({ subreddit: 'aww', user: 'spez', note_id: 'ModNote_abc' });
    await reddit('/api/v1/draft').delete({ draft_id: 'd1' });
    expect(sent.map((s) => [s.method, s.path, s.type, s.body])).toEqual([['DELETE', '/api/mod/notes', null, ''], ['DELETE', '/api/v1/draft', null, '']]);
    expect(Object.fromEntries(sent[0]!.query)).toEqual({ subreddit: 'aww', user: 'spez', note_id: 'ModNote_abc', api_type: 'json', raw_json: '1' });
    expect(sent[1]!.query.get('draft_id')).toBe('d1');
  });

  it('any call can ask for it with bodyType: "query"', async () => {
    const { reddit, sent } = recording();
    await reddit('/api/some_new_thing').delete({ id: 'x' }, { bodyType: 'query' });
    expect(sent[0]).toMatchObject({ type: null, body: '' });
    expect(sent[0]!.query.get('id')).toBe('x');
  });
});
