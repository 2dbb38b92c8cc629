import { describe, expect, it } from '@jest/globals';
import { bodyLines, endpointModel, packTable, runtimeLines, type Endpoint } from '../../codegen/index.mjs';
import { unpackTable } from '../../lib/endpoints/table.js';

const endpoint = (verb: string, path: string, scopes: string[] = [], more: Partial<Endpoint> = {}): Endpoint => ({
  verb, path, scopes, oauth: true, listing: false, json: false, args: [], callArgs: [], result: 'unknown', description: '', ...more,
});

describe('the runtime table', () => {
  it('leaves out what the client would treat as unknown anyway: no scope, no JSON body', () => {
    const lines = runtimeLines([
      endpoint('POST', '/api/add_whitelisted'),
      endpoint('PATCH', '/api/v1/subreddit/update_settings', [], { json: true }),
      endpoint('POST', '/api/vote', ['vote']),
    ]);
    expect(lines).toEqual(['PATCH /api/v1/subreddit/update_settings - J', 'POST /api/vote vote']);
  });

  it('keeps such an endpoint where leaving it out would let its paths match a template with a scope', () => {
    const lines = runtimeLines([
      endpoint('GET', '/api/v1/$subreddit/removal_reasons'),
      endpoint('GET', '/api/v1/$subreddit/$thing', ['read']),
      endpoint('GET', '/api/v1/me/karma', ['mysubreddits']),
    ]);
    expect(lines).toContain('GET /api/v1/$subreddit/removal_reasons -');
  });

  it('checks no scope of an endpoint added from PRAW\'s list, and keeps its JSON body or query', () => {
    const lines = runtimeLines([
      endpoint('POST', '/api/mod/conversations/$conversation_id/archive', ['modmail'], { praw: true }),
      endpoint('POST', '/api/submit_poll_post', ['submit'], { praw: true, json: true }),
      endpoint('DELETE', '/api/v1/draft', [], { praw: true, query: true }),
    ]);
    expect(lines).toEqual(['POST /api/submit_poll_post - J', 'DELETE /api/v1/draft - Q']);
  });

  it('marks twins with the same facts once, with B', () => {
    expect(runtimeLines([endpoint('GET', '/about/log', ['modlog']), endpoint('GET', '/r/$subreddit/about/log', ['modlog'])])).toEqual(['GET /about/log modlog B']);
  });

  it('packs into a tree that reads back as the same lines, each path segment written once', () => {
    const lines = ['GET /about/log modlog LB', 'POST /api/vote vote', 'GET /api/v1/me identity', 'PATCH /api/v1/me/prefs account J', 'DELETE /api/v1/draft - Q', 'GET /$sort read LSB'];
    const packed = packTable(lines);
    expect(packed).toBe('about(log=GmodlogLB),api(vote=Pvote,v1(me=Gidentity(prefs=AaccountJ),draft=DQ)),$sort=GreadLSB');
    const back = unpackTable(packed).map((e) => `${e.verb} ${e.path} ${e.scopes.join(',') || '-'}${e.flags ? ` ${e.flags}` : ''}`);
    expect(back.sort()).toEqual([...lines].sort());
  });

  it('reads back every line of the real table', () => {
    const lines = runtimeLines(endpointModel());
    const back = unpackTable(packTable(lines)).map((e) => `${e.verb} ${e.path} ${e.scopes.join(',') || '-'}${e.flags ? ` ${e.flags}` : ''}`);
    expect(back.sort()).toEqual([...lines].sort());
    expect(() => packTable(['GET /a(b) read'])).toThrow('cannot pack');
    expect(() => packTable(['HEAD /a read'])).toThrow('cannot pack');
  });
});

describe('the body-type table', () => {
  it('keeps the writes sent as JSON or in the query, without scopes, and the templates their paths could match instead', () => {
    const lines = bodyLines([
      'POST /api/vote vote',
      'PATCH /api/v1/me/prefs account J',
      'DELETE /api/v1/draft - Q',
      'PUT /api/v1/me/friends/$username subscribe J',
      'PUT /api/v1/me/friends/$user_name/note subscribe',
      'PUT /api/v1/me/$what/$username read',
      'PUT /api/v1/$a/$b/$c read B',
      'GET /api/v1/me/prefs identity J',
      'PUT /api/v1/me/$x/$y read S',
    ]);
    expect(lines).toEqual([
      'PATCH /api/v1/me/prefs - J',
      'DELETE /api/v1/draft - Q',
      'PUT /api/v1/me/friends/$username - J',
      'PUT /api/v1/me/$what/$username -',
      'PUT /api/v1/$a/$b/$c - B',
    ]);
  });
});
