import type { Ctx, Principal } from '../server/http.js';
import { forbidden, json } from '../server/http.js';
import { sessionCookie } from './sessions.js';
import type { State } from '../state.js';
import { hasScope } from './tokens.js';

const ALL = new Set(['*']);
const NONE = new Set<string>();
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who calls: a bearer token wins over a cookie; undefined for a bad bearer token. */
export function resolvePrincipal(ctx: Ctx, state: State): Principal | undefined {
  const auth = ctx.req.headers.authorization;
  const m = auth ? /^bearer\s+(\S+)\s*$/i.exec(auth) : null;
  if (auth && /^bearer\b/i.test(auth)) {
    const rec = m ? state.tokens.check(m[1] as string) : undefined;
    if (!rec) return undefined;
    return { via: 'bearer', clientId: rec.grant.clientId, user: rec.grant.user, scopes: rec.scopes };
  }
  const sid = sessionCookie(ctx.req.headers.cookie);
  const session = sid ? state.sessions.get(sid) : undefined;
  if (sid && session) return { via: 'cookie', user: session.user, scopes: ALL, sessionId: sid, modhash: session.modhash };
  return { via: 'anon', scopes: NONE };
}

export function rateKey(p: Principal, ctx: Ctx): string {
  if (p.via === 'bearer') return `c:${p.clientId}`;
  if (p.via === 'cookie') return `s:${p.sessionId}`;
  return `a:${ctx.req.socket.remoteAddress ?? ''}`;
}

export function invalidToken(ctx: Ctx): void {
  json(ctx, 401, { message: 'Unauthorized', error: 401 }, { 'WWW-Authenticate': 'Bearer realm="reddit", error="invalid_token"' });
}

function userRequired(ctx: Ctx): void {
  json(ctx, 403, { json: { errors: [['USER_REQUIRED', 'Please log in to do that.', null]] } });
}

/** Cookie-authenticated writes need the session's modhash (`X-Modhash` header or `uh` parameter). */
export function checkModhash(ctx: Ctx): boolean {
  const p = ctx.principal;
  if (!p || p.via !== 'cookie' || !WRITE.has(ctx.method)) return true;
  const given = ctx.req.headers['x-modhash'] ?? ctx.params.uh;
  if (given === p.modhash) return true;
  userRequired(ctx);
  return false;
}

/**
 * Whether the caller may use an endpoint needing `scope` (and, with `needUser`, acting for an
 * account); if not, the refusal has been answered. Logged-out callers get read-only access.
 */
export function allow(ctx: Ctx, scope: string, needUser: boolean): boolean {
  const p = ctx.principal as Principal;
  if (p.via === 'bearer' && !hasScope(p.scopes, scope)) {
    json(ctx, 403, { message: 'Forbidden', error: 403 }, { 'WWW-Authenticate': 'Bearer realm="reddit", error="insufficient_scope"' });
    return false;
  }
  if (needUser && !p.user) {
    if (p.via === 'anon' && WRITE.has(ctx.method)) userRequired(ctx);
    else forbidden(ctx);
    return false;
  }
  return true;
}
