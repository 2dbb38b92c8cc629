import type { Ctx } from '../server/http.js';
import { bool, redirect, send } from '../server/http.js';
import type { State } from '../state.js';
import { parseScopes } from './tokens.js';
import type { EmulatorApp } from '../types.js';

function isLoopback(uri: string): boolean {
  try {
    const u = new URL(uri);
    const host = u.hostname;
    return (u.protocol === 'http:' || u.protocol === 'https:') && (host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host));
  } catch {
    return false;
  }
}

function redirectAllowed(app: EmulatorApp, uri: string | undefined): uri is string {
  if (!uri) return false;
  return uri === app.redirectUri || (app.anyLoopbackRedirect === true && isLoopback(uri));
}

/** An error page: the redirect URI cannot be trusted, so nothing is sent back to it. */
function page(ctx: Ctx, message: string): void {
  send(ctx, 400, `<!doctype html><title>reddit.com: ${message}</title><h1>${message}</h1>`, 'text/html; charset=UTF-8');
}

/**
 * `GET /api/v1/authorize[.compact]`: approves at once, as the first account, or as `user=NAME`;
 * `deny=1` simulates the user declining.
 */
export function authorize(ctx: Ctx, state: State): void {
  const p = ctx.params;
  const app = state.cfg.apps.get(p.client_id ?? '');
  if (!app) return page(ctx, 'invalid client id');
  ctx.entry.clientId = app.id;
  const uri = p.redirect_uri;
  if (!redirectAllowed(app, uri)) return page(ctx, 'invalid redirect_uri parameter');
  const implicit = p.response_type === 'token';
  const back = (params: Record<string, string>) => {
    const target = new URL(uri);
    if (p.state !== undefined) params.state = p.state;
    if (implicit) target.hash = new URLSearchParams(params).toString();
    else for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    redirect(ctx, target.href);
  };

  if (p.response_type !== 'code' && !implicit) return back({ error: 'unsupported_response_type' });
  if (!p.state) return back({ error: 'invalid_request' });
  if (implicit && app.type === 'script') return back({ error: 'unauthorized_client' });
  const duration = p.duration ?? 'temporary';
  if (!implicit && duration !== 'temporary' && duration !== 'permanent') return back({ error: 'invalid_request' });
  const scopes = parseScopes(p.scope);
  if (!scopes) return back({ error: 'invalid_scope' });
  if (bool(p.deny)) return back({ error: 'access_denied' });
  const account = p.user ? state.account(p.user) : state.cfg.accounts[0];
  if (!account) return page(ctx, 'no such user');
  ctx.entry.user = account.name;

  if (!implicit) {
    const code = state.tokens.createCode({ clientId: app.id, redirectUri: uri, user: account.name, scopes, permanent: duration === 'permanent' });
    return back({ code });
  }
  // Implicit grants never get a refresh token, whatever `duration` says.
  const answer = state.tokens.issue({ clientId: app.id, user: account.name, scopes, access: new Set() }, scopes);
  back({ access_token: String(answer.access_token), token_type: 'bearer', expires_in: String(answer.expires_in), scope: String(answer.scope) });
}
