// skipOwn against the emulator (issue 22, item 1): a bot that replies on a stream cannot answer its
// own replies, even when its reply matches its own filter, as the README's first example once did.
import { describe, expect, it } from '@jest/globals';
import type { CommentThing } from '../../../lib/index.js';
import { authorizeRedirect, client, requestsTo, sleep, start, type Emulator, type LooseClient } from '../setup.js';

/**
 * The README's old bot: it answers every comment that mentions kittens with a text that mentions
 * kittens. It stops after `most` replies, or twenty polls after `quiet(answered)` says so.
 */
async function kittenBot(emu: Emulator, reddit: LooseClient, skipOwn: boolean, most: number, quiet: (answered: string[]) => boolean): Promise<string[]> {
  const stop = new AbortController();
  const answered: string[] = [];
  const stream = reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { skipOwn, skipExisting: true, pause: 5, signal: stop.signal });
  const watch = (async () => {
    while (!stop.signal.aborted && !quiet(answered)) await sleep(5);
    // Quiet: twenty more polls for a reply to its own reply to show up; none may.
    const polls = requestsTo(emu, '/r/aww/comments').length;
    while (!stop.signal.aborted && requestsTo(emu, '/r/aww/comments').length < polls + 20) await sleep(5);
    stop.abort();
  })();
  for await (const comment of stream as AsyncIterable<CommentThing>) {
    if (/kitten/i.test(comment.data.body)) {
      await reddit('/api/comment').post({ thing_id: comment.data.name, text: 'Kittens make everything better!' });
      answered.push(comment.data.name);
      if (answered.length >= most) stop.abort();
    }
  }
  await watch;
  return answered;
}

/** Every comment demo_user wrote in r/aww, with what it answers. */
async function botReplies(reddit: LooseClient): Promise<Array<{ name: string; parent: string }>> {
  const page = await reddit('/r/$subreddit/comments').listing({ $subreddit: 'aww', limit: 100 });
  return (page.allChildren as CommentThing[]).filter((c) => c.data.author === 'demo_user').map((c) => ({ name: c.data.name, parent: c.data.parent_id }));
}

describe('a replying bot on a stream', () => {
  it('with skipOwn: one reply per human comment, never one to its own', async () => {
    const emu = await start();
    const reddit = client(emu);
    const run = kittenBot(emu, reddit, true, 100, (answered) => answered.length >= 3);
    // Once the stream has polled (skipExisting), three people mention kittens and two do not.
    while (requestsTo(emu, '/r/aww/comments').length === 0) await sleep(2);
    const humans = [
      ...emu.addItems({ kind: 'comment', subreddit: 'aww', author: 'kitten_lover', body: 'Look at this kitten!' }),
      ...emu.addItems({ kind: 'comment', subreddit: 'aww', author: 'night_owl', body: 'No cats here.' }),
      ...emu.addItems({ kind: 'comment', subreddit: 'aww', author: 'snoo_fan', body: 'KITTENS!!' }),
      ...emu.addItems({ kind: 'comment', subreddit: 'aww', author: 'lurker_no_more', body: 'A dog.' }),
      ...emu.addItems({ kind: 'comment', subreddit: 'aww', author: 'rustacean42', body: 'kitten tax paid' }),
    ];
    const answered = await run;
    const kittens = [humans[0], humans[2], humans[4]];
    expect(answered).toEqual(kittens);
    const replies = await botReplies(reddit);
    expect(replies.map((r) => r.parent).sort()).toEqual([...kittens].sort());
  }, 20_000);

  it('without skipOwn, the same bot answers its own replies (the spam chain skipOwn prevents)', async () => {
    const emu = await start();
    const reddit = client(emu);
    const run = kittenBot(emu, reddit, false, 4, () => false);
    while (requestsTo(emu, '/r/aww/comments').length === 0) await sleep(2);
    const [human] = emu.addItems({ kind: 'comment', subreddit: 'aww', author: 'kitten_lover', body: 'Look at this kitten!' });
    const answered = await run;
    expect(answered).toHaveLength(4);
    const replies = await botReplies(reddit);
    const own = new Set(replies.map((r) => r.name));
    // Each reply after the first answers the bot's previous one.
    expect(answered[0]).toBe(human);
    expect(answered.slice(1).every((name) => own.has(name))).toBe(true);
  }, 20_000);

  it('an explicit (web) app learns its account from /api/v1/me, once', async () => {
    const emu = await start();
    const reddit = client(emu, 'explicit');
    await reddit.auth(new URL(await authorizeRedirect(reddit.getAuthUrl())).searchParams.get('code')!);
    const run = kittenBot(emu, reddit, true, 100, (answered) => answered.length >= 2);
    while (requestsTo(emu, '/r/aww/comments').length === 0) await sleep(2);
    const humans = emu.addItems({ kind: 'comment', subreddit: 'aww', author: 'kitten_lover', body: 'kitten', count: 2 });
    expect(await run).toEqual(humans);
    expect(requestsTo(emu, '/api/v1/me')).toHaveLength(1);
  }, 20_000);
});
