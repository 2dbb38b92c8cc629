/** The emulator answers unknown, private, banned and quarantined subreddits as the platform does (issue 22, item 7). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';
import { api, scriptToken } from '../helpers.js';

let emu: Emulator;
let token: string;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  token = await scriptToken(emu);
});
afterAll(() => emu.close());

describe('subreddits that cannot be read', () => {
  it('an unknown name: 302 to the search page with the name as q', async () => {
    const answer = await api(emu, token, '/r/awww/hot');
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get('location')!)).toMatchObject({ pathname: '/subreddits/search', search: '?q=awww' });
  });

  it.each([
    ['privatesub', 403, { reason: 'private', message: 'Forbidden', error: 403 }],
    ['bannedsub', 404, { reason: 'banned', message: 'Not Found', error: 404 }],
    ['quarantinedsub', 403, { reason: 'quarantined', message: 'Forbidden', error: 403 }],
  ])('r/%s answers %i with its reason, on every path under it', async (name, status, body) => {
    for (const path of [`/r/${name}`, `/r/${name}/new`, `/r/${name}/about`, `/r/${name}/comments`, `/r/${name}/about/modqueue`]) {
      const answer = await api(emu, token, path);
      expect([path, answer.status]).toEqual([path, status]);
      expect(answer.json).toMatchObject(body);
    }
  });
});
