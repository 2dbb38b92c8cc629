import { authUrl, randomState, type AuthKind } from '../auth/urls.js';
import { Call } from './call.js';
import { chunks } from '../core/chunks.js';
import { Core } from '../core/core.js';
import { ArgumentError, ConfigError } from '../errors/classes.js';
import type { EventName, Listener } from '../events/emitter.js';
import type { GalleryPost, MediaAsset, MediaInput, MediaPost, MediaPostInput, NamedMedia, PendingMediaPost, SubmitMediaOptions, UploadMediaOptions } from '../media/types.js';
import { resolveOptions, type SnoopathOptions } from '../options/schema.js';
import type { CallFor, KnownPath } from '../types/endpoints.js';
import type { CallOptions, Thing } from '../types/call.js';
import type { InfoThings } from '../info/types.js';

/**
 * Each instance's engine, keyed by the instance (the Proxy). Nothing on the instance leads to it,
 * so inspection, JSON, enumeration and structuredClone never reach the credentials it holds.
 */
const cores = new WeakMap<object, Core>();

/** The callable shape of an instance: `reddit(path)` gives the call object for that path. */
export interface SnoopathCallable {
  /** The call object for a path: known paths are typed (and offered as completions), any other is callable too. */
  <P extends KnownPath | (string & {})>(path: P): CallFor<P>;
}

function coreOf(self: unknown): Core {
  const core = cores.get(self as object);
  if (!core) throw new TypeError('This method must be called on a Snoopath instance.');
  return core;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * The Proxy's traps, shared by every instance. Calling the instance makes a call object; reading a
 * property reads the class's prototype, so `then` (not defined: the instance is not a thenable),
 * symbols, `toString` and `toJSON` never turn into paths or requests. The target is a bare function
 * whose only own field is the inspection hook: Node's util.inspect looks at a Proxy's target.
 */
type Target = () => void;
const traps: ProxyHandler<Target> = {
  apply: (target, _this, [path]) => {
    if (typeof path !== 'string') throw new ArgumentError(`reddit(path) takes a string path such as '/api/v1/me', got ${typeof path}.`);
    return new Call(coreOf(proxies.get(target)), path);
  },
  get: (target, property) => Reflect.get(Snoopath.prototype, property, proxies.get(target)),
  has: (_target, property) => Reflect.has(Snoopath.prototype, property),
  getPrototypeOf: () => Snoopath.prototype,
};
/** Proxy target → the instance (the Proxy itself), for the traps. */
const proxies = new WeakMap<Target, object>();

function tokensOf(self: unknown) {
  const tokens = coreOf(self).tokens;
  if (!tokens) throw new ConfigError('oauth', 'Tokens exist only with oauth options; cookie mode is authenticated by the browser.');
  return tokens;
}

function urlFor(self: unknown, kind: AuthKind, state?: string): string {
  const core = coreOf(self);
  const { oauth, authServerUri, mobile } = core.options;
  if (!oauth) throw new ConfigError('oauth', 'Cookie mode has no authorize URL: the browser session authenticates.');
  core.lastState = state ?? randomState();
  return authUrl(oauth, kind, authServerUri, mobile, core.lastState);
}

/**
 * A client for one account. Call it with a path to get a call object:
 *
 * @example
 * const reddit = new Snoopath({ userAgent: 'node:my-bot:1.0.0 (by /u/me)', oauth: { type: 'script', key, secret, username, password } });
 * const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 10 });
 */
export class Snoopath {
  /** Version of the snoopath interface. */
  static readonly version = '3.0.0' as const;

  /** Validates the options (throws ConfigError) and returns the callable instance. */
  constructor(options: SnoopathOptions) {
    const core = new Core(resolveOptions(options));
    const target: Target = () => {};
    const proxy = new Proxy(target, traps);
    Object.defineProperty(target, INSPECT, { value: () => `Snoopath ${JSON.stringify(core.describe())}` });
    proxies.set(target, proxy);
    cores.set(proxy, core);
    // eslint-disable-next-line no-constructor-return
    return proxy as unknown as Snoopath;
  }

  /** Listen to an event (`rate_limit`, `retry`, `access_token_refreshed`, ...). */
  on<E extends EventName>(name: E, listener: Listener<E>): this {
    coreOf(this).events.on(name, listener);
    return this;
  }
  once<E extends EventName>(name: E, listener: Listener<E>): this {
    coreOf(this).events.once(name, listener);
    return this;
  }
  off<E extends EventName>(name: E, listener: Listener<E>): this {
    coreOf(this).events.off(name, listener);
    return this;
  }

  /** The authorize URL for this app's type (explicit: a code; implicit: a token). Throws ConfigError for script apps. */
  getAuthUrl(state?: string): string {
    const { oauth } = coreOf(this).options;
    return urlFor(this, oauth?.type === 'implicit' ? 'implicit' : 'explicit', state);
  }
  /** The authorize URL of the code flow (`response_type=code`, with `duration`). */
  getExplicitAuthUrl(state?: string): string {
    return urlFor(this, 'explicit', state);
  }
  /** The authorize URL of the implicit flow (`response_type=token`). */
  getImplicitAuthUrl(state?: string): string {
    return urlFor(this, 'implicit', state);
  }

  /**
   * Authenticate: script apps run the password grant; explicit apps exchange the code (or the
   * redirect URL holding it); implicit apps take the token or the redirect URL / fragment.
   * Resolves to the refresh token, when there is one.
   */
  async auth(codeOrToken?: string): Promise<string | undefined> {
    const core = coreOf(this);
    return core.guard(chunks.flows().then((f) => f.auth(core, codeOrToken)));
  }

  /** Renew the user token with the given or stored refresh token. */
  async refresh(refreshToken?: string): Promise<void> {
    const core = coreOf(this);
    return core.guard(chunks.flows().then((f) => f.refresh(tokensOf(this), refreshToken)));
  }

  /** Revoke the access token, or the given refresh token (then both are forgotten). */
  async deauth(refreshToken?: string): Promise<void> {
    const core = coreOf(this);
    return core.guard(chunks.flows().then((f) => f.deauth(core, tokensOf(this), refreshToken)));
  }

  /** Obtain an application-only token now (it is otherwise obtained on first need). */
  async appOnlyAuth(): Promise<void> {
    const core = coreOf(this);
    await core.guard(Promise.resolve().then(() => tokensOf(this).appToken()));
  }

  /**
   * Upload a file to the platform's storage host (lease, then upload; no post yet). Size and type
   * are checked before any request. See docs/media.md.
   *
   * @example
   * const asset = await reddit.uploadMedia(file, { name: 'cat.png', type: 'image/png' });
   */
  async uploadMedia(file: MediaInput | NamedMedia, options?: UploadMediaOptions): Promise<MediaAsset> {
    return (await chunks.media()).uploadMedia(coreOf(this), file, options);
  }

  /**
   * Post an image, a video or a gallery: every file is checked, uploaded, then submitted, and (unless
   * `waitForResult: false`) resolves to the post once it exists: told by the platform's websocket,
   * else found among the account's newest submissions. See docs/media.md.
   *
   * @example
   * const post = await reddit.submitMedia({ sr: 'pics', title: 'A cat', kind: 'image', file });
   * console.log(post.url);
   */
  submitMedia(post: GalleryPost, options?: SubmitMediaOptions): Promise<MediaPost>;
  submitMedia(post: MediaPostInput, options: SubmitMediaOptions & { waitForResult: false }): Promise<PendingMediaPost>;
  submitMedia(post: MediaPostInput, options?: SubmitMediaOptions & { waitForResult?: true }): Promise<MediaPost>;
  submitMedia(post: MediaPostInput, options?: SubmitMediaOptions): Promise<MediaPost | PendingMediaPost>;
  async submitMedia(post: MediaPostInput, options?: SubmitMediaOptions): Promise<MediaPost | PendingMediaPost> {
    return (await chunks.media()).submitMedia(coreOf(this), post, options);
  }

  /**
   * Things by fullname, any number: 100 a request through `/api/info`, yielded in the order given
   * (each fullname once); `missing` lists the ones the platform did not return. The fullnames are
   * read as needed, so a long iterable streams through. `options` are call options, applied to
   * each request. See docs/info.md.
   *
   * @example
   * const things = reddit.info(['t3_abc', 't1_def']);
   * for await (const thing of things) console.log(thing.data.name);
   * console.log(things.missing);
   */
  info<T = Thing>(fullnames: Iterable<string> & object, options?: CallOptions): InfoThings<T> {
    const core = coreOf(this);
    const missing: string[] = [];
    // The batching is a chunk loaded by the first next() (lib/core/chunks.ts); failures reject it.
    const things = (async function* () {
      if (fullnames === null || typeof (fullnames as Iterable<string> | undefined)?.[Symbol.iterator] !== 'function' || typeof fullnames === 'string') {
        throw new ArgumentError('reddit.info() takes an array (or any iterable) of fullnames such as ["t3_abc123", "t1_def456"].');
      }
      const { info } = await chunks.info();
      yield* info((path, args, call) => core.call('get', path, args, call), fullnames, options, missing);
    })() as InfoThings<T> & { missing: string[] };
    Object.defineProperty(things, 'missing', { value: missing, enumerable: true });
    return things;
  }

  getAccessToken(): string | undefined { return coreOf(this).tokens?.accessToken; }
  setAccessToken(token: string): void { tokensOf(this).setAccessToken(token); }
  hasAccessToken(): boolean { return !!coreOf(this).tokens?.accessToken; }
  getRefreshToken(): string | undefined { return coreOf(this).tokens?.refreshToken; }
  setRefreshToken(token: string): void { tokensOf(this).setRefreshToken(token); }
  hasRefreshToken(): boolean { return !!coreOf(this).tokens?.refreshToken; }

  /** A safe description: no credentials. */
  toString(): string {
    const { oauth, apiServerUri } = coreOf(this).options;
    return `[Snoopath ${oauth?.type ?? 'cookies'} ${apiServerUri}]`;
  }
  /** Safe fields only: app type, client id, user agent and API server. */
  toJSON(): { type: string; key?: string | undefined; userAgent: string; apiServerUri: string } {
    return coreOf(this).describe();
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Snoopath ${JSON.stringify(this.toJSON())}`;
  }
}

/** An instance: callable, with the methods above. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface Snoopath extends SnoopathCallable {}
