/** The result listener's ways out, with a scripted WebSocket: every one settles the wait and closes every socket. */
import { describe, expect, it } from '@jest/globals';
import { NetworkError, ResponseError, TimeoutError } from '../../lib/errors/classes.js';
import { ResultListener } from '../../lib/media/result.js';

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
  it('opens before the submit, then resolves to the redirect; messages that decide nothing are ignored', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    const [socket] = FakeSocket.made;
    expect(socket!.binaryType).toBe('arraybuffer');
    socket!.open();
    await opened;
    const waiting = l.wait(1000);
    socket!.say({ type: 'processing' });
    socket!.say('garbage');
    socket!.say({ type: 'success', payload: { redirect: 'https://www.reddit.com/r/a/comments/x/y/' } });
    await expect(waiting).resolves.toBe('https://www.reddit.com/r/a/comments/x/y/');
    expect(socket!.closedWith).toBe(1000);
  });

  it('a socket that closes before it opens fails the connect', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    FakeSocket.made[0]!.drop(1006);
    const error = await opened.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Media post, result step (the websocket): ws://127.0.0.1:9/ws/a closed (code 1006) before it opened');
  });

  it('a socket that does not open in time fails the connect with TimeoutError and is closed', async () => {
    const l = listener();
    const error = await l.connect(URL_A, 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(FakeSocket.made[0]!.closedWith).toBe(1000);
  });

  it('the last socket closing after the submit without a result: NetworkError saying the post may exist', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    FakeSocket.made[0]!.open();
    await opened;
    const waiting = l.wait(1000);
    FakeSocket.made[0]!.drop(1011);
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/closed \(code 1011\) without a result; the post may still have been created/);
    expect((error as Error).message).not.toContain('secret');
  });

  it('two sockets: the first decisive message wins, one closing early is not the end', async () => {
    const l = listener();
    const a = l.connect(URL_A, 1000);
    const b = l.connect(URL_B, 1000);
    const [sa, sb] = FakeSocket.made;
    sa!.open();
    sb!.open();
    await Promise.all([a, b]);
    const waiting = l.wait(1000);
    sa!.drop(1001);
    sb!.say({ type: 'failed', payload: { message: 'unsupported codec' } });
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ step: 'result', url: 'wss://ws.example/ws/b', status: 0 });
    expect((error as Error).message).toBe('Media post, result step (the websocket): the platform could not process the media: unsupported codec.');
    expect(sb!.closedWith).toBe(1000);
  });

  it('a result that came before the wait is kept', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    FakeSocket.made[0]!.open();
    await opened;
    FakeSocket.made[0]!.say({ type: 'success', payload: { redirect: 'early' } });
    await expect(l.wait(1000)).resolves.toBe('early');
  });

  it('abort rejects a connect and a wait with the reason, and closes', async () => {
    const controller = new AbortController();
    const l = listener(controller.signal);
    const opened = l.connect(URL_A, 1000);
    controller.abort(new Error('stop'));
    await expect(opened).rejects.toThrow('stop');
    await expect(l.wait(1000)).rejects.toThrow('stop');
    expect(FakeSocket.made[0]!.closedWith).toBe(1000);
    await expect(listener(AbortSignal.abort(new Error('before'))).connect(URL_A, 1000)).rejects.toThrow('before');
  });

  it('a plain ws: URL to another host is refused before anything is opened', async () => {
    const l = listener();
    const error = await l.connect('ws://ws.example/ws/a?m=secret', 1000).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ResponseError', step: 'result', url: 'ws://ws.example/ws/a' });
    expect((error as Error).message).toMatch(/ws:\/\/ws.example\/ws\/a is neither wss: nor a loopback ws: URL: refused$/);
    expect(FakeSocket.made).toHaveLength(0);
  });

  it('a wait with no socket open rejects at once, quoting what kept them closed', async () => {
    const l = listener();
    const refused = await l.connect('ws://ws.example/x?m=secret', 1000).catch((e: unknown) => e);
    const error = await l.wait(1000, refused).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe("Media post, result step (the websocket): no websocket could be opened to hear the result (ws://ws.example/x is neither wss: nor a loopback ws: URL: refused); the post may still have been created: check the account's submitted posts before posting again.");
    expect((error as Error).cause).toBe(refused);
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

  it('the wait times out with TimeoutError and closes', async () => {
    const l = listener();
    const opened = l.connect(URL_A, 1000);
    FakeSocket.made[0]!.open();
    await opened;
    const error = await l.wait(20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(FakeSocket.made[0]!.closedWith).toBe(1000);
  });
});
