import type { Ctx } from '../server/http.js';
import { json, jsonErrors, redirect, send } from '../server/http.js';
import type { State } from '../state.js';

/** The `reddit_session` value of a Cookie header. */
export function sessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === 'reddit_session') return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Browsers drop `SameSite=None` cookies that are not `Secure`, and `Secure` needs https; on
 * plain http, Lax still reaches the emulator from another port (same site: ports do not count).
 */
function cookie(state: State, value: string, maxAge?: number): string {
  const attrs = state.cfg.https ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `reddit_session=${value}; Path=/; HttpOnly; ${attrs}${maxAge === undefined ? '' : `; Max-Age=${maxAge}`}`;
}

/** `GET /login?user=NAME[&dest=URL]` (no password: a test shortcut) and `POST /api/login` (user, passwd). */
export function login(ctx: Ctx, state: State): void {
  const name = ctx.params.user ?? ctx.route.match(/^\/api\/login\/([^/]+)$/)?.[1];
  const account = state.account(name);
  const checked = ctx.method === 'POST';
  if (!account || (checked && ctx.params.passwd !== account.password)) {
    const [code, msg, field] = account ? ['WRONG_PASSWORD', 'wrong password', 'passwd'] : ['USER_DOESNT_EXIST', "that user doesn't exist", 'user'];
    jsonErrors(ctx, [[code, msg, field]], checked ? 200 : 400);
    return;
  }
  const [id, session] = state.sessions.create(account.name);
  ctx.entry.user = account.name;
  ctx.res.setHeader('Set-Cookie', cookie(state, id));
  const dest = ctx.params.dest;
  if (!checked && dest) redirect(ctx, dest);
  else json(ctx, 200, { json: { errors: [], data: { need_https: false, modhash: session.modhash, cookie: id } } });
}

export function logout(ctx: Ctx, state: State): void {
  const id = sessionCookie(ctx.req.headers.cookie);
  if (id) state.sessions.delete(id);
  ctx.res.setHeader('Set-Cookie', cookie(state, '', 0));
  send(ctx, 200, '{}', 'application/json; charset=UTF-8');
}
