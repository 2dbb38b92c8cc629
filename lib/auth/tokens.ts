import { abortable } from '../wait/abortable.js';
import type { Emitter } from '../events/emitter.js';
import type { OAuthOptions } from '../options/schema.js';
import type { TokenStore, Tokens } from '../types/tokens.js';
import type { GrantType, LoadAuthFailures, TokenResponse } from './grant-types.js';
import type { Grants } from './grants.js';

/** Renew this long before the platform's expiry, so a call never leaves with a token about to die. */
export const RENEW_MARGIN_MS = 60_000;

interface Held {
  token: string;
  expiresAt: number;
}

export interface TokenManagerOptions {
  oauth: OAuthOptions;
  grants: Grants;
  events: Emitter;
  store?: TokenStore | undefined;
  /** How long a tokenStore get() or set() may take (the instance's requestTimeout). */
  storeTimeout?: number;
  /** Loads the tokenStore's reads and writes (lib/auth/store.ts) when the instance has a store (lib/core/chunks.ts). */
  loadStore?: (() => Promise<typeof import('./store.js')>) | undefined;
  /** Loads the words of a token that cannot be renewed (lib/auth/failures.ts). */
  loadFailures: LoadAuthFailures;
  /** Told every credential as it arrives, so that errors and events never show it (lib/redact/redactor.ts). */
  secrets?: { add(...values: Array<string | undefined>): void };
  now?: () => number;
}

/**
 * The one owner of token lifetime: which token a call uses, when it is renewed (before expiry, or
 * after a 401), and single flight so that concurrent calls share one token request.
 */
export class TokenManager {
  readonly #o: TokenManagerOptions;
  #user: Held | undefined;
  #app: Held | undefined;
  #refreshToken: string | undefined;
  #pending = new Map<'user' | 'app', Promise<string>>();
  #loaded: Promise<void> | undefined;
  #storeRead = false;

  constructor(options: TokenManagerOptions) {
    this.#o = options;
  }

  get accessToken(): string | undefined {
    return this.#user?.token;
  }
  get refreshToken(): string | undefined {
    return this.#refreshToken;
  }

  /** Set the user token by hand (from a store of the app's own); unknown lifetime means one hour. */
  setAccessToken(token: string | undefined, expiresIn = 3600): void {
    this.#o.secrets?.add(token);
    this.#user = token ? { token, expiresAt: this.#now() + expiresIn * 1000 } : undefined;
  }
  setRefreshToken(token: string | undefined): void {
    this.#o.secrets?.add(token);
    this.#refreshToken = token || undefined;
  }

  /** Whether a token is the application-only one (a 403 then means the endpoint needs a user). */
  isAppToken(token: string): boolean {
    return this.#app?.token === token;
  }

  /**
   * The token for a call: the user's when the instance has or can get one, else application-only.
   * Renews ahead of expiry. `bypassAuth` asks for the application-only token.
   */
  async tokenFor(bypassAuth: boolean, signal?: AbortSignal): Promise<string> {
    // Both waits are shared with other calls: this call's abort ends its own wait only.
    await abortable(this.#ready(), signal);
    return abortable(this.#valid(bypassAuth || !this.#hasUser() ? 'app' : 'user'), signal);
  }

  /**
   * The token `tokenFor` would give at once, when nothing needs waiting for (the store was read,
   * the token is held and not due for renewal); `undefined` otherwise. Most calls take this path
   * and set their header without a promise.
   */
  current(bypassAuth: boolean): string | undefined {
    if (!this.#storeRead) return undefined;
    const held = bypassAuth || !this.#hasUser() ? this.#app : this.#user;
    return held && held.expiresAt - RENEW_MARGIN_MS > this.#now() ? held.token : undefined;
  }

  /** After a 401 with `stale`: renew unless another call already did. */
  async renewAfterRefusal(stale: string): Promise<string> {
    if (this.#user?.token === stale) {
      this.#user.expiresAt = 0;
      return this.#valid('user');
    }
    if (this.#app?.token === stale) {
      this.#app.expiresAt = 0;
      return this.#valid('app');
    }
    return this.tokenFor(false);
  }

  /** Run a grant for the user token now (auth(), refresh()); resolves when stored. */
  async obtainUser(type: GrantType, parameters: Record<string, string>): Promise<TokenResponse> {
    await this.#ready();
    const response = await this.#o.grants.grant(type, parameters);
    await this.#keep('user', response);
    return response;
  }

  /** Take a user token that arrived another way (an implicit redirect). */
  async adopt(response: TokenResponse): Promise<void> {
    await this.#ready();
    await this.#keep('user', response);
  }

  /** An application-only token now (appOnlyAuth()). */
  async appToken(): Promise<string> {
    await this.#ready();
    return this.#valid('app');
  }

  /** Forget tokens (after a revoke). */
  clear(which: 'access' | 'all'): void {
    this.#user = undefined;
    this.#app = undefined;
    if (which === 'all') this.#refreshToken = undefined;
  }

  /** Whether this instance acts for a user (now or after a renewal), as opposed to application-only. */
  #hasUser(): boolean {
    const { oauth } = this.#o;
    return oauth.type === 'script' || !!this.#user || !!this.#refreshToken;
  }

  #valid(kind: 'user' | 'app'): Promise<string> {
    const held = kind === 'user' ? this.#user : this.#app;
    if (held && held.expiresAt - RENEW_MARGIN_MS > this.#now()) return Promise.resolve(held.token);
    let pending = this.#pending.get(kind);
    if (!pending) {
      pending = this.#renew(kind).finally(() => this.#pending.delete(kind));
      this.#pending.set(kind, pending);
    }
    return pending;
  }

  async #renew(kind: 'user' | 'app'): Promise<string> {
    const { oauth, grants } = this.#o;
    const scope = oauth.scope === '*' ? '*' : oauth.scope.join(' ');
    let response: TokenResponse;
    if (kind === 'app') {
      response = oauth.type === 'implicit'
        ? await grants.grant('https://oauth.reddit.com/grants/installed_client', { device_id: oauth.deviceId, scope })
        : await grants.grant('client_credentials', { scope });
    } else if (oauth.type === 'script') {
      response = await grants.grant('password', { username: oauth.username, password: oauth.password, scope });
    } else if (this.#refreshToken) {
      response = await grants.grant('refresh_token', { refresh_token: this.#refreshToken });
    } else {
      // The expired token is kept: later calls fail the same way instead of silently acting app-only.
      this.#o.events.emit('access_token_expired', undefined);
      throw (await this.#o.loadFailures()).expiredTokenError(oauth.type === 'implicit');
    }
    return this.#keep(kind, response);
  }

  async #keep(kind: 'user' | 'app', response: TokenResponse): Promise<string> {
    this.#o.secrets?.add(response.access_token, response.refresh_token);
    const held = { token: response.access_token, expiresAt: this.#now() + (response.expires_in ?? 3600) * 1000 };
    if (kind === 'app') {
      this.#app = held;
      return held.token;
    }
    this.#user = held;
    // A refresh answer may rotate the refresh token: the old one is then dead.
    if (response.refresh_token) this.#refreshToken = response.refresh_token;
    this.#o.events.emit('access_token_refreshed', held.token);
    await this.#save();
    return held.token;
  }

  /** Write to the token store (lib/auth/store.ts): a failure is reported, never the call's. */
  async #save(): Promise<void> {
    const { store } = this.#o;
    if (store) await (await this.#loadStore()).writeStore(store, this.#snapshot(), this.#o.storeTimeout ?? 20_000, this.#o.events);
  }

  /** The token store is read once, before the first use; a read that failed is tried again by the next call. */
  #ready(): Promise<void> {
    return (this.#loaded ??= this.#load().catch((error: unknown) => {
      this.#loaded = undefined;
      throw error;
    }));
  }

  #loadStore(): Promise<typeof import('./store.js')> {
    const load = this.#o.loadStore;
    if (!load) throw new Error('this token manager was made without its store module (loadStore)');
    return load();
  }

  #snapshot(): Tokens {
    return { accessToken: this.#user?.token, refreshToken: this.#refreshToken, expiresAt: this.#user?.expiresAt };
  }

  async #load(): Promise<void> {
    const { store } = this.#o;
    if (!store) {
      this.#storeRead = true;
      return;
    }
    const saved = await (await this.#loadStore()).readStore(store, this.#o.storeTimeout ?? 20_000, this.#o.events);
    this.#storeRead = true;
    if (!saved) return;
    this.#o.secrets?.add(saved.accessToken, saved.refreshToken);
    if (saved.refreshToken && !this.#refreshToken) this.#refreshToken = saved.refreshToken;
    if (saved.accessToken && !this.#user) this.#user = { token: saved.accessToken, expiresAt: saved.expiresAt ?? this.#now() + 3600_000 };
  }

  #now(): number {
    return (this.#o.now ?? Date.now)();
  }
}

