import { allowInsecureRequests, Configuration, customFetch, genericGrantRequest, tokenRevocation, type ClientAuth } from 'openid-client';
import { isLoopbackOrigin } from '../options/server-uri.js';
import { createContext } from '../transport/context.js';
import { send } from '../transport/http.js';
import type { Sent } from './failures.js';
import type { GrantSettings, GrantType, TokenResponse } from './grant-types.js';

/**
 * Token and revoke requests through openid-client, which comes with this module: the grants load it
 * with the first token request (lib/core/chunks.ts). Reddit publishes no discovery document, so the
 * metadata is built from authServerUri; requests go through the instance's transport (User-Agent,
 * pacing, retries), where three platform quirks are mended before openid-client reads the answer.
 */
export class GrantClient {
  readonly #settings: GrantSettings;

  constructor(settings: GrantSettings) {
    this.#settings = settings;
  }

  /** Run a grant; resolves to the token response or rejects with AuthError (never loops). */
  async grant(type: GrantType, parameters: Record<string, string>, signal?: AbortSignal): Promise<TokenResponse> {
    // A code is single use: once sent, whatever went wrong, sending it again can only fail.
    const sent: Sent = { sends: 0 };
    const config = await this.#configure(type !== 'authorization_code', signal, sent);
    try {
      return (await genericGrantRequest(config, type, parameters)) as TokenResponse;
    } catch (error) {
      throw (await this.#settings.loadFailures()).toAuthError(error, type, sent);
    }
  }

  /** Revoke a token; 200 and 204 are both success. */
  async revoke(token: string, hint: 'access_token' | 'refresh_token', signal?: AbortSignal): Promise<void> {
    const sent: Sent = { sends: 0 };
    const config = await this.#configure(true, signal, sent);
    try {
      await tokenRevocation(config, token, { token_type_hint: hint });
    } catch (error) {
      throw (await this.#settings.loadFailures()).toAuthError(error, 'revoke', sent);
    }
  }

  /** A configuration per request (a few small objects), so that its fetch knows this request's signal and retry rule. */
  async #configure(idempotent: boolean, signal: AbortSignal | undefined, sent: Sent) {
    const { authServerUri, key, secret } = this.#settings;
    const metadata = {
      issuer: authServerUri,
      authorization_endpoint: `${authServerUri}/api/v1/authorize`,
      token_endpoint: `${authServerUri}/api/v1/access_token`,
      revocation_endpoint: `${authServerUri}/api/v1/revoke_token`,
    };
    // ClientSecretBasic refuses an empty secret, which installed apps must send.
    const basic: ClientAuth = (_as, client, _body, headers) => {
      headers.set('authorization', `Basic ${btoa(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`)}`);
    };
    const config = new Configuration(metadata, key, undefined, basic);
    if (authServerUri.startsWith('http:') && isLoopbackOrigin(authServerUri)) allowInsecureRequests(config);
    // No 30 s cap of openid-client's own: requestTimeout (per send) and retryAttempts rule, as for API calls.
    config.timeout = 0;
    config[customFetch] = (url, options) => this.#fetch(url, options, idempotent, signal, sent);
    return config;
  }

  /** openid-client's request, sent by the transport; only its method, headers and body are used (never its signal or redirect mode). */
  async #fetch(url: string, options: { method: string; headers: Record<string, string>; body?: unknown }, idempotent: boolean, signal: AbortSignal | undefined, sent: Sent): Promise<Response> {
    const s = this.#settings;
    const ctx = createContext(s.host, {
      retryAttempts: idempotent ? s.retryAttempts : 0, retryDelay: s.retryDelay, requestTimeout: s.requestTimeout,
      signal, api: false, idempotent,
    });
    try {
      // 4xx answers go back to openid-client, which reads OAuth errors from them; 5xx and 429 are retried as for API calls.
      const { response, text } = await send(ctx, { method: options.method, url, headers: options.headers, body: String(options.body ?? '') }, { throwHttpErrors: (status) => status >= 500 || status === 429 });
      sent.status = response.status;
      return mendQuirks(response, text);
    } finally {
      sent.sends += ctx.sends;
    }
  }
}

/** The platform's answers, made into what an OAuth 2.0 client expects. */
function mendQuirks(response: Response, text: string): Response {
  const headers = new Headers(response.headers);
  if (response.status === 204) return new Response(null, { status: 200, headers });
  let status = response.status;
  let body = text;
  // Bad Basic credentials come as {"message": "Unauthorized", "error": 401}: say it the OAuth way.
  if (status === 401) body = JSON.stringify({ error: 'invalid_client' });
  // A bad grant comes as HTTP 200 with {"error": ...}: make it the 400 OAuth 2.0 prescribes.
  if (status === 200 && /^\s*\{/.test(text)) {
    try {
      if (typeof JSON.parse(text).error === 'string') status = 400;
    } catch {
      // not JSON: openid-client reports it
    }
  }
  if (/^\s*\{/.test(body)) headers.set('content-type', 'application/json');
  headers.delete('www-authenticate');
  return new Response(body, { status, statusText: response.statusText, headers });
}
