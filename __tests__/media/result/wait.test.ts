/**
 * Waiting for a media post: the websocket's word, else the account's submissions, bounded in time
 * and in looks. A scripted listener and scripted looks, on a fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ArgumentError, ResponseError, TimeoutError } from '../../../lib/errors/classes.js';
import type { Found } from '../../../lib/media/result/find.js';
import type { Heard, ResultListener } from '../../../lib/media/result/listener.js';
import { waitForPost, type Look } from '../../../lib/media/result/wait.js';

const FOUND: Found = { url: 'https://www.reddit.com/r/pics/comments/abc/a_cat/', id: 'abc', name: 't3_abc' };

/** A listener whose outcome the test decides. */
function scripted() {
  let tell: (heard: Heard) => void = () => {};
  const heard = new Promise<Heard>((resolve) => (tell = resolve));
  const state = { closed: 0 };
  const listener = { heard: () => heard, close: () => void state.closed++ } as unknown as ResultListener;
  return { listener, tell, state };
}

/** Looks that answer in turn (a value, or an error to throw); records when each was made. */
function looks(...answers: Array<Found | undefined | Error>) {
  const at: number[] = [];
  const start = Date.now();
  const look: Look = async () => {
    at.push(Date.now() - start);
    const answer = answers[at.length - 1];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { look, at };
}

const settle = <T>(promise: Promise<T>) => {
  const box: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then((value) => Object.assign(box, { value, done: true }), (error: unknown) => Object.assign(box, { error, done: true }));
  return box;
};

beforeEach(() => {
  jest.useFakeTimers({ now: 1_800_000_000_000 });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the websocket answers', () => {
  it('success: its URL, id and name; no look; the sockets closed', async () => {
    const { listener, tell, state } = scripted();
    const { look, at } = looks();
    const waiting = settle(waitForPost({ listener, look, timeout: 60_000, signal: undefined }));
    tell({ type: 'success', url: FOUND.url });
    await jest.advanceTimersByTimeAsync(0);
    expect(waiting.value).toEqual(FOUND);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(at).toEqual([]);
    expect(state.closed).toBeGreaterThan(0);
  });

  it('failed: its error at once', async () => {
    const { listener, tell } = scripted();
    const failure = new ResponseError('processing failed', { status: 0, method: 'GET', url: '', body: '', errors: [], attempts: 1, step: 'result' });
    const waiting = settle(waitForPost({ listener, look: looks().look, timeout: 60_000, signal: undefined }));
    tell({ type: 'failed', error: failure });
    await jest.advanceTimersByTimeAsync(0);
    expect(waiting.error).toBe(failure);
  });

  it('a javascript: URL: refused with UNSAFE_POST_URL, never handed out', async () => {
    const { listener, tell } = scripted();
    const waiting = settle(waitForPost({ listener, look: looks().look, timeout: 60_000, signal: undefined }));
    tell({ type: 'success', url: 'javascript:alert(document.cookie)' });
    await jest.advanceTimersByTimeAsync(0);
    expect(waiting.error).toBeInstanceOf(ResponseError);
    expect(waiting.error).toMatchObject({ step: 'result', code: 'UNSAFE_POST_URL', status: 0 });
    expect((waiting.error as Error).message).toBe(`Media post, result step: the platform named the post "javascript:alert(document.cookie)", which is neither an https URL nor a loopback http one: refused, as a page could be sent to it; the post may still have been created: check the account's submitted posts before posting again.`);
  });
});

describe('without a word from the websocket, the submissions are searched', () => {
  it('no WebSocket in the runtime: looks at once, at growing gaps, until the post is there', async () => {
    const { look, at } = looks(undefined, undefined, FOUND);
    const waiting = settle(waitForPost({ listener: undefined, look, timeout: 60_000, signal: undefined }));
    await jest.advanceTimersByTimeAsync(3500);
    expect(at).toEqual([500, 1500, 3500]);
    expect(waiting.value).toEqual(FOUND);
  });

  it('every socket closed without a result: looks from then on', async () => {
    const { listener, tell } = scripted();
    const { look, at } = looks(FOUND);
    const waiting = settle(waitForPost({ listener, look, timeout: 60_000, signal: undefined }));
    await jest.advanceTimersByTimeAsync(2000);
    tell({ type: 'closed', why: 'wss://x closed (code 1011) without a result' });
    await jest.advanceTimersByTimeAsync(500);
    expect(at).toEqual([2500]);
    expect(waiting.value).toEqual(FOUND);
  });

  it('silent sockets: looks after 10 s of silence; the post found closes them', async () => {
    const { listener, state } = scripted();
    const { look, at } = looks(undefined, FOUND);
    const waiting = settle(waitForPost({ listener, look, timeout: 60_000, signal: undefined }));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(at).toEqual([]);
    await jest.advanceTimersByTimeAsync(1500);
    expect(at).toEqual([10_500, 11_500]);
    expect(waiting.value).toEqual(FOUND);
    expect(state.closed).toBeGreaterThan(0);
  });

  it('failed looks (a 5xx, the network) are looks: the next one goes on', async () => {
    const busy = new ResponseError('GET /user/me/submitted answered 503', { status: 503, method: 'GET', url: '', body: '', errors: [], attempts: 1 });
    const { look, at } = looks(busy, new TypeError('fetch failed'), FOUND);
    const waiting = settle(waitForPost({ listener: undefined, look, timeout: 60_000, signal: undefined }));
    await jest.advanceTimersByTimeAsync(3500);
    expect(at).toHaveLength(3);
    expect(waiting.value).toEqual(FOUND);
  });
});

describe('when the post cannot be found', () => {
  it('no socket, looks spent before the timeout: ResponseError MEDIA_POST_NOT_FOUND saying what was tried', async () => {
    const { look, at } = looks();
    const waiting = settle(waitForPost({ listener: undefined, look, timeout: 4000, signal: undefined }));
    await jest.advanceTimersByTimeAsync(3500);
    expect(at).toEqual([500, 1500, 3500]);
    expect(waiting.error).toBeInstanceOf(ResponseError);
    expect(waiting.error).toMatchObject({ step: 'result', code: 'MEDIA_POST_NOT_FOUND', attempts: 3 });
    expect((waiting.error as Error).message).toBe("Media post, result step: the post was submitted, but where it is could not be learned: this runtime has no WebSocket, and the post was not among the account's newest submissions (3 looks); the post may still have been created: check the account's submitted posts before posting again.");
  });

  it('submissions that cannot be read (a missing scope), no socket: at once, with the reason', async () => {
    const { listener, tell } = scripted();
    const refused = new ResponseError('GET /user/me/submitted answered 403 (the platform says: Forbidden): the token lacks a scope', { status: 403, method: 'GET', url: '', body: '', errors: [], attempts: 1 });
    const { look, at } = looks(refused);
    const waiting = settle(waitForPost({ listener, look, timeout: 60_000, signal: undefined }));
    tell({ type: 'closed', why: 'ws://127.0.0.1:9/ws/a closed (code 1006) before it opened' });
    await jest.advanceTimersByTimeAsync(500);
    expect(at).toEqual([500]);
    expect(waiting.error).toMatchObject({ name: 'ResponseError', code: 'MEDIA_POST_NOT_FOUND', status: 403 });
    expect((waiting.error as Error).message).toBe("Media post, result step: the post was submitted, but where it is could not be learned: no websocket was left to listen on (ws://127.0.0.1:9/ws/a closed (code 1006) before it opened), and the account's submissions could not be searched (GET /user/me/submitted answered 403 (the platform says: Forbidden): the token lacks a scope); the post may still have been created: check the account's submitted posts before posting again.");
  });

  it('a look refused here (ArgumentError, e.g. the scope check) stops the looks; an open socket is still heard until the timeout', async () => {
    const { listener } = scripted();
    const { look, at } = looks(new ArgumentError('GET /user/$account/submitted needs the "history" scope'));
    const waiting = settle(waitForPost({ listener, look, timeout: 20_000, signal: undefined }));
    await jest.advanceTimersByTimeAsync(19_999);
    expect(at).toEqual([5500]);
    expect(waiting.done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(waiting.error).toBeInstanceOf(TimeoutError);
    expect((waiting.error as Error).message).toBe(`Media post, result step: no result within 20000 ms (videos can take minutes: raise options.timeout): the websocket said nothing, and the account's submissions could not be searched (GET /user/$account/submitted needs the "history" scope); the post may still have been created: check the account's submitted posts before posting again.`);
  });

  it('silent sockets and a post that never shows: TimeoutError at the timeout, the looks bounded', async () => {
    const { listener, state } = scripted();
    const { look, at } = looks();
    const waiting = settle(waitForPost({ listener, look, timeout: 150, signal: undefined }));
    await jest.advanceTimersByTimeAsync(150);
    expect(at).toEqual([]);
    expect(waiting.error).toBeInstanceOf(TimeoutError);
    expect((waiting.error as Error).message).toMatch(/^Media post, result step: no result within 150 ms .*: the websocket said nothing, and .*the post may still have been created/);
    expect(state.closed).toBeGreaterThan(0);
  });
});

it('abort: the reason, at once; no look after it', async () => {
  const { listener, state } = scripted();
  const { look, at } = looks();
  const controller = new AbortController();
  const waiting = settle(waitForPost({ listener, look, timeout: 60_000, signal: controller.signal }));
  await jest.advanceTimersByTimeAsync(10_600);
  controller.abort(new Error('enough'));
  await jest.advanceTimersByTimeAsync(60_000);
  expect((waiting.error as Error).message).toBe('enough');
  expect(at).toEqual([10_500]);
  expect(state.closed).toBeGreaterThan(0);
});
