/**
 * A media post always resolves to the post: where websockets are missing, refused, closed or silent,
 * the post is found among the account's newest submissions (bounded), else a named error says what
 * happened. Against the emulator, whose websockets can refuse, close or stay silent.
 */
import { describe, expect, it } from '@jest/globals';
import { Core } from '../../../lib/core/core.js';
import type { MediaHost } from '../../../lib/media/host.js';
import { submitMedia } from '../../../lib/media/index.js';
import { resolveOptions } from '../../../lib/options/schema.js';
import { ResponseError, TimeoutError } from '../../../lib/index.js';
import { CLOCK_SKEW_S } from '../../../lib/media/result/find.js';
import { client, failure, requestsTo, shiftClock, start, USER_AGENT, type Emulator } from '../setup.js';
import { PNG, socketsOf } from './helpers.js';

const submitted = (emu: Emulator) => requestsTo(emu, '/user/demo_user/submitted', 'GET');
const image = (title = 'A cat') => ({ sr: 'pics', title, kind: 'image' as const, file: PNG, name: 'cat.png' });

describe('the post is found among the submissions', () => {
  it('websockets refused (403): url, id and name from /user/NAME/submitted, the name from the submit answer', async () => {
    const emu = await start({ mediaDelay: 10, storage: { websockets: 'refuse' } });
    const post = await client(emu).submitMedia(image());
    const [made] = emu.mediaPosts;
    expect(post).toMatchObject({ url: made!.permalink, id: made!.id, name: made!.name });
    // Refused before the submit and again after it; then one look was enough.
    expect(socketsOf(emu).map((s) => s.status)).toEqual([403, 403]);
    expect(submitted(emu).map((r) => r.query)).toEqual([{ sort: 'new', limit: '25', raw_json: '1' }]);
    expect(requestsTo(emu, '/api/v1/me')).toHaveLength(0);
  });

  it('a websocket that closes without a result: looked for from then on', async () => {
    const emu = await start({ mediaDelay: 10, storage: { websockets: 'close' } });
    const post = await client(emu).submitMedia(image());
    expect(post.url).toBe(emu.mediaPosts[0]!.permalink);
    expect(socketsOf(emu).every((s) => s.status === 101)).toBe(true);
    expect(submitted(emu).length).toBeGreaterThanOrEqual(1);
  });

  it('a silent websocket: looked for after a quarter of the timeout (at most 10 s) of silence', async () => {
    const emu = await start({ mediaDelay: 10, storage: { websockets: 'silent' } });
    const started = Date.now();
    const post = await client(emu).submitMedia(image(), { timeout: 4000 });
    expect(post.url).toBe(emu.mediaPosts[0]!.permalink);
    expect(submitted(emu)).toHaveLength(1);
    // Silence of 1 s, then the first look 0.5 s later.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it('an earlier post of the same title, older than the submit by more than the clock skew, is not taken for it', async () => {
    const emu = await start({ mediaDelay: 1200, storage: { websockets: 'refuse' } });
    const reddit = client(emu);
    const first = await reddit.submitMedia(image('Same title'));
    shiftClock((CLOCK_SKEW_S + 60) * 1000);
    // The first looks find only the earlier post: the new one is listed once processed, 1.2 s after the submit.
    const second = await reddit.submitMedia(image('Same title'));
    expect([first.id, second.id]).toEqual([emu.mediaPosts[0]!.id, emu.mediaPosts[1]!.id]);
    expect(submitted(emu).length).toBeGreaterThanOrEqual(3);
  });

  it('a runtime without any WebSocket (no global one, none to load): found without opening a socket', async () => {
    const emu = await start({ mediaDelay: 10 });
    const core = new Core(resolveOptions({ userAgent: USER_AGENT, oauth: { type: 'script', ...emu.apps.script }, apiServerUri: emu.url, authServerUri: emu.url, throttle: 0 }));
    const host: MediaHost = { options: core.options, request: core.request.bind(core), sendElsewhere: core.sendElsewhere.bind(core), mediaNode: async () => ({}) };
    const global = globalThis as { WebSocket?: unknown };
    const original = global.WebSocket;
    delete global.WebSocket;
    try {
      const post = await submitMedia(host, image());
      expect(post).toMatchObject({ url: emu.mediaPosts[0]!.permalink, id: emu.mediaPosts[0]!.id, name: emu.mediaPosts[0]!.name });
      expect(socketsOf(emu)).toHaveLength(0);
      expect(submitted(emu).length).toBeGreaterThanOrEqual(1);
    } finally {
      if (original !== undefined) global.WebSocket = original;
    }
  });
});

describe('or a named error says what happened', () => {
  it('refused websockets and no history scope: ResponseError MEDIA_POST_NOT_FOUND at once, naming both; the post was made', async () => {
    const emu = await start({ mediaDelay: 10, storage: { websockets: 'refuse' } });
    const reddit = client(emu, 'script', { oauth: { scope: ['submit'] } });
    const error = await failure(reddit.submitMedia(image()));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ step: 'result', code: 'MEDIA_POST_NOT_FOUND' });
    expect(error.message).toMatch(/^Media post, result step: the post was submitted, but where it is could not be learned: no websocket was left to listen on \(could not connect to ws:\/\/127\.0\.0\.1:\d+\/ws\/\w+\), and the account's submissions could not be searched \(.*"history" scope.*\); the post may still have been created: check the account's submitted posts before posting again\.$/);
    expect(error.message).not.toContain('?m=');
    expect(emu.mediaPosts).toHaveLength(1);
  });

  it('a post that never shows (processing failed, the websocket refused): MEDIA_POST_NOT_FOUND once the looks the timeout allows are spent', async () => {
    const emu = await start({ mediaDelay: 10, storage: { websockets: 'refuse' } });
    const error = await failure(client(emu).submitMedia({ ...image(), name: 'fail.png' }, { timeout: 2500 }));
    expect(error).toMatchObject({ name: 'ResponseError', code: 'MEDIA_POST_NOT_FOUND', attempts: 2 });
    expect(error.message).toMatch(/the post was not among the account's newest submissions \(2 looks\)/);
    expect(submitted(emu)).toHaveLength(2);
  });

  it('a silent websocket and a post that never shows: TimeoutError at the timeout', async () => {
    const emu = await start({ mediaDelay: 60_000, storage: { websockets: 'silent' } });
    const error = await failure(client(emu).submitMedia(image(), { timeout: 2500 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/^Media post, result step: no result within 2500 ms \(videos can take minutes: raise options.timeout\): the websocket said nothing, and the post was not among the account's newest submissions \(\d looks?\); the post may still have been created/);
  });
});
