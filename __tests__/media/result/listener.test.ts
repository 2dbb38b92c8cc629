/** The result listener, with a scripted WebSocket: what the sockets say, what closes them, and why none opened. */
import { describe, expect, it } from '@jest/globals';
import { NetworkError, ResponseError, TimeoutError } from '../../../lib/errors/classes.js';
import { ResultListener } from '../../../lib/media/result/listener.js';

/** A WebSocket whose events the test fires by hand. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  binaryType = 'blob';
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  say(value: unknown) {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
}

const WS = FakeSocket as unknown as typeof WebSocket;
const URL_A = 'ws://127.0.0.1:9/ws/a?m=secret';
const URL_B = 'wss://ws.example/ws/b?m=secret';

function listener(signal?: AbortSignal) {
  FakeSocket.made = [];
  return new ResultListener(WS, signal);
}

describe('ResultListener', () => {
  it('opens before the submit, then hears the redirect; messages that decide nothing are ignored', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    const [socket] = FakeSocket.made;
    expect(socket!.binaryType).toBe('arraybuffer');
    socket!.open();
    await opened;
    expect(l.open).toBe(1);
    const heard = l.heard();
    socket!.say({ type: 'processing' });
    socket!.say('garbage');
    socket!.say({ type: 'success', payload: { redirect: 'https://www.reddit.com/r/a/comments/x/y/' } });
    await expect(heard).resolves.toEqual({ type: 'success', url: 'https://www.reddit.com/r/a/comments/x/y/' });
    expect(socket!.closedWith).toBe(1000);
  });

  it('a socket that closes before it opens fails the connect', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    FakeSocket.made[0]!.drop(1006);
    const error = await opened.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Media post, result step: ws://127.0.0.1:9/ws/a closed (code 1006) before it opened');
  });

  it('a socket that does not open in time fails the connect with TimeoutError and is closed', async () => {
    const l = listener();
    const error = await l.connect(URL_A, 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(FakeSocket.made[0]!.closedWith).toBe(1000);
  });

  it('the last socket closing after the submit without a result: closed, saying which and how (no token)', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    FakeSocket.made[0]!.open();
    await opened;
    const heard = l.heard();
    FakeSocket.made[0]!.drop(1011);
    await expect(heard).resolves.toEqual({ type: 'closed', why: 'ws://127.0.0.1:9/ws/a closed (code 1011) without a result' });
  });

  it('two sockets: the first decisive message wins, one closing early is not the end', async () => {
    const l = listener();
    const a = l.connect(URL_A, 1000);
    const b = l.connect(URL_B, 1000);
    const [sa, sb] = FakeSocket.made;
    sa!.open();
    sb!.open();
    await Promise.all([a, b]);
    const heard = l.heard();
    sa!.drop(1001);
    sb!.say({ type: 'failed', payload: { message: 'unsupported codec' } });
    const outcome = await heard;
    expect(outcome.type).toBe('failed');
    const error = (outcome as { error: ResponseError }).error;
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ step: 'result', url: 'wss://ws.example/ws/b', status: 0 });
    expect(error.message).toBe('Media post, result step: the platform could not process the media: unsupported codec.');
    expect(sb!.closedWith).toBe(1000);
  });

  it('a result that came before the submit was heard is kept', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    FakeSocket.made[0]!.open();
    await opened;
    FakeSocket.made[0]!.say({ type: 'success', payload: { redirect: 'early' } });
    await expect(l.heard()).resolves.toEqual({ type: 'success', url: 'early' });
  });

  it('abort rejects a connect with the reason; close() closes every socket', async () => {
    const controller = new AbortController();
    const l = listener(controller.signal);
    const opened = l.connect(URL_A, 1000);
    controller.abort(new Error('stop'));
    await expect(opened).rejects.toThrow('stop');
    expect(FakeSocket.made[0]!.closedWith).toBe(1000);
    await expect(listener(AbortSignal.abort(new Error('before'))).connect(URL_A, 1000)).rejects.toThrow('before');
    const open = listener();
    const c = open.connect(URL_B, 1000);
    FakeSocket.made[0]!.open();
    await c;
    open.close();
    expect([FakeSocket.made[0]!.closedWith, open.open]).toEqual([1000, 0]);
  });

  it('a plain ws: URL to another host is refused before anything is opened', async () => {
    const l = listener();
    const error = await l.connect('ws://ws.example/ws/a?m=secret', 1000).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ResponseError', step: 'result', url: 'ws://ws.example/ws/a' });
    expect((error as Error).message).toMatch(/ws:\/\/ws.example\/ws\/a is neither wss: nor a loopback ws: URL: refused$/);
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('heard with no socket open: closed at once, saying what kept them closed', async () => {
    const l = listener();
    await l.connect('ws://ws.example/x?m=secret', 1000).catch(() => undefined);
    await expect(l.heard()).resolves.toEqual({ type: 'closed', why: 'ws://ws.example/x is neither wss: nor a loopback ws: URL: refused' });
    await expect(listener().heard()).resolves.toEqual({ type: 'closed', why: 'the platform named no websocket' });
  });

  it('a URL whose socket closed can be connected again', async () => {
    const l = listener();
    const first = l.connect(URL_A, 1000);
    FakeSocket.made[0]!.drop(1006);
    await first.catch(() => {});
    const second = l.connect(URL_A, 1000);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.open();
    await second;
    expect(l.connect(URL_A, 1000)).toBe(second);
  });
});
