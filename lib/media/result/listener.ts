import { NetworkError, TimeoutError } from '../errors/classes.js';
import { answerError, stepDetail, stepText } from './steps.js';
import { bareUrl, websocketUrl } from './urls.js';

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

const AFTER_SUBMIT = "the post may still have been created: check the account's submitted posts before posting again.";

/**
 * Listens on the websockets where the platform reports a media post's result. Opened before the
 * submit (so the message cannot be missed), waited on after it; the first decisive message wins.
 * Every way out (result, failure, timeout, abort) closes every socket.
 */
export class ResultListener {
  readonly #WebSocket: typeof WebSocket;
  readonly #signal: AbortSignal | undefined;
  /** Open (or opening) sockets and their URLs. */
  readonly #sockets = new Map<WebSocket, string>();
  readonly #opening = new Map<string, Promise<void>>();
  #outcome: { url: string } | { error: unknown } | undefined;
  #settle: (() => void) | undefined;
  #submitted = false;

  constructor(ws: typeof WebSocket, signal: AbortSignal | undefined) {
    this.#WebSocket = ws;
    this.#signal = signal;
    signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** Open a socket (once per URL while it stays open); resolves once it is open. */
  connect(url: string, timeout: number): Promise<void> {
    const known = this.#opening.get(url);
    if (known) return known;
    const opening = this.#open(url, timeout);
    this.#opening.set(url, opening);
    opening.catch(() => this.#opening.delete(url));
    return opening;
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
        this.#drop(socket);
        if (this.#sockets.size === 0 && this.#submitted) {
          this.#finish({ error: new NetworkError(stepText('result', `${bareUrl(url)} closed (code ${event.code}) without a result; ${AFTER_SUBMIT}`), undefined) });
        }
      };
    });
  }

  /** The post's URL, once a socket reports it; rejects on failure, timeout or abort. `why`: what kept the sockets from opening. */
  wait(timeout: number, why?: unknown): Promise<string> {
    this.#submitted = true;
    if (!this.#outcome && this.#sockets.size === 0) {
      const reason = why instanceof Error ? ` (${stepDetail(why.message)})` : '';
      this.#finish({ error: new NetworkError(stepText('result', `no websocket could be opened to hear the result${reason}; ${AFTER_SUBMIT}`), why) });
    }
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => this.#finish({ error: new TimeoutError(stepText('result', `no result within ${timeout} ms (videos can take minutes: raise options.timeout); ${AFTER_SUBMIT}`)) }), timeout);
      this.#settle = () => {
        clearTimeout(timer);
        const outcome = this.#outcome!;
        if ('url' in outcome) resolve(outcome.url);
        else reject(outcome.error);
      };
      if (this.#outcome) this.#settle();
    });
  }

  /** Close every socket and stop listening. */
  close(): void {
    this.#signal?.removeEventListener('abort', this.#onAbort);
    for (const socket of [...this.#sockets.keys()]) this.#drop(socket);
  }

  #onMessage(data: unknown, url: string): void {
    const outcome = readMessage(data);
    if (!outcome) return;
    if (outcome.type === 'success') return this.#finish({ url: outcome.url });
    const why = outcome.reason ? `: ${outcome.reason}` : ' (it gave no reason: the file may be corrupt, or a format, length or size it does not take)';
    this.#finish({ error: answerError('result', `the platform could not process the media${why}.`, { status: 0, method: 'GET', url: bareUrl(url), body: data, attempts: 1 }) });
  }

  #onAbort = () => this.#finish({ error: this.#signal?.reason });

  #finish(outcome: { url: string } | { error: unknown }): void {
    if (this.#outcome) return;
    this.#outcome = outcome;
    this.close();
    this.#settle?.();
  }

  #drop(socket: WebSocket): void {
    const url = this.#sockets.get(socket);
    this.#sockets.delete(socket);
    if (url !== undefined) this.#opening.delete(url);
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(1000);
  }
}
