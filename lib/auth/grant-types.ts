// What Grants (grants.ts) hands the client it loads (openid.ts), and what that client answers:
// declared apart so that the loaded module never imports the one that loads it.
import type { LineSource } from '../log/types.js';
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
  /** Loads the words of failed token requests (lib/auth/failures.ts), when one fails. */
  loadFailures: LoadAuthFailures;
}

/** Loads lib/auth/failures.ts (lib/core/chunks.ts). */
export type LoadAuthFailures = () => Promise<typeof import('./failures.js')>;

export type GrantType = 'password' | 'authorization_code' | 'refresh_token' | 'client_credentials' | 'https://oauth.reddit.com/grants/installed_client';
