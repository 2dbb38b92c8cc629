/**
 * An undici dispatcher that sends each request through `node:http` / `node:https`, which nock
 * intercepts (undici's own sockets it does not). With it, the nock suites run the real Node
 * transport (lib/transport/undici/fetch.ts: request conversion, response, decoding, redirects, abort)
 * on every mocked answer; only the connection pool below it differs, and that is covered over real
 * loopback sockets by __tests__/transport/undici/*.test.ts and the integration suites.
 */
// The module objects, read at each request: nock patches their `request` property, which a named
// import (bound when this file loads) does not see on every Node version.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { Dispatcher } from 'undici';

interface LegacyHandler {
  onConnect?(abort: (reason?: unknown) => void): void;
  onHeaders?(status: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean | void;
  onData?(chunk: Buffer): boolean | void;
  onComplete?(trailers: Buffer[]): void;
  onError?(error: Error): void;
}

export class NockDispatcher extends Dispatcher {
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const h = handler as unknown as LegacyHandler;
    const url = new URL(options.path, String(options.origin));
    // A request nock did not take never reaches DNS or the network: its host lookup fails at once.
    const lookup = (host: string, _options: unknown, done: (error: Error) => void) =>
      done(Object.assign(new Error(`NockDispatcher: nock did not intercept the request to ${host}; nothing is sent`), { code: 'ENOTMOCKED' }));
    const init = { method: options.method, headers: options.headers as Record<string, string>, lookup: lookup as never };
    const req = url.protocol === 'https:' ? https.request(url, init) : http.request(url, init);
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      h.onError?.(error);
    };
    h.onConnect?.((reason) => {
      const error = reason instanceof Error ? reason : new Error('aborted');
      req.destroy(error);
      fail(error);
    });
    req.on('error', fail);
    req.on('response', (res: IncomingMessage) => {
      const raw = res.rawHeaders.map((v) => Buffer.from(v, 'latin1'));
      if (h.onHeaders?.(res.statusCode ?? 0, raw, () => res.resume(), res.statusMessage ?? '') === false) res.pause();
      res.on('data', (chunk: Buffer) => {
        if (!failed && h.onData?.(chunk) === false) res.pause();
      });
      res.on('end', () => !failed && h.onComplete?.([]));
      res.on('error', fail);
    });
    const { body } = options;
    if (body instanceof Readable) body.pipe(req);
    else req.end(body ?? undefined);
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    if (callback) return void callback();
    return Promise.resolve();
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: unknown, b?: unknown): Promise<void> | void {
    const callback = typeof a === 'function' ? a : b;
    if (typeof callback === 'function') return void callback();
    return Promise.resolve();
  }
}
