import { ArgumentError, AuthError, ConfigError } from '../errors/classes.js';
import type { OAuthOptions } from '../options/schema.js';
import type { Grants } from './grants.js';
import { parseRedirect } from './redirect.js';
import type { TokenManager } from './tokens.js';

/** What the login flows need of an instance (the core gives them this, not itself). */
export interface FlowHost {
  readonly options: { readonly oauth?: OAuthOptions | undefined };
  readonly tokens: TokenManager | undefined;
  readonly grants: Grants | undefined;
  /** Told every credential a flow meets (a code, a token), so errors never show it. */
  readonly redactor: { add(...values: Array<string | undefined | null>): void };
  /** The state sent with the last authorize URL, checked against the redirect. */
  readonly lastState: string | undefined;
}

/**
 * auth(): script apps run the password grant; explicit apps exchange the code (or the redirect URL
 * holding it); implicit apps take the token or the redirect URL / fragment. Resolves to the refresh
 * token, when there is one. Loaded with the first auth(), refresh() or deauth() (lib/core/chunks.ts).
 */
export async function auth(host: FlowHost, codeOrToken: string | undefined): Promise<string | undefined> {
  const { oauth } = host.options;
  const tokens = host.tokens;
  if (!oauth || !tokens) throw new ConfigError('oauth', 'auth() needs oauth options; cookie mode is authenticated by the browser.');
  const scope = oauth.scope === '*' ? '*' : oauth.scope.join(' ');
  if (oauth.type === 'script') {
    await tokens.obtainUser('password', { username: oauth.username, password: oauth.password, scope });
    return tokens.refreshToken;
  }
  if (typeof codeOrToken !== 'string') {
    throw new ArgumentError(`auth() for ${oauth.type} apps needs the ${oauth.type === 'explicit' ? 'code' : 'access token'} or the redirect URL the platform sent the user to.`);
  }
  // A code is a credential too (single use, but valid for ten minutes): errors never show it.
  host.redactor.add(codeOrToken.trim());
  const redirect = parseRedirect(codeOrToken, host.lastState);
  host.redactor.add(redirect.code, redirect.accessToken);
  if (oauth.type === 'explicit') {
    if (!redirect.code) throw new AuthError('The redirect carries a token, not a code: explicit apps use response_type=code (getExplicitAuthUrl()).', { code: 'invalid_request' });
    await tokens.obtainUser('authorization_code', { code: redirect.code, redirect_uri: oauth.redirectUri });
    return tokens.refreshToken;
  }
  if (!redirect.accessToken) throw new AuthError('The redirect carries a code, not a token: implicit apps use response_type=token (getImplicitAuthUrl()).', { code: 'invalid_request' });
  await tokens.adopt({ access_token: redirect.accessToken, expires_in: redirect.expiresIn });
  return undefined;
}

/** refresh(): renew the user token with the given or stored refresh token. */
export async function refresh(tokens: TokenManager, refreshToken: string | undefined): Promise<void> {
  const token = refreshToken ?? tokens.refreshToken;
  if (!token) throw new ArgumentError('refresh() needs a refresh token: pass one, or authorize with duration "permanent" first.');
  tokens.setRefreshToken(token);
  await tokens.obtainUser('refresh_token', { refresh_token: token });
}

/** deauth(): revoke the access token, or the given refresh token (then both are forgotten). */
export async function deauth(host: FlowHost, tokens: TokenManager, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) {
    host.redactor.add(refreshToken);
    await host.grants!.revoke(refreshToken, 'refresh_token');
    tokens.clear('all');
    return;
  }
  const access = tokens.accessToken;
  if (access) await host.grants!.revoke(access, 'access_token');
  tokens.clear('access');
}
