import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { API, WWW, client, failure, script, tokenOk, mockNetwork, expectUnused } from './helpers.js';

mockNetwork();

describe('the endpoint catalog at run time', () => {
  it('rejects a known endpoint early when the instance did not ask for its scope, naming scope and fix', async () => {
    const token = tokenOk();
    const reddit = client({ oauth: { ...script, scope: ['read'] } });
    const error = await failure(reddit('/api/vote').post({ id: 't3_x', dir: 1 }));
    expect(error).toMatchObject({ name: 'ArgumentError' });
    expect(error.message).toContain('"vote" scope');
    expect(error.message).toContain('oauth.scope');
    expectUnused(token);
  });

  it('matches concrete paths to templates for the scope check', async () => {
    const token = tokenOk();
    const reddit = client({ oauth: { ...script, scope: ['identity'] } });
    await expect(failure(reddit('/r/aww/hot').get())).resolves.toMatchObject({ message: expect.stringContaining('"read" scope') });
    expectUnused(token);
  });

  it('lets the call through with the scope, with "*", with checkScopes false, or on unknown paths', async () => {
    tokenOk(3);
    nock(API).post('/api/vote').query({ raw_json: '1' }).times(3).reply(200, {});
    nock(API).get('/not/in/catalog').query(true).reply(200, {});
    await client({ oauth: { ...script, scope: ['vote'] } })('/api/vote').post({ id: 't3_x', dir: 1 });
    await client()('/api/vote').post({ id: 't3_x', dir: 1 });
    const narrow = client({ oauth: { ...script, scope: ['read'] }, checkScopes: false });
    await narrow('/api/vote').post({ id: 't3_x', dir: 1 });
    await narrow('/not/in/catalog').get();
  });

  it('asks only for the scope the endpoint needs: an instance that lists other scopes besides it is let through', async () => {
    tokenOk();
    const scope = nock(API).get('/r/aww/hot').query(true).reply(200, {});
    await client({ oauth: { ...script, scope: ['identity', 'read', 'vote'] } })('/r/$subreddit/hot').get({ $subreddit: 'aww' });
    expect(scope.isDone()).toBe(true);
  });

  it('does not apply to a bypassAuth call: it goes out with the application-only token, whatever oauth.scope lists', async () => {
    const grants: string[] = [];
    const token = nock(WWW).post('/api/v1/access_token').reply((_u, body) => {
      grants.push(new URLSearchParams(body as string).get('grant_type')!);
      return [200, { access_token: 'app-only-token-1', token_type: 'bearer', expires_in: 3600, scope: 'identity' }];
    });
    const scope = nock(API, { reqheaders: { authorization: 'bearer app-only-token-1' } }).get('/r/aww/hot').query(true).reply(200, { kind: 'Listing' });
    const reddit = client({ oauth: { ...script, scope: ['identity'] } });
    await expect(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww' }, { bypassAuth: true })).resolves.toEqual({ kind: 'Listing' });
    expect(grants).toEqual(['client_credentials']);
    expect(token.isDone() && scope.isDone()).toBe(true);
    // The same call as the user is checked, and refused before anything is sent.
    await expect(reddit('/r/$subreddit/hot').get({ $subreddit: 'aww' })).rejects.toMatchObject({ name: 'ArgumentError', message: expect.stringContaining('"read" scope') });
  });

  it('sends a JSON body to known JSON-bodied endpoints without bodyType', async () => {
    tokenOk();
    let type = '';
    let body: unknown;
    nock(API).patch('/api/v1/me/prefs').query({ api_type: 'json', raw_json: '1' }).reply(function (_u, b) {
      type = String(this.req.headers['content-type']);
      body = b;
      return [200, {}];
    });
    await client()('/api/v1/me/prefs').patch({ over_18: true });
    expect(type).toBe('application/json');
    expect(body).toEqual({ over_18: true });
  });
});
