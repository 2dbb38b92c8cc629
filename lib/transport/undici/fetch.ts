import type { Dispatcher } from 'undici';
import { fromBodyInit, fromRequestStream, type OutgoingBody } from './body.js';
import { requestFn, type RequestFn } from './require.js';
import { hasBody, LazyBody, LightResponse } from '../light-response.js';
import { ACCEPT_ENCODING, readDecoded } from './decode.js';
import { transportNotLoaded } from '../not-loaded.js';

/** Where requests go: a dispatcher (Agent, ProxyAgent, MockAgent), or a function that makes one on first use. */
export type DispatcherSource = Dispatcher | (() => Dispatcher | Promise<Dispatcher>);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;
/** fetch upper-cases these method names only (so `patch` stays as given, as in every browser). */
const NORMALIZED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
const noop = () => {};

/**
 * undici gives a connection back to its pool a turn after the answer on it has ended (setImmediate,
 * one request at a time per connection): a request sent before that turn finds it busy and opens
 * another, a whole TCP and TLS handshake in front of a sequential bot's next call. An answer's body
 * is therefore handed over after that turn.
 */
const afterRelease = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(resolve, value));

interface Outgoing {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: OutgoingBody;
  signal: AbortSignal | undefined;
  redirect: RequestRedirect;
}

/**
 * A `fetch` over undici's `request`: keep-alive pools per origin from the dispatcher, without the
 * WHATWG Request/Response/stream objects Node's own fetch makes for every call (measured: half of
 * fetch's time per call on loopback, four times its throughput at 32 in flight). It keeps what this
 * client relies on: gzip/deflate/br decoding, `redirect: 'manual'`, abort at any point (the body
 * too), request bodies of every BodyInit kind, large ones streamed. Its answers also read with a
 * limit (`LightResponse.textWithin`), decoding as the body streams in.
 *
 * `redirect: 'follow'` (fetch's default) follows same-origin redirects only: an answer sending
 * elsewhere comes back as it is, as with `'manual'`, so no request, credentials included, ever
 * reaches a host it was not addressed to.
 */
export function createUndiciFetch(source: DispatcherSource): typeof fetch {
  let ready: [RequestFn, Dispatcher] | undefined;
  let loading: Promise<[RequestFn, Dispatcher]> | undefined;
  const load = () => {
    // async: a failure to load becomes a rejection, reported by the first send.
    loading ??= (async (): Promise<[RequestFn, Dispatcher]> => [requestFn(), typeof source === 'function' ? await source() : source])().then(
      (loaded) => (ready = loaded),
      (error: unknown) => {
        loading = undefined;
        throw transportNotLoaded(error);
      },
    );
    return loading;
  };
  // Loading starts now, so that it is not counted in the first send's timeout (a failure is reported by that send).
  load().catch(noop);
  return async function undiciFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const [request, dispatcher] = ready ?? (await load());
    const out = await outgoing(input, init);
    out.signal?.throwIfAborted();
    try {
      return (await send(request, dispatcher, out)) as unknown as Response;
    } catch (error) {
      if (out.signal?.aborted) throw out.signal.reason;
      // As fetch: a failed connection is a TypeError whose cause is what the socket said.
      throw new TypeError('fetch failed', { cause: error });
    }
  } as typeof fetch;
}

async function send(request: RequestFn, dispatcher: Dispatcher, out: Outgoing): Promise<LightResponse> {
  let { url, method, body } = out;
  const headers = out.headers;
  for (let hops = 0; ; hops++) {
    const slash = url.indexOf('/', url.indexOf('//') + 2);
    const origin = slash < 0 ? url : url.slice(0, slash);
    const res = await request.call(dispatcher, {
      origin, path: slash < 0 ? '/' : url.slice(slash), method: method as Dispatcher.HttpMethod, headers, body: body.body, signal: out.signal,
    });
    const location = REDIRECTS.has(res.statusCode) ? res.headers.location : undefined;
    if (typeof location === 'string' && out.redirect !== 'manual') {
      if (out.redirect === 'error') {
        res.body.dump().catch(noop);
        throw new Error(`unexpected redirect to ${new URL(location, url).origin}`);
      }
      const next = new URL(location, url);
      const replayable = body.body === null || typeof body.body === 'string' || body.body instanceof Uint8Array;
      if (next.origin === origin && hops < MAX_REDIRECTS && replayable) {
        await res.body.dump();
        // 303, and 301/302 after a POST, turn into a GET without a body (fetch's rule).
        if (res.statusCode === 303 ? method !== 'HEAD' : (res.statusCode === 301 || res.statusCode === 302) && method === 'POST') {
          method = 'GET';
          body = { body: null };
          for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) delete headers[name];
        }
        url = next.href;
        continue;
      }
    }
    return respond(res, url, method, hops > 0);
  }
}

function respond(res: Dispatcher.ResponseData, url: string, method: string, redirected: boolean): LightResponse {
  const headers = new Headers();
  const raw = res.headers;
  for (const name in raw) {
    const value = raw[name];
    if (typeof value === 'string') headers.append(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  let body: LazyBody | null = null;
  if (hasBody(method, res.statusCode)) {
    // Read when asked for (the transport asks at once), decoded as it streams, up to the reader's limit.
    const encoding = raw['content-encoding'];
    const length = raw['content-length'];
    const declared = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : undefined;
    body = new LazyBody((max) => readDecoded(res.body, typeof encoding === 'string' ? encoding : undefined, declared, max).then(afterRelease));
  } else {
    res.body.dump().catch(noop);
  }
  return new LightResponse({ status: res.statusCode, statusText: res.statusText ?? '', headers, url, redirected, body });
}

/** The request fetch would send for `(input, init)`: init wins over the Request, field by field. */
async function outgoing(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Outgoing> {
  const req = input instanceof Request ? input : undefined;
  const url = req ? req.url : new URL(String(input)).href;
  const hash = url.indexOf('#');
  const given = init?.method ?? req?.method ?? 'GET';
  const method = NORMALIZED.has(given.toUpperCase()) ? given.toUpperCase() : given;
  const headers: Record<string, string> = {};
  const source = init?.headers ?? req?.headers;
  if (source) (source instanceof Headers ? source : new Headers(source)).forEach((value, name) => void (headers[name] = value));
  const body = init?.body != null ? fromBodyInit(init.body) : req?.body ? await fromRequestStream(req.body) : { body: null };
  if (body.contentType && headers['content-type'] === undefined) headers['content-type'] = body.contentType;
  if (body.length !== undefined && headers['content-length'] === undefined) headers['content-length'] = String(body.length);
  headers.accept ??= '*/*';
  headers['accept-encoding'] ??= ACCEPT_ENCODING;
  headers['user-agent'] ??= 'node';
  return {
    url: hash < 0 ? url : url.slice(0, hash), method, headers, body,
    signal: init?.signal ?? req?.signal ?? undefined,
    redirect: init?.redirect ?? req?.redirect ?? 'follow',
  };
}
