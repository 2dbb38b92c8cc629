import type { ModhashKeeper } from '../auth/cookies.js';
import type { FlowHost } from '../auth/flows.js';
import { Grants } from '../auth/grants.js';
import { TokenManager } from '../auth/tokens.js';
import type { SendOptions } from '../limiter/types.js';
import type { Pacer } from '../limiter/pacer.js';
import { LoggingEmitter } from '../log/index.js';
import type { ElsewhereRequest, MediaHost, MediaNode } from '../media/host.js';
import type { ResolvedOptions } from '../options/schema.js';
import { Redactor } from '../redact/redactor.js';
import type { Args } from '../request/path.js';
import type { Verb } from '../request/verbs.js';
import { defaultFetch, originsToWarm, warmConnections } from '../transport/default-fetch.js';
import type { CallOptions } from '../types/call.js';
import type { ListingSlice } from '../types/listing.js';
import { chunks } from './chunks.js';
import type { CallHost } from './send-call.js';

/** The way of a call (lib/core/send-call.ts), once loaded: later calls read it without a promise. */
let part: Awaited<ReturnType<typeof chunks.call>> | undefined;

/**
 * The engine behind one instance: options, pacing, tokens, events, and the way from a call to its
 * value. The public class and its Proxy are a thin shell over it; the login flows, media posts, a
 * call's way (lib/core/send-call.ts) and the transport see it through the narrow interfaces they
 * declare (FlowHost, MediaHost, CallHost, TransportHost).
 */
export class Core implements CallHost, FlowHost, MediaHost {
  readonly options: ResolvedOptions;
  /** Every credential this instance knows: errors, event payloads and log lines are cleaned of them (lib/redact/redactor.ts). */
  readonly redactor = new Redactor(chunks.redactDeep);
  /** The words of failures, loaded by the first send that fails or is refused (TransportHost). */
  readonly failures = chunks.failures;
  /** Parts a call loads when it needs them (CallHost). */
  readonly parts = chunks;
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
  /** Whether this instance has asked for the connections its first call needs. */
  #warmed = false;
  /** The state sent with the last authorize URL, checked against the redirect. */
  lastState: string | undefined;

  constructor(options: ResolvedOptions) {
    this.options = options;
    // The token is handed to the application by design in access_token_refreshed; every other payload is cleaned.
    this.events = new LoggingEmitter(chunks.logWriter, options.log, (name, payload) => (name === 'access_token_refreshed' ? payload : this.redactor.value(payload)));
    chunks.call().catch(() => undefined);
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
    return (part ?? (await this.#loadCallPart())).sendCall(this, verb, path, args, call, expectJson);
  }

  /** The first call that will be sent opens the instance's connections ahead (lib/transport/undici/warm.ts). */
  warm(): void {
    if (this.#warmed) return;
    this.#warmed = true;
    warmConnections(chunks.undiciWarm, originsToWarm(this.options, this.tokens?.accessToken !== undefined));
  }

  /** The first call loads the way of a call (with the transport), and the walker that cleans its failures before anyone sees them. */
  async #loadCallPart(): Promise<NonNullable<typeof part>> {
    const [loaded] = await Promise.all([chunks.call(), this.redactor.ready()]);
    return (part = loaded);
  }

  #pacer(): Promise<Pacer> {
    const o = this.options;
    // The platform counts per client id: instances (and, with Redis, processes) with the same one share a budget.
    return (this.#pacing ??= chunks.pacer().then((m) => new m.Pacer({ throttle: o.throttle, events: this.events, oauth: o.oauth, limiter: o.limiter, origin: o.apiServerUri, reserve: o.reserve, loadActions: chunks.actions })));
  }

  /** A listing page as a slice; its moves are new calls with the same call options. */
  async listing<T>(path: string, args?: Args, call?: CallOptions): Promise<ListingSlice<T>> {
    if (call !== undefined) await this.guard(chunks.callOptions().then((m) => m.checkCallOptions(call)));
    return (part ?? (await this.#loadCallPart())).listingCall<T>(this, path, args, call ?? {});
  }

  /** A send to the media storage host (lib/core/send-call.ts): no credentials, no redirects followed, none of the platform's budget. */
  async sendElsewhere(request: ElsewhereRequest): Promise<{ text: string; sends: number }> {
    return (part ?? (await this.#loadCallPart())).sendElsewhere(this, request);
  }

  /** The Node-only parts of media posts (files on disk, undici's WebSocket for Node 20): a chunk the browser builds leave empty. */
  mediaNode(): Promise<Partial<MediaNode>> {
    return chunks.mediaNode();
  }

  /** Cookie mode only: the modhash a write carries (the keeper is a chunk of its own in browser bundles). */
  modhash(): Promise<string> {
    return (this.#modhash ??= chunks.modhash().then((m) => new m.ModhashKeeper(() => this.request('get', '/api/me.json', {}, { apiType: false }), undefined, this.redactor))).then((k) => k.get());
  }
}
