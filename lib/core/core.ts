import type { ModhashKeeper } from '../auth/cookies.js';
import type { FlowHost } from '../auth/flows.js';
import { Grants } from '../auth/grants.js';
import { TokenManager } from '../auth/tokens.js';
import { ArgumentError } from '../errors/classes.js';
import type { SendOptions } from '../limiter/types.js';
import type { Pacer } from '../limiter/pacer.js';
import { LoggingEmitter } from '../log/index.js';
import type { ElsewhereRequest, MediaHost, MediaNode } from '../media/host.js';
import type { ResolvedOptions } from '../options/schema.js';
import { Redactor } from '../redact/redactor.js';
import type { Args } from '../request/path.js';
import { usesQuery, type Verb } from '../request/verbs.js';
import { createContext, type SendContext, type TransportHost } from '../transport/context.js';
import { defaultFetch } from '../transport/default-fetch.js';
import type { CallOptions } from '../types/call.js';
import type { ListingSlice } from '../types/listing.js';
import { abortable } from '../wait/abortable.js';
import { chunks } from './chunks.js';

/** The transport, once loaded: later calls read it without a promise. */
let transport: Awaited<ReturnType<typeof chunks.transport>> | undefined;

/** A network failure or timeout leaves it unknown whether the platform acted: only these may be re-sent. */
const IDEMPOTENT = new Set<Verb>(['get', 'head', 'options', 'put', 'delete']);

/**
 * The engine behind one instance: options, pacing, tokens, events, and the way from a call to its
 * value. The public class and its Proxy are a thin shell over it; the login flows and media posts
 * see it through the narrow interfaces they declare (FlowHost, MediaHost), the transport through
 * TransportHost.
 */
export class Core implements TransportHost, FlowHost, MediaHost {
  readonly options: ResolvedOptions;
  /** Every credential this instance knows: errors, event payloads and log lines are cleaned of them (lib/redact/redactor.ts). */
  readonly redactor = new Redactor(chunks.redactDeep);
  /** The words of failures, loaded by the first send that fails or is refused (TransportHost). */
  readonly failures = chunks.failures;
  readonly events: LoggingEmitter;
  readonly fetch: typeof fetch;
  readonly userAgent: string;
  readonly credentials: RequestCredentials | undefined;
  readonly tokens: TokenManager | undefined;
  readonly grants: Grants | undefined;
  /** Where every send of the instance waits its turn: the pacer, made (and its module loaded) by the first send. */
  readonly pacer = { send: (send: () => Promise<Response>, options: SendOptions) => this.#pacer().then((p) => p.send(send, options)) };
  #pacing: Promise<Pacer> | undefined;
  #modhash: Promise<ModhashKeeper> | undefined;
  /** The state sent with the last authorize URL, checked against the redirect. */
  lastState: string | undefined;

  constructor(options: ResolvedOptions) {
    this.options = options;
    // The token is handed to the application by design in access_token_refreshed; every other payload is cleaned.
    this.events = new LoggingEmitter(chunks.logWriter, options.log, (name, payload) => (name === 'access_token_refreshed' ? payload : this.redactor.value(payload)));
    chunks.build().catch(() => undefined);
    this.userAgent = options.userAgent;
    this.fetch = options.fetch ?? defaultFetch({ undici: chunks.undici, agents: chunks.undiciAgents }, options.proxy);
    const { oauth } = options;
    if (oauth) {
      const secret = oauth.type === 'implicit' ? '' : oauth.secret;
      // The Basic value as sent (see lib/auth/openid.ts) and decoded, as a server might echo either.
      if (secret) this.redactor.add(secret, btoa(`${encodeURIComponent(oauth.key)}:${encodeURIComponent(secret)}`), `${oauth.key}:${secret}`);
      if (oauth.type === 'script') this.redactor.add(oauth.password);
      // Grants report failures as events: the walker that cleans them comes with the grant module.
      const loadGrants = () => Promise.all([chunks.grants(), this.redactor.ready()]).then(([m]) => m);
      this.grants = new Grants({
        host: this, authServerUri: options.authServerUri, key: oauth.key, secret,
        retryAttempts: options.retryAttempts, retryDelay: options.retryDelay, requestTimeout: options.requestTimeout,
        log: this.events, loadFailures: chunks.authFailures,
      }, loadGrants);
      this.tokens = new TokenManager({
        oauth, grants: this.grants, events: this.events, store: options.tokenStore, storeTimeout: options.requestTimeout, secrets: this.redactor, loadFailures: chunks.authFailures,
        loadStore: () => Promise.all([chunks.tokenStore(), this.redactor.ready()]).then(([m]) => m),
      });
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
    if (call !== undefined) await this.guard(chunks.callOptions().then((m) => m.checkCallOptions(call)));
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
    // The whole catalog is loaded only for a narrowed scope; a write's body type comes from a small table.
    if (checkScope) {
      const catalog = await chunks.catalog();
      const endpoint = catalog.findEndpoint(path, verb);
      const missing = endpoint && catalog.missingScope(endpoint, scope);
      if (missing) {
        throw new ArgumentError(`${verb.toUpperCase()} ${path} needs the "${missing}" scope, which oauth.scope does not ask for: add it to oauth.scope (and authorize again), or pass checkScopes: false if the catalog is wrong.`);
      }
    }
    const bodyType = call.bodyType ?? (usesQuery(verb) ? undefined : (await chunks.bodyTypes()).bodyTypeOf(path, verb));
    const spec = (await chunks.build()).buildRequest({ verb, path, args, origin: o.apiServerUri, apiType: call.apiType ?? o.apiType, bodyType, rawJson: call.rawJson ?? o.rawJson });
    const ctx = this.#context(verb, call);
    const t = transport ?? (await this.#loadTransport());
    const { response, text } = await t.send(ctx, spec);
    const body = await t.readBody(chunks.failures, response, text, spec.method, ctx.sends, expectJson);
    if (!(call.decodeHtmlEntities ?? o.decodeHtmlEntities)) return body;
    const { decodeValues, decoder } = await chunks.decode();
    return decodeValues(body, decoder);
  }

  /** The first call loads the transport, and the walker that cleans its failures before anyone sees them. */
  async #loadTransport(): Promise<NonNullable<typeof transport>> {
    const [loaded] = await Promise.all([chunks.transport(), this.redactor.ready()]);
    return (transport = loaded);
  }

  #pacer(): Promise<Pacer> {
    const o = this.options;
    // The platform counts per client id: instances (and, with Redis, processes) with the same one share a budget.
    return (this.#pacing ??= chunks.pacer().then((m) => new m.Pacer({ throttle: o.throttle, events: this.events, oauth: o.oauth, limiter: o.limiter, origin: o.apiServerUri, reserve: o.reserve, loadActions: chunks.actions })));
  }

  /** A listing page as a slice; its moves are new calls with the same call options. */
  async listing<T>(path: string, args?: Args, call?: CallOptions): Promise<ListingSlice<T>> {
    if (call !== undefined) await this.guard(chunks.callOptions().then((m) => m.checkCallOptions(call)));
    const options = call ?? {};
    const { Slice, listingOf } = await chunks.listing();
    // Pages after the first (iteration, next(), ...) wait behind other calls unless the call names a priority.
    const moves: CallOptions = options.priority ? options : { ...options, priority: 'low' };
    const fetchPage = async (pageArgs: Args, first = false): Promise<ListingSlice<T>> => {
      const body = await this.request('get', path, pageArgs, first ? options : moves, true);
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
  async sendElsewhere(request: ElsewhereRequest): Promise<{ text: string; sends: number }> {
    const o = this.options;
    const [t, { Pacer }] = await Promise.all([transport ?? this.#loadTransport(), chunks.pacer()]);
    const host: TransportHost = {
      pacer: new Pacer({ throttle: 0 }),
      events: this.events,
      userAgent: this.userAgent,
      credentials: 'omit',
      fetch: (input, init) => this.fetch(new Request(input as Request, { body: request.body(), redirect: 'manual' }), init),
      failures: chunks.failures,
    };
    const ctx = createContext(host, {
      retryAttempts: request.retryAttempts ?? o.retryAttempts,
      retryDelay: request.retryDelay ?? o.retryDelay,
      requestTimeout: request.requestTimeout ?? o.requestTimeout,
      maxResponseSize: o.maxResponseSize,
      signal: request.signal,
      api: false,
      idempotent: true,
    });
    const { text } = await t.send(ctx, { method: request.method, url: request.url, headers: {} });
    return { text, sends: ctx.sends };
  }

  /** The Node-only parts of media posts (files on disk, undici's WebSocket for Node 20): a chunk the browser builds leave empty. */
  mediaNode(): Promise<Partial<MediaNode>> {
    return chunks.mediaNode();
  }

  /** Cookie mode only: the modhash keeper is a chunk of its own in browser bundles. */
  #modhashKeeper(): Promise<ModhashKeeper> {
    return (this.#modhash ??= chunks.modhash().then((m) => new m.ModhashKeeper(() => this.request('get', '/api/me.json', {}, { apiType: false }), undefined, this.redactor)));
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
        : async (headers) => headers.set('x-modhash', await abortable(this.#modhashKeeper().then((k) => k.get()), signal)),
      reauthorize: tokens ? async (headers) => void (await abortable(tokens.renewAfterRefusal(headers.get('authorization')?.slice(7) ?? ''), signal)) : undefined,
    });
    return ctx;
  }
}
