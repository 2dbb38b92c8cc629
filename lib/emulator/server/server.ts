import { createServer as createHttp } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { Socket } from 'node:net';
import { checkModhash, invalidToken, rateKey, resolvePrincipal } from '../oauth/auth.js';
import { authorize } from '../oauth/authorize.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import { answers, applyFault } from '../faults/faults.js';
import type { Ctx } from './http.js';
import { htmlPage, parseParams, readBody, send } from './http.js';
import { revokeEndpoint, tokenEndpoint } from '../oauth/token-routes.js';
import { apiRoute } from './routes.js';
import { login, logout } from '../oauth/sessions.js';
import type { State } from '../state.js';
import type { LoggedRequest } from '../types.js';

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** Routing path: no trailing slash, no `.json` suffix. */
function routeOf(pathname: string): string {
  let route = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (route.endsWith('.json')) route = route.slice(0, -5) || '/';
  return route;
}

function dispatch(ctx: Ctx, state: State): void {
  const route = ctx.route;
  // OAuth and login endpoints are not API calls: they are not rate limited (as on the platform, where they live on www).
  if (route === '/api/v1/access_token') return tokenEndpoint(ctx, state);
  if (route === '/api/v1/revoke_token') return revokeEndpoint(ctx, state);
  if (route === '/api/v1/authorize' || route === '/api/v1/authorize.compact') return authorize(ctx, state);
  if (route === '/login' || route === '/api/login' || route.startsWith('/api/login/')) return login(ctx, state);
  if (route === '/logout' || route === '/api/logout') return logout(ctx, state);

  const principal = resolvePrincipal(ctx, state);
  if (!principal) return invalidToken(ctx);
  ctx.principal = principal;
  ctx.entry.clientId = principal.clientId;
  ctx.entry.user = principal.user;
  const limiter = principal.via === 'bearer' ? state.oauthLimit : state.sessionLimit;
  const verdict = limiter.hit(rateKey(principal, ctx));
  if (verdict) {
    for (const [k, v] of Object.entries(verdict.headers)) ctx.res.setHeader(k, v);
    if (verdict.over) return send(ctx, 429, htmlPage(429, 'Too Many Requests'), 'text/html; charset=UTF-8');
  }
  if (checkModhash(ctx) && !state.actionLimit.refuse(ctx)) apiRoute(ctx, state);
}

async function handle(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? {} : Object.fromEntries(new URLSearchParams(url.slice(q + 1)));
  const body = await readBody(req);
  const method = (req.method ?? 'GET').toUpperCase();
  const entry: LoggedRequest = { method, path: pathname, query, headers: headerRecord(req), body, status: 0, at: state.cfg.now() };
  state.record(entry);
  const params = body ? { ...query, ...parseParams(body, req.headers['content-type']) } : query;
  const ctx: Ctx = { req, res, method, route: routeOf(pathname), query, params, body, raw: params.raw_json === '1', entry };
  corsHeaders(req, res);

  const fault = state.faults.take(method, pathname);
  if (fault?.delay) await new Promise<void>((resolve) => state.later(fault.delay as number, resolve));
  if (state.closed) return;
  if (fault && answers(fault)) return applyFault(ctx, fault);
  if (method === 'OPTIONS') {
    preflightHeaders(res);
    return send(ctx, 204, '');
  }
  dispatch(ctx, state);
}

export interface Listening {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Starts the HTTP(S) server; every socket is tracked so `close()` can end hung requests at once. */
export async function listen(state: State, tls?: { key: string; cert: string }): Promise<Listening> {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(state, req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'Content-Type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify({ message: 'Internal Server Error', error: 500, detail: String(err) }));
    });
  };
  const server: Server = tls ? createHttps({ key: tls.key, cert: tls.cert }, onRequest) : createHttp(onRequest);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(state.cfg.port, state.cfg.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : state.cfg.port;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      state.shutdown();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    });
    return closing;
  };
  return { server, port, close };
}
