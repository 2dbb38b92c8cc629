import { ConfigError } from '../errors/classes.js';
import type { OAuthOptions } from '../options/schema.js';

export type AuthKind = 'explicit' | 'implicit';

/** A random `state` for an authorize URL (the platform requires one). */
export function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The authorize URL. Built by hand rather than with openid-client because getAuthUrl() is
 * synchronous (snoocore's interface) and openid-client is loaded lazily, only when a grant runs.
 */
export function authUrl(oauth: OAuthOptions, kind: AuthKind, origin: string, mobile: boolean, state: string): string {
  if (oauth.type === 'script') {
    throw new ConfigError('oauth.type', 'Script apps have no authorize URL: they authenticate with username and password. Use type "explicit" or "implicit" for user logins.');
  }
  const params = new URLSearchParams({
    client_id: oauth.key,
    response_type: kind === 'explicit' ? 'code' : 'token',
    state,
    redirect_uri: oauth.redirectUri,
  });
  if (kind === 'explicit') params.set('duration', oauth.type === 'explicit' ? oauth.duration : 'temporary');
  params.set('scope', oauth.scope === '*' ? '*' : oauth.scope.join(' '));
  return `${origin}/api/v1/authorize${mobile ? '.compact' : ''}?${params}`;
}

