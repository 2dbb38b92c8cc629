import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The browser's arrival on the redirect URI: its full URL, and the page to answer once the code is exchanged. */
export interface Arrival {
  url: string;
  answer(ok: boolean, message: string): void;
}

/** A one-shot HTTP server on the app's loopback redirect URI. */
export interface RedirectServer {
  /** The redirect URI, with the port actually bound when 0 was asked. */
  uri: string;
  /**
   * Resolves at the first request to the redirect path that carries `state` (the platform's answer,
   * an approval or a refusal); rejects after `timeoutMs` (unless closed first). Other requests
   * there are answered 400. Call it before the URL can be visited.
   */
  arrival(timeoutMs: number, state: string): Promise<Arrival>;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, message: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${escape(message)}</p>`);
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const closeServer = (server: Server) => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

/** The path and query of a request, read without its Host header (which anyone can set to anything). */
function target(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://redirect.invalid');
  } catch {
    return undefined;
  }
}

/**
 * Listens on the redirect URI's host and port. `localhost` listens on 127.0.0.1 and, when this
 * machine has it, on ::1 too: a browser may resolve the name to either. Any page or program on
 * this machine can reach the server: only a request carrying the authorize URL's `state` ends
 * the wait; `onStray` hears of the others (each answered 400), so that a forged
 * `?error=access_denied` or a stale tab cannot end the flow.
 */
export async function startRedirectServer(registered: string, onStray: (why: string) => void = () => {}): Promise<RedirectServer> {
  const redirectUri = new URL(registered);
  let expected: { state: string; resolve: (arrival: Arrival) => void } | undefined;
  let arrived = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = target(req);
    if (req.method !== 'GET' || !url || url.pathname !== redirectUri.pathname || arrived) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not the redirect URI.\n');
      return;
    }
    if (!expected || url.searchParams.get('state') !== expected.state) {
      const why = url.searchParams.has('state') ? 'its state is not the one of the authorize URL this command printed (a stale tab, or a forged request).' : 'it carries no state, so it is not the platform\'s answer to the authorize URL this command printed.';
      page(res, 400, 'snoopath: not the answer this command waits for', `Ignored: ${why} The command keeps waiting for the approval.`);
      onStray(why);
      return;
    }
    arrived = true;
    // The registered origin, not the Host header: auth() reads the query only.
    expected.resolve({
      url: `${redirectUri.origin}${url.pathname}${url.search}`,
      answer: (ok, message) => page(res, ok ? 200 : 400, ok ? 'snoopath: access approved' : 'snoopath: authorization failed', message),
    });
  };
  const servers: Server[] = [];
  const host = redirectUri.hostname === 'localhost' ? '127.0.0.1' : redirectUri.hostname.replace(/^\[|\]$/g, '');
  const first = createServer(onRequest);
  let port: number;
  try {
    port = await listen(first, host, Number(redirectUri.port || 80));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? 'is in use by another program' : code === 'EACCES' ? 'needs privileges (ports below 1024 do)' : `cannot be opened (${code ?? String(error)})`;
    throw new Error(`The redirect server cannot listen on ${redirectUri.host}: the port ${why}. Register another loopback redirect URI for the app and pass it with --redirect-uri (or --port).`);
  }
  servers.push(first);
  if (redirectUri.hostname === 'localhost') {
    const second = createServer(onRequest);
    // No IPv6 loopback here, or the port taken on it: 127.0.0.1 alone serves.
    await listen(second, '::1', port).then(() => servers.push(second), () => undefined);
  }
  return {
    // As registered (the platform wants it to the letter: new URL() would add a "/"), with the bound port.
    uri: registered.replace(/^(http:\/\/(?:\[::1\]|[^/:?#]+))(:\d+)?/, `$1:${port}`),
    arrival: (timeoutMs, state) => new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`No approval arrived within ${timeoutMs / 1000} s: run the command again, and open the URL it prints (or pass --timeout).`)), timeoutMs);
      expected = {
        state,
        resolve: (arrival) => {
          clearTimeout(timer);
          resolve(arrival);
        },
      };
    }),
    close: async () => {
      clearTimeout(timer);
      await Promise.all(servers.map(closeServer));
    },
  };
}
