import { describe, expect, it } from '@jest/globals';
import { runtimeLines, type Endpoint } from '../../codegen/index.mjs';

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

  it('marks twins with the same facts once, with B', () => {
    expect(runtimeLines([endpoint('GET', '/about/log', ['modlog']), endpoint('GET', '/r/$subreddit/about/log', ['modlog'])])).toEqual(['GET /about/log modlog B']);
  });
});
