import { describe, expect, it, afterEach } from '@jest/globals';
import nock from 'nock';
import Snoopath from '../../lib/index.js';

nock.disableNetConnect();
afterEach(() => nock.cleanAll());

describe('smoke', () => {
  it('script bot gets a token and calls', async () => {
    nock('https://www.reddit.com').post('/api/v1/access_token').reply(200, { access_token: 'tok123456', token_type: 'bearer', expires_in: 3600, scope: '*' });
    nock('https://oauth.reddit.com').get('/api/v1/me').query({ api_type: 'json' }).reply(200, { name: 'me' }, { 'x-ratelimit-remaining': '99.0', 'x-ratelimit-used': '1', 'x-ratelimit-reset': '100' });
    const reddit = new Snoopath({ userAgent: 'test:ua:1 (by /u/x)', throttle: 0, oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } });
    expect(reddit).toBeInstanceOf(Snoopath);
    await expect(reddit('/api/v1/me').get()).resolves.toEqual({ name: 'me' });
  });
});
