import { abortable } from './abortable.js';
import type { ModhashKeeper } from './auth/cookies.js';
import { Grants } from './auth/grants.js';
import { TokenManager } from './auth/tokens.js';
import { ArgumentError } from './errors.js';
import { LoggingEmitter } from './log/index.js';
import { Pacer } from './limiter/pacer.js';
import type { ResolvedOptions } from './options.js';
import { Redactor } from './redact.js';
import { usesQuery, type Verb } from './request/verbs.js';
import type { Args } from './request/path.js';
import { createContext, type SendContext, type TransportHost } from './transport/context.js';
import { defaultFetch } from './transport/default-fetch.js';
import { readBody } from './transport/response.js';
import type { CallOptions } from './types/call.js';
import type { ListingSlice } from './types/listing.js';

/** The endpoint catalog is only needed for writes and narrowed scopes: a chunk of its own, loaded then. */
let catalog: Promise<typeof import('./endpoints/lookup.js')> | undefined;
const loadCatalog = () => (catalog ??= import('./endpoints/lookup.js'));

/**
 * Request building (pure, lib/request/) is a chunk of its own in browser bundles, so the entry
 * stays within its budget; every instance starts loading it when constructed, so calls find it ready.
 */
let builder: Promise<typeof import('./request/build.js')> | undefined;
const loadBuilder = () => (builder ??= import('./request/build.js'));

/** Per-call options are checked by a chunk of their own, loaded by the first call that passes any. */
let callOptions: Promise<typeof import('./call-options.js')> | undefined;
const loadCallOptions = () => (callOptions ??= import('./call-options.js'));

/**
 * The transport (ky and its hooks) is loaded by the first request: ky feature-tests the runtime's
 * Request when imported, which in Node loads the whole built-in fetch, most of what a cold import
 * used to cost. The first call waits for it; later ones read it directly.
 */
let transport: typeof import('./transport/http.js') | undefined;
const loadTransport = async () => (transport ??= await import('./transport/http.js'));

/** A network failure or timeout leaves it unknown whether the platform acted: only these may be re-sent. */
const IDEMPOTENT = new Set<Verb>(['get', 'head', 'options', 'put', 'delete']);

/**
 * The engine behind one instance: options, pacing, tokens, events, and the way from a call to its
 * value. The public class and its Proxy are a thin shell over it.
 */
export class Core implements TransportHost {
  readonly options: ResolvedOptions;
  /** Every credential this instance knows: errors, event payloads and log lines are cleaned of them (lib/redact.ts). */
  readonly redactor = new Redactor();
  readonly events: LoggingEmitter;
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
    // The token is handed to the application by design in access_token_refreshed; every other payload is cleaned.
    this.events = new LoggingEmitter(options.log, (name, payload) => (name === 'access_token_refreshed' ? payload : this.redactor.value(payload)));
    loadBuilder().catch(() => undefined);
    this.userAgent = options.userAgent;
    this.fetch = options.fetch ?? defaultFetch(options.proxy);
    // The platform counts per client id: instances (and, with Redis, processes) with the same one share a budget.
    this.pacer = new Pacer({ throttle: options.throttle, events: this.events, oauth: options.oauth, limiter: options.limiter, origin: options.apiServerUri });
    const { oauth } = options;
    if (oauth) {
      const secret = oauth.type === 'implicit' ? '' : oauth.secret;
      // The Basic value as sent (see lib/auth/openid.ts) and decoded, as a server might echo either.
      if (secret) this.redactor.add(secret, btoa(`${encodeURIComponent(oauth.key)}:${encodeURIComponent(secret)}`), `${oauth.key}:${secret}`);
      if (oauth.type === 'script') this.redactor.add(oauth.password);
      this.grants = new Grants({
        host: this, authServerUri: options.authServerUri, key: oauth.key, secret: oauth.type === 'implicit' ? '' : oauth.secret,
        retryAttempts: options.retryAttempts, retryDelay: options.retryDelay, requestTimeout: options.requestTimeout,
        log: this.events,
      });
      this.tokens = new TokenManager({ oauth, grants: this.grants, events: this.events, store: options.tokenStore, storeTimeout: options.requestTimeout, secrets: this.redactor });
    } else {
      this.credentials = 'include';
    }
  }

  /** Safe fields for inspection and JSON: no credential. */
  describe(): { type: string; key?: string | undefined; userAgent: string; apiServerUri: string } {
    const { oauth, apiServerUri } = this.options;
    return { type: oauth?.type ?? 'cookies', key: oauth?.key, userAgent: this.userAgent, apiServerUri };
  }

  /** Every failure an instance hands out passes here: the one place where errors lose the secrets it knows. */
  async guard<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      throw await this.redactor.error(error);
    }
  }

  /** One call: options checked (when given), then request(). */
  async call(verb: Verb, path: string, args?: Args, call?: CallOptions): Promise<unknown> {
    if (call !== undefined) await this.guard(loadCallOptions().then((m) => m.checkCallOptions(call)));
    return this.request(verb, path, args, call);
  }

  /**
   * One call, its options already checked: build, send (paced, authorized, retried), read, decode.
   * Whoever calls it (call objects, listings, workflows), a failure leaves cleaned of secrets.
   */
  request(verb: Verb, path: string, args: Args = {}, call: CallOptions = {}, expectJson = false): Promise<unknown> {
    return this.guard(this.#request(verb, path, args, call, expectJson));
  }

  async #request(verb: Verb, path: string, args: Args, call: CallOptions, expectJson: boolean): Promise<unknown> {
    const o = this.options;
    const scope = o.oauth?.scope;
    const checkScope = o.checkScopes && scope && scope !== '*' && !call.bypassAuth;
    // The catalog is consulted only when it can change something: a write's body type, a narrowed scope.
    const catalog = (!call.bodyType && !usesQuery(verb)) || checkScope ? await loadCatalog() : undefined;
    const endpoint = catalog?.findEndpoint(path, verb);
    const bodyType = call.bodyType ?? (endpoint?.json ? 'json' : endpoint?.query ? 'query' : undefined);
    if (checkScope && endpoint) {
      const missing = catalog!.missingScope(endpoint, scope);
      if (missing) {
        throw new ArgumentError(`${verb.toUpperCase()} ${path} needs the "${missing}" scope, which oauth.scope does not ask for: add it to oauth.scope (and authorize again), or pass checkScopes: false if the catalog is wrong.`);
      }
    }
    const spec = (await loadBuilder()).buildRequest({ verb, path, args, origin: o.apiServerUri, apiType: call.apiType ?? o.apiType, bodyType });
    const ctx = this.#context(verb, call);
    // The per-account limits (RATELIMIT cooldowns, the morechildren lock) hold the whole call, its body read included.
    const limits = { method: spec.method, url: spec.url, signal: call.signal, ratelimitWait: call.ratelimitWait ?? o.ratelimitWait, ctx };
    const body = await this.pacer.call(limits, async () => {
      const { send } = transport ?? (await loadTransport());
      const { response, text } = await send(ctx, spec);
      return readBody(response, text, spec.method, ctx.sends, expectJson);
    });
    if (!(call.decodeHtmlEntities ?? o.decodeHtmlEntities)) return body;
    // Decoding is opt-in: its code (and the entities decoder it loads) is a chunk of its own in browser bundles.
    const { decodeValues, loadDecoder } = await import('./decode.js');
    return decodeValues(body, await loadDecoder());
  }

  /** A listing page as a slice; its moves are new calls with the same call options. */
  async listing<T>(path: string, args?: Args, call?: CallOptions): Promise<ListingSlice<T>> {
    if (call !== undefined) await this.guard(loadCallOptions().then((m) => m.checkCallOptions(call)));
    const options = call ?? {};
    // Slices are loaded with the first listing: a chunk of their own in browser bundles.
    const { Slice, listingOf } = await import('./listing.js');
    const fetchPage = async (pageArgs: Args): Promise<ListingSlice<T>> => {
      const body = await this.request('get', path, pageArgs, options, true);
      // listingOf's ArgumentError names the path only (no answer text): nothing to clean there.
      return new Slice<T>(body, listingOf(body, options.listingIndex, path), pageArgs, fetchPage);
    };
    return fetchPage(args === undefined || args === null ? {} : { ...args });
  }

  /** Cookie mode only: the modhash keeper is a chunk of its own in browser bundles. */
  #modhashKeeper(): Promise<ModhashKeeper> {
    return (this.#modhash ??= import('./auth/cookies.js').then((m) => new m.ModhashKeeper(() => this.request('get', '/api/me.json', {}, { apiType: false }), undefined, this.redactor)));
  }

  #context(verb: Verb, call: CallOptions): SendContext {
    const o = this.options;
    const tokens = this.tokens;
    const bypass = call.bypassAuth ?? false;
    const signal = call.signal;
    const ctx: SendContext = createContext(this, {
      retryAttempts: call.retryAttempts ?? o.retryAttempts,
      retryDelay: call.retryDelay ?? o.retryDelay,
      requestTimeout: call.requestTimeout ?? o.requestTimeout,
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
        : async (headers) => headers.set('x-modhash', await abortable(this.#modhashKeeper().then((k) => k.get()), signal)),
      reauthorize: tokens ? async (headers) => void (await abortable(tokens.renewAfterRefusal(headers.get('authorization')?.slice(7) ?? ''), signal)) : undefined,
    });
    return ctx;
  }
}

