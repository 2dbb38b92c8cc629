import type { Ctx } from '../server/http.js';
import { json, send } from '../server/http.js';
import type { State } from '../state.js';
import type { Grant } from './tokens.js';
import { narrow } from './tokens.js';
import type { EmulatorAccount, EmulatorApp } from '../types.js';

const INSTALLED_GRANT = 'https://oauth.reddit.com/grants/installed_client';

/** The app named by valid HTTP Basic credentials (installed apps: empty secret). */
export function basicApp(ctx: Ctx, state: State): EmulatorApp | undefined {
  const m = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(ctx.req.headers.authorization ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // RFC 6749 (2.3.1) form-encodes both parts before Basic; many clients do not: either form is accepted.
  const id = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const app = state.cfg.apps.get(id) ?? state.cfg.apps.get(percentDecoded(id));
  return app && (app.secret === secret || app.secret === percentDecoded(secret)) ? app : undefined;
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const unauthorized = (ctx: Ctx) => json(ctx, 401, { message: 'Unauthorized', error: 401 });

function passwordMatches(account: EmulatorAccount, given: string): boolean {
  // With 2FA the platform takes `password:123456`; the emulator accepts any six-digit code.
  return given === account.password || (given.startsWith(`${account.password}:`) && /^\d{6}$/.test(given.slice(account.password.length + 1)));
}

/** `POST /api/v1/access_token`. Failures of the grant itself answer HTTP 200, as the platform does. */
export function tokenEndpoint(ctx: Ctx, state: State): void {
  if (ctx.method !== 'POST') return json(ctx, 405, { message: 'Method Not Allowed', error: 405 });
  const app = basicApp(ctx, state);
  if (!app) return unauthorized(ctx);
  ctx.entry.clientId = app.id;
  const p = ctx.params;
  const fail = (error: string) => json(ctx, 200, { error });
  const tokens = state.tokens;
  const grant = (user: string | undefined, scopes: ReadonlySet<string>): Grant => ({ clientId: app.id, user, scopes, access: new Set() });

  switch (p.grant_type) {
    case 'password': {
      if (app.type !== 'script') return fail('unauthorized_client');
      if (!p.username || !p.password) return fail('invalid_request');
      const account = state.account(p.username);
      if (!account || !passwordMatches(account, p.password)) return fail('invalid_grant');
      if (app.developers && !app.developers.some((d) => d.toLowerCase() === account.name.toLowerCase())) return fail('invalid_grant');
      const scopes = narrow(new Set(['*']), p.scope);
      if (!scopes) return fail('invalid_scope');
      ctx.entry.user = account.name;
      return json(ctx, 200, tokens.issue(grant(account.name, scopes), scopes));
    }
    case 'client_credentials':
    case INSTALLED_GRANT: {
      const installed = p.grant_type === INSTALLED_GRANT;
      if (installed !== (app.type === 'installed')) return fail('unauthorized_client');
      if (installed && (!p.device_id || p.device_id.length < 20 || p.device_id.length > 30)) return fail('invalid_request');
      const scopes = narrow(new Set(['*']), p.scope);
      if (!scopes) return fail('invalid_scope');
      return json(ctx, 200, tokens.issue(grant(undefined, scopes), scopes));
    }
    case 'authorization_code': {
      if (!p.code || !p.redirect_uri) return fail('invalid_request');
      const code = tokens.takeCode(p.code);
      if (!code || code.clientId !== app.id || code.redirectUri !== p.redirect_uri) return fail('invalid_grant');
      const scopes = narrow(code.scopes, p.scope);
      if (!scopes) return fail('invalid_scope');
      ctx.entry.user = code.user;
      return json(ctx, 200, tokens.issue(grant(code.user, code.scopes), scopes, code.permanent));
    }
    case 'refresh_token': {
      if (!p.refresh_token) return fail('invalid_request');
      const g = tokens.refreshGrant(p.refresh_token);
      if (!g || g.clientId !== app.id) return fail('invalid_grant');
      const scopes = narrow(g.scopes, p.scope);
      if (!scopes) return fail('invalid_scope');
      ctx.entry.user = g.user;
      const rotate = state.cfg.rotateRefreshTokens;
      if (rotate) tokens.dropRefresh(p.refresh_token);
      return json(ctx, 200, tokens.issue(g, scopes, rotate));
    }
    case undefined:
    case '':
      return fail('invalid_request');
    default:
      return fail('unsupported_grant_type');
  }
}

/** `POST /api/v1/revoke_token`: 204 whether or not the token was known (RFC 7009). */
export function revokeEndpoint(ctx: Ctx, state: State): void {
  if (ctx.method !== 'POST') return json(ctx, 405, { message: 'Method Not Allowed', error: 405 });
  const app = basicApp(ctx, state);
  if (!app) return unauthorized(ctx);
  ctx.entry.clientId = app.id;
  if (!ctx.params.token) return json(ctx, 400, { error: 'invalid_request' });
  state.tokens.revoke(ctx.params.token, app.id);
  send(ctx, 204, '');
}
