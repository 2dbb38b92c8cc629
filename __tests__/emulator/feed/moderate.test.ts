/** The emulator's moderator actions: /api/remove and /api/approve, on subreddits the account moderates only. */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../lib/emulator/index.js';

let emu: Emulator;
let token: string;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false, subreddits: { aww: 10, news: 10 }, accounts: [{ name: 'cleanup_bot', password: 'pw', moderates: ['aww'] }] });
  const basic = Buffer.from(`${emu.apps.script.key}:${emu.apps.script.secret}`).toString('base64');
  const answer = await fetch(`${emu.url}/api/v1/access_token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password&username=cleanup_bot&password=pw' });
  token = ((await answer.json()) as { access_token: string }).access_token;
});
afterAll(() => emu.close());

const act = (action: string, id: string) =>
  fetch(`${emu.url}/api/${action}`, { method: 'POST', headers: { authorization: `bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${id}` });
const modlog = async () => ((await (await fetch(`${emu.url}/r/mod/about/log`, { headers: { authorization: `bearer ${token}` } })).json()) as { data: { children: Array<{ data: { action: string; target_fullname: string } }> } }).data.children.map((c) => c.data);

it('remove takes a comment out and logs it; approve logs its approval; {} as the platform answers', async () => {
  const [comment] = emu.addItems({ kind: 'comment', subreddit: 'aww', reported: true });
  const removed = await act('remove', comment!);
  expect(removed.status).toBe(200);
  expect(await removed.json()).toEqual({});
  expect((await modlog())[0]).toMatchObject({ action: 'removecomment', target_fullname: comment });
  expect((await act('approve', comment!)).status).toBe(200);
  expect((await modlog())[0]).toMatchObject({ action: 'approvecomment', target_fullname: comment });
});

it('a subreddit the account does not moderate is 403; an unknown thing is 404', async () => {
  const [other] = emu.addItems({ kind: 'comment', subreddit: 'news' });
  expect((await act('remove', other!)).status).toBe(403);
  expect((await act('remove', 't1_nosuchthing')).status).toBe(404);
});
