import type { GrantSettings, GrantType, TokenResponse } from './grant-types.js';
import type { GrantClient } from './openid.js';

/** Loads the module that runs grants (lib/auth/openid.ts, with openid-client): lib/core/chunks.ts. */
export type LoadGrantClient = () => Promise<{ GrantClient: new (settings: GrantSettings) => GrantClient }>;

/**
 * Token and revoke requests. The work (openid-client and the platform's quirks) lives in a module
 * loaded on the first grant, so pages that never authenticate there do not download it up front.
 */
export class Grants {
  readonly #settings: GrantSettings;
  readonly #loadClient: LoadGrantClient;
  #client: Promise<GrantClient> | undefined;

  constructor(settings: GrantSettings, loadClient: LoadGrantClient) {
    this.#settings = settings;
    this.#loadClient = loadClient;
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
    return (this.#client ??= this.#loadClient().then((m) => new m.GrantClient(this.#settings)));
  }
}
