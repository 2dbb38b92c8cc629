import { NetworkError, TimeoutError, type ResponseError } from '../../errors/classes.js';
import { answerError, stepDetail, stepText } from '../steps.js';
import { bareUrl, websocketUrl } from '../urls.js';

/** What the platform says on the websocket: the post's URL, a failure, or nothing decisive (ignored). */
export type Outcome = { type: 'success'; url: string } | { type: 'failed'; reason: string | undefined };

/** Read one websocket message (`{type: 'success', payload: {redirect}}` or `{type: 'failed', payload?}`). */
export function readMessage(data: unknown): Outcome | undefined {
  const textOf = typeof data === 'string' ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : undefined;
  let message: { type?: unknown; payload?: { redirect?: unknown; message?: unknown; reason?: unknown; error?: unknown } };
  try {
    message = JSON.parse(textOf ?? '');
  } catch {
    return undefined;
  }
  if (message?.type === 'success' && typeof message.payload?.redirect === 'string') return { type: 'success', url: message.payload.redirect };
  if (message?.type === 'failed') {
    const { message: text, reason, error } = message.payload ?? {};
    const why = [text, reason, error].find((v) => typeof v === 'string' && v) as string | undefined;
    return { type: 'failed', reason: why };
  }
  return undefined;
}

/**
 * What the sockets told once the post was submitted: where the post is, that processing failed, or
 * nothing, every socket being closed (`why`: what closed or kept them shut).
 */
export type Heard = { type: 'success'; url: string } | { type: 'failed'; error: ResponseError } | { type: 'closed'; why: string };

/**
 * Listens on the websockets where the platform reports a media post's result. Opened before the
 * submit (so the message cannot be missed), heard after it; the first decisive message wins.
 * `close()` closes every socket; the caller decides how long to wait (lib/media/result/wait.ts).
 */
export class ResultListener {
  readonly #WebSocket: typeof WebSocket;
  readonly #signal: AbortSignal | undefined;
  /** Open (or opening) sockets and their URLs. */
  readonly #sockets = new Map<WebSocket, string>();
  readonly #opening = new Map<string, Promise<void>>();
  #heard: Heard | undefined;
  #notify: ((heard: Heard) => void) | undefined;
  #listening = false;
  /** What last closed a socket or kept one from opening, for messages. */
  #why: string | undefined;

  constructor(ws: typeof WebSocket, signal: AbortSignal | undefined) {
    this.#WebSocket = ws;
    this.#signal = signal;
  }

  /** Sockets open or opening. */
  get open(): number {
    return this.#sockets.size;
  }

  /** Open a socket (once per URL while it stays open); resolves once it is open, rejects saying why not. */
  connect(url: string, timeout: number): Promise<void> {
    const known = this.#opening.get(url);
    if (known) return known;
    const opening = this.#open(url, timeout);
    this.#opening.set(url, opening);
    opening.catch((error: unknown) => {
      this.#opening.delete(url);
      this.#why = error instanceof Error ? stepDetail(error.message) : String(error);
    });
    return opening;
  }

  /** After the submit: the first decisive message, or `closed` once no socket is left (at once when none is open). */
  heard(): Promise<Heard> {
    this.#listening = true;
    if (!this.#heard && this.#sockets.size === 0) this.#decide({ type: 'closed', why: this.#why ?? 'the platform named no websocket' });
    return new Promise<Heard>((resolve) => {
      if (this.#heard) resolve(this.#heard);
      else this.#notify = resolve;
    });
  }

  /** Close every socket and stop listening. */
  close(): void {
    for (const socket of [...this.#sockets.keys()]) this.#drop(socket);
  }

  #open(url: string, timeout: number): Promise<void> {
    const target = websocketUrl(url);
    if (!target) {
      return Promise.reject(answerError('result', `${bareUrl(url)} is neither wss: nor a loopback ws: URL: refused`, { status: 0, method: 'GET', url: bareUrl(url), body: undefined, attempts: 0 }));
    }
    return new Promise<void>((resolve, reject) => {
      const signal = this.#signal;
      if (signal?.aborted) return reject(signal.reason);
      const socket = new this.#WebSocket(target);
      socket.binaryType = 'arraybuffer';
      this.#sockets.set(socket, url);
      const done = (error?: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error === undefined) return resolve();
        this.#drop(socket);
        reject(error);
      };
      const onAbort = () => done(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => done(new TimeoutError(stepText('result', `${bareUrl(url)} did not open within ${timeout} ms`))), timeout);
      socket.onopen = () => done();
      socket.onmessage = (event) => this.#onMessage(event.data, url);
      socket.onerror = () => {
        // After an error the runtime closes the socket; a socket still opening fails its connect now.
        if (socket.readyState !== socket.OPEN) done(new NetworkError(stepText('result', `could not connect to ${bareUrl(url)}`), undefined));
      };
      socket.onclose = (event) => {
        done(new NetworkError(stepText('result', `${bareUrl(url)} closed (code ${event.code}) before it opened`), undefined));
        this.#why = `${bareUrl(url)} closed (code ${event.code}) without a result`;
        this.#drop(socket);
        if (this.#sockets.size === 0 && this.#listening) this.#decide({ type: 'closed', why: this.#why });
      };
    });
  }

  #onMessage(data: unknown, url: string): void {
    const outcome = readMessage(data);
    if (!outcome) return;
    if (outcome.type === 'success') return this.#decide({ type: 'success', url: outcome.url });
    const why = outcome.reason ? `: ${outcome.reason}` : ' (it gave no reason: the file may be corrupt, or a format, length or size it does not take)';
    this.#decide({ type: 'failed', error: answerError('result', `the platform could not process the media${why}.`, { status: 0, method: 'GET', url: bareUrl(url), body: data, attempts: 1 }) });
  }

  #decide(heard: Heard): void {
    if (this.#heard) return;
    this.#heard = heard;
    if (heard.type !== 'closed') this.close();
    this.#notify?.(heard);
  }

  #drop(socket: WebSocket): void {
    const url = this.#sockets.get(socket);
    this.#sockets.delete(socket);
    if (url !== undefined) this.#opening.delete(url);
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(1000);
  }
}
