import type { LineSource } from '../log/index.js';
import type { TransportHost } from '../transport/context.js';

/** A token endpoint answer, as the platform gives it. */
export interface TokenResponse {
  access_token: string;
  expires_in?: number | undefined;
  refresh_token?: string | undefined;
  scope?: string | undefined;
}

export interface GrantSettings {
  host: TransportHost;
  authServerUri: string;
  key: string;
  /** `''` for installed apps: Basic credentials with an empty password. */
  secret: string;
  retryAttempts: number;
  retryDelay: number;
  requestTimeout: number;
  /** Where token and revoke requests are told (the instance's `log` option). */
  log?: { line(...source: LineSource): void } | undefined;
}

export type GrantType = 'password' | 'authorization_code' | 'refresh_token' | 'client_credentials' | 'https://oauth.reddit.com/grants/installed_client';

/**
 * Token and revoke requests. The work (openid-client and the platform's quirks) lives in a module
 * loaded on the first grant, so pages that never authenticate there do not download it up front.
 */
export class Grants {
  readonly #settings: GrantSettings;
  #client: Promise<import('./openid.js').GrantClient> | undefined;

  constructor(settings: GrantSettings) {
    this.#settings = settings;
  }

  /** Run a grant; resolves to the token response or rejects with AuthError (never loops). */
  async grant(type: GrantType, parameters: Record<string, string>, signal?: AbortSignal): Promise<TokenResponse> {
    this.#settings.log?.line('token_request', { grant: type, origin: this.#settings.authServerUri });
    return (await this.#load()).grant(type, parameters, signal);
  }

  /** Revoke a token; 200 and 204 are both success. */
  async revoke(token: string, hint: 'access_token' | 'refresh_token', signal?: AbortSignal): Promise<void> {
    this.#settings.log?.line('revoke_request', { hint, origin: this.#settings.authServerUri });
    return (await this.#load()).revoke(token, hint, signal);
  }

  #load() {
    return (this.#client ??= import('./openid.js').then((m) => new m.GrantClient(this.#settings)));
  }
}
