import { AuthError, ResponseError, SnoopathError } from '../errors/classes.js';

/*
 * The words of failed token requests and of tokens that cannot be renewed: a part of their own,
 * loaded by the first such failure (lib/core/chunks.ts), so a page whose token requests succeed
 * never downloads them.
 */

/** What one token request sent, and the status of the last answer it got. */
export interface Sent {
  sends: number;
  status?: number;
}

const HINTS: Record<string, string> = {
  invalid_grant: 'the credentials or code were refused: check oauth.username/oauth.password for script apps (with 2FA, the password followed by a colon and the current code), or get a new code or refresh token (codes are single use and live 10 minutes)',
  unsupported_grant_type: 'this app type may not use this grant: check oauth.type against the app registered on the platform',
  unauthorized_client: 'this app may not use this grant: check oauth.type against the app registered on the platform (a password grant needs a script app)',
  invalid_request: 'a required field was missing: check the oauth options',
  invalid_client: 'the client credentials were refused: check oauth.key and oauth.secret',
  invalid_scope: 'a requested scope is unknown: check oauth.scope',
};

/** A failed token or revoke request as the error the caller gets: AuthError, or the transport's own class. */
export function toAuthError(error: unknown, what: string, { sends: attempts, status: answered }: Sent): Error {
  // openid-client wraps what our fetch threw: network failures, timeouts and refused redirects keep
  // their own class; a token endpoint that kept failing (5xx after the retries) means no token:
  // AuthError, with the cause.
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof ResponseError && (e.status >= 500 || e.status === 429)) {
      return new AuthError(`Could not complete the ${what} request: the token endpoint answered ${e.status} after ${e.attempts} attempt(s); the platform may be down, try again later.`, { status: e.status, cause: e, attempts: e.attempts });
    }
    if (e instanceof SnoopathError) return e;
  }
  if ((error as { name?: string })?.name === 'AbortError') return error as Error;
  const e = error as { error?: unknown; status?: number; cause?: { error?: unknown; message?: unknown } };
  // The status the server sent (mendQuirks makes an HTTP 200 {"error"} a 400 for openid-client only).
  const status = answered ?? (typeof e.status === 'number' ? e.status : undefined);
  let code = typeof e.error === 'string' ? e.error : undefined;
  if (status === 401) code = 'invalid_client';
  const innermost = (() => {
    let e: unknown = error;
    while (e instanceof Error && e.cause instanceof Error) e = e.cause;
    return e instanceof Error ? e.message : String(e);
  })();
  const hint = (code && HINTS[code]) ?? (status ? `the token endpoint ${status === 200 ? 'refused the request' : `answered ${status}`}: check authServerUri and the oauth options` : `${innermost}; check authServerUri and the oauth options`);
  return new AuthError(`Could not complete the ${what} request (${code ?? 'error'}): ${hint}.`, { ...(code ? { code } : {}), ...(status ? { status } : {}), cause: error, attempts });
}

/** The user token expired and this instance cannot renew it (no refresh token, or an implicit token). */
export function expiredTokenError(implicit: boolean): AuthError {
  return new AuthError(implicit
    ? 'The access token expired and implicit tokens cannot be renewed: send the user through getAuthUrl() again, then call auth() with the new token.'
    : 'The access token expired and there is no refresh token: ask for duration "permanent" to renew automatically, or authorize again.', { code: 'access_token_expired' });
}
