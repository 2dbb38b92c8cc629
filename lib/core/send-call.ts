import type { TokenManager } from '../auth/tokens.js';
import { bodyTypeOf } from '../endpoints/body-type.js';
import { ArgumentError } from '../errors/classes.js';
import { Pacer } from '../limiter/pacer.js';
import { listingOf, Slice } from '../listing/slice.js';
import type { ElsewhereRequest } from '../media/host.js';
import type { ResolvedOptions } from '../options/schema.js';
import { buildRequest } from '../request/build.js';
import type { Args } from '../request/path.js';
import { usesQuery, type Verb } from '../request/verbs.js';
import { createContext, type SendContext, type TransportHost } from '../transport/context.js';
import { readBody, send } from '../transport/http.js';
import type { CallOptions } from '../types/call.js';
import type { ListingSlice } from '../types/listing.js';
import { abortable } from '../wait/abortable.js';

/*
 * The way from a call to its value, in the part every call loads (lib/core/first-call.ts): the
 * package's entry keeps the instance's state and its shell, and a page or a cold process parses
 * this with the transport it drives, not before.
 */

/** What a call needs of its instance (the core): its options, tokens and transport host, and the parts it may load. */
export interface CallHost extends TransportHost {
  readonly options: ResolvedOptions;
  readonly tokens: TokenManager | undefined;
  /** Cookie mode: the modhash a write carries, one read shared by concurrent writes. */
  modhash(): Promise<string>;
  /** An API call, its failures cleaned of secrets (what listing pages after the first go through). */
  request(verb: Verb, path: string, args?: Args, call?: CallOptions, expectJson?: boolean): Promise<unknown>;
  /** The instance's first call that will be sent: open its connections ahead (lib/transport/undici/warm.ts). */
  warm(): void;
  /** Parts a call loads when it needs them (lib/core/chunks.ts). */
  readonly parts: {
    catalog(): Promise<typeof import('../endpoints/lookup.js')>;
    decode(): Promise<typeof import('../decode/entities.js')>;
  };
}

/** A network failure or timeout leaves it unknown whether the platform acted: only these may be re-sent. */
const IDEMPOTENT = new Set<Verb>(['get', 'head', 'options', 'put', 'delete']);

/** One call, its options already checked: scope, build, send (paced, authorized, retried), read, decode. */
export async function sendCall(host: CallHost, verb: Verb, path: string, args: Args, call: CallOptions, expectJson: boolean): Promise<unknown> {
  const o = host.options;
  const scope = o.oauth?.scope;
  // The whole catalog is loaded only for a narrowed scope; a write's body type comes from a small table.
  if (o.checkScopes && scope && scope !== '*' && !call.bypassAuth) {
    const catalog = await host.parts.catalog();
    const endpoint = catalog.findEndpoint(path, verb);
    const missing = endpoint && catalog.missingScope(endpoint, scope);
    if (missing) {
      throw new ArgumentError(`${verb.toUpperCase()} ${path} needs the "${missing}" scope, which oauth.scope does not ask for: add it to oauth.scope (and authorize again), or pass checkScopes: false if the catalog is wrong.`);
    }
  }
  const bodyType = call.bodyType ?? (usesQuery(verb) ? undefined : bodyTypeOf(path, verb));
  const spec = buildRequest({ verb, path, args, origin: o.apiServerUri, apiType: call.apiType ?? o.apiType, bodyType, rawJson: call.rawJson ?? o.rawJson });
  // Only a call that can be sent opens connections: one refused while being built leaves none.
  host.warm();
  const ctx = callContext(host, verb, call);
  const { response, text } = await send(ctx, spec);
  const body = await readBody(host.failures, response, text, spec.method, ctx.sends, expectJson);
  if (!(call.decodeHtmlEntities ?? o.decodeHtmlEntities)) return body;
  const { decodeValues, decoder } = await host.parts.decode();
  return decodeValues(body, decoder);
}

/** A listing page as a slice; its moves are new calls with the same call options (options already checked). */
export function listingCall<T>(host: CallHost, path: string, args: Args | undefined | null, options: CallOptions): Promise<ListingSlice<T>> {
  // Pages after the first (iteration, next(), ...) wait behind other calls unless the call names a priority.
  const moves: CallOptions = options.priority ? options : { ...options, priority: 'low' };
  const fetchPage = async (pageArgs: Args, first = false): Promise<ListingSlice<T>> => {
    const body = await host.request('get', path, pageArgs, first ? options : moves, true);
    // listingOf's ArgumentError names the path only (no answer text): nothing to clean there.
    return new Slice<T>(body, listingOf(body, options.listingIndex, path), pageArgs, (a) => fetchPage(a));
  };
  return fetchPage(args === undefined || args === null ? {} : { ...args }, true);
}

/**
 * A send to another host (the media storage host): no credentials, redirects not followed, a
 * pacer of its own with no throttle (uploads never spend the platform's budget), retried like an
 * idempotent request (the same file to the same key again is harmless).
 */
export async function sendElsewhere(host: CallHost, request: ElsewhereRequest): Promise<{ text: string; sends: number }> {
  const o = host.options;
  const elsewhere: TransportHost = {
    pacer: new Pacer({ throttle: 0 }),
    events: host.events,
    userAgent: host.userAgent,
    credentials: 'omit',
    fetch: (input, init) => host.fetch(new Request(input as Request, { body: request.body(), redirect: 'manual' }), init),
    failures: host.failures,
  };
  const ctx = createContext(elsewhere, {
    retryAttempts: request.retryAttempts ?? o.retryAttempts,
    retryDelay: request.retryDelay ?? o.retryDelay,
    requestTimeout: request.requestTimeout ?? o.requestTimeout,
    maxResponseSize: o.maxResponseSize,
    signal: request.signal,
    api: false,
    idempotent: true,
  });
  const { text } = await send(ctx, { method: request.method, url: request.url, headers: {} });
  return { text, sends: ctx.sends };
}

/** The per-call state its sends share: limits from the call or the instance, and how its requests get their credentials. */
function callContext(host: CallHost, verb: Verb, call: CallOptions): SendContext {
  const o = host.options;
  const tokens = host.tokens;
  const bypass = call.bypassAuth ?? false;
  const signal = call.signal;
  const ctx: SendContext = createContext(host, {
    retryAttempts: call.retryAttempts ?? o.retryAttempts,
    retryDelay: call.retryDelay ?? o.retryDelay,
    requestTimeout: call.requestTimeout ?? o.requestTimeout,
    ratelimitWait: call.ratelimitWait ?? o.ratelimitWait,
    maxWait: call.maxWait ?? o.maxWait,
    priority: call.priority,
    maxResponseSize: call.maxResponseSize ?? o.maxResponseSize,
    signal: call.signal,
    api: true,
    idempotent: IDEMPOTENT.has(verb),
    authorize: tokens
      ? (headers) => {
          // A held, valid token is set at once, without a promise (most calls); otherwise wait for it.
          const held = tokens.current(bypass);
          const set = (token: string) => {
            ctx.appOnly = tokens.isAppToken(token);
            headers.set('authorization', `bearer ${token}`);
          };
          return held === undefined ? tokens.tokenFor(bypass, signal).then(set) : set(held);
        }
      : usesQuery(verb) ? undefined
      // The modhash read is shared by concurrent writes: this call's abort ends its own wait only.
      : async (headers) => headers.set('x-modhash', await abortable(host.modhash(), signal)),
    reauthorize: tokens ? async (headers) => void (await abortable(tokens.renewAfterRefusal(headers.get('authorization')?.slice(7) ?? ''), signal)) : undefined,
  });
  return ctx;
}
