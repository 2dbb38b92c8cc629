import { AuthError } from '../errors/classes.js';

/** What a redirect carried back. */
export interface RedirectResult {
  code?: string;
  accessToken?: string;
  expiresIn?: number;
  state?: string;
}

/**
 * Read a redirect: a full URL, a query or fragment (`#access_token=...`), or a bare code/token.
 * A state that does not match the expected one is AuthError `state_mismatch` (the redirect is not
 * the answer to our request), checked first; then an `error=` redirect (the user declined) is AuthError.
 */
export function parseRedirect(input: string, expectedState?: string): RedirectResult {
  const text = input.trim();
  if (!text) throw new AuthError('auth() got an empty code or token: pass the code, the access token or the whole redirect URL.', { code: 'invalid_request' });
  // A URL (even one without a query) is never a bare code or token: it must carry one in its parameters.
  const hasParams = /[?#&=]/.test(text) || /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (!hasParams) return { code: text, accessToken: text };
  const start = Math.max(text.indexOf('#'), text.indexOf('?'));
  const params = new URLSearchParams(start >= 0 ? text.slice(start + 1) : text);
  // The fragment wins over the query when a URL has both (implicit redirects carry the token there).
  if (text.includes('#') && text.indexOf('?') > -1 && text.indexOf('?') < text.indexOf('#')) {
    const query = new URLSearchParams(text.slice(text.indexOf('?') + 1, text.indexOf('#')));
    for (const [k, v] of query) if (!params.has(k)) params.set(k, v);
  }
  const error = params.get('error');
  const state = params.get('state') ?? undefined;
  // A redirect without the state we sent cannot be told apart from a forged one, an error included:
  // a forged ?error=access_denied must not pass for the user's answer.
  if (expectedState !== undefined && state !== expectedState) {
    throw new AuthError('The redirect\'s state does not match the one sent with the authorize URL: ignore this redirect (it may be forged) and start the login again.', { code: 'state_mismatch' });
  }
  if (error) {
    throw new AuthError(error === 'access_denied' ? 'The user declined the authorization (access_denied).' : `The authorization failed: ${error}. Check the app's redirect URI and requested scopes.`, { code: error });
  }
  const result: RedirectResult = {};
  const code = params.get('code');
  const token = params.get('access_token');
  const expires = params.get('expires_in');
  if (code) result.code = code;
  if (token) result.accessToken = token;
  if (expires && Number.isFinite(Number(expires))) result.expiresIn = Number(expires);
  if (state !== undefined) result.state = state;
  if (!code && !token) throw new AuthError('The redirect carries neither a code nor an access_token: pass the URL the platform redirected to, unchanged.', { code: 'invalid_request' });
  return result;
}
