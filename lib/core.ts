import type { ModhashKeeper } from './auth/cookies.js';
import { Grants } from './auth/grants.js';
import { TokenManager } from './auth/tokens.js';
import { decodeValues, loadDecoder } from './decode.js';
import { ArgumentError } from './errors.js';
import { Emitter } from './events.js';
import { Pacer } from './limiter/pacer.js';
import type { ResolvedOptions } from './options.js';
import { buildRequest, usesQuery, type Verb } from './request/build.js';
import type { Args } from './request/path.js';
import { createContext, type SendContext, type TransportHost } from './transport/context.js';
import { send } from './transport/http.js';
import { readBody } from './transport/response.js';
import type { CallOptions } from './types/call.js';
import type { ListingSlice } from './types/listing.js';

/** The endpoint catalog is only needed for writes and narrowed scopes: a chunk of its own, loaded then. */
let catalog: Promise<typeof import('./endpoints/lookup.js')> | undefined;
const loadCatalog = () => (catalog ??= import('./endpoints/lookup.js'));

/** A network failure or timeout leaves it unknown whether the platform acted: only these may be re-sent. */
const IDEMPOTENT = new Set<Verb>(['get', 'head', 'options', 'put', 'delete']);

/**
 * The engine behind one instance: options, pacing, tokens, events, and the way from a call to its
 * value. The public class and its Proxy are a thin shell over it.
 */
export class Core implements TransportHost {
  readonly options: ResolvedOptions;
  readonly events = new Emitter();
  readonly pacer: Pacer;
  readonly fetch: typeof fetch;
  readonly userAgent: string;
  readonly credentials: RequestCredentials | undefined;
  readonly tokens: TokenManager | undefined;
  readonly grants: Grants | undefined;
  #modhash: Promise<ModhashKeeper> | undefined;
  /** The state sent with the last authorize URL, checked against the redirect. */
  lastState: string | undefined;

  constructor(options: ResolvedOptions) {
    this.options = options;
    this.userAgent = options.userAgent;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    // The platform counts per client id: instances (and, with Redis, processes) with the same one share a budget.
    this.pacer = new Pacer({ throttle: options.throttle, events: this.events, oauth: options.oauth, limiter: options.limiter, origin: options.apiServerUri });
    const { oauth } = options;
    if (oauth) {
      this.grants = new Grants({
        host: this, authServerUri: options.authServerUri, key: oauth.key, secret: oauth.type === 'implicit' ? '' : oauth.secret,
        retryAttempts: options.retryAttempts, retryDelay: options.retryDelay, requestTimeout: options.requestTimeout,
      });
      this.tokens = new TokenManager({ oauth, grants: this.grants, events: this.events, store: options.tokenStore });
    } else {
      this.credentials = 'include';
    }
  }

  /** One call: check, build, send (paced, authorized, retried), read, decode. */
  async request(verb: Verb, path: string, args: Args = {}, call: CallOptions = {}): Promise<unknown> {
    const o = this.options;
    const scope = o.oauth?.scope;
    const checkScope = o.checkScopes && scope && scope !== '*' && !call.bypassAuth;
    // The catalog is consulted only when it can change something: a write's body type, a narrowed scope.
    const catalog = (!call.bodyType && !usesQuery(verb)) || checkScope ? await loadCatalog() : undefined;
    const endpoint = catalog?.findEndpoint(path, verb);
    const bodyType = call.bodyType ?? (endpoint?.json ? 'json' : undefined);
    if (checkScope && endpoint) {
      const missing = catalog!.missingScope(endpoint, scope);
      if (missing) {
        throw new ArgumentError(`${verb.toUpperCase()} ${path} needs the "${missing}" scope, which oauth.scope does not ask for: add it to oauth.scope (and authorize again), or pass checkScopes: false if the catalog is wrong.`);
      }
    }
    const spec = buildRequest({ verb, path, args, origin: o.apiServerUri, apiType: call.apiType ?? o.apiType, bodyType });
    const ctx = this.#context(verb, call);
    // The per-account limits (RATELIMIT cooldowns, the morechildren lock) hold the whole call, its body read included.
    const limits = { method: spec.method, url: spec.url, signal: call.signal, ratelimitWait: call.ratelimitWait ?? o.ratelimitWait, ctx };
    const body = await this.pacer.call(limits, async () => {
      const { response, text } = await send(ctx, spec);
      return readBody(response, text, spec.method, ctx.sends);
    });
    return call.decodeHtmlEntities ?? o.decodeHtmlEntities ? decodeValues(body, await loadDecoder()) : body;
  }

  /** A listing page as a slice; its moves are new calls with the same call options. */
  async listing<T>(path: string, args: Args = {}, call: CallOptions = {}): Promise<ListingSlice<T>> {
    // Slices are loaded with the first listing: a chunk of their own in browser bundles.
    const { Slice, listingOf } = await import('./listing.js');
    const fetchPage = async (pageArgs: Args): Promise<ListingSlice<T>> => {
      const body = await this.request('get', path, pageArgs, call);
      return new Slice<T>(body, listingOf(body, call.listingIndex, path), pageArgs, fetchPage);
    };
    return fetchPage({ ...args });
  }

  /** Cookie mode only: the modhash keeper is a chunk of its own in browser bundles. */
  #modhashKeeper(): Promise<ModhashKeeper> {
    return (this.#modhash ??= import('./auth/cookies.js').then((m) => new m.ModhashKeeper(() => this.request('get', '/api/me.json', {}, { apiType: false }))));
  }

  #context(verb: Verb, call: CallOptions): SendContext {
    const o = this.options;
    const tokens = this.tokens;
    const bypass = call.bypassAuth ?? false;
    return createContext(this, {
      retryAttempts: call.retryAttempts ?? o.retryAttempts,
      retryDelay: call.retryDelay ?? o.retryDelay,
      requestTimeout: call.requestTimeout ?? o.requestTimeout,
      signal: call.signal,
      api: true,
      idempotent: IDEMPOTENT.has(verb),
      authorize: tokens
        ? async (headers) => headers.set('authorization', `bearer ${await tokens.tokenFor(bypass)}`)
        : usesQuery(verb) ? undefined
        : async (headers) => headers.set('x-modhash', await (await this.#modhashKeeper()).get()),
      reauthorize: tokens ? async (headers) => void (await tokens.renewAfterRefusal(headers.get('authorization')?.slice(7) ?? '')) : undefined,
    });
  }
}
