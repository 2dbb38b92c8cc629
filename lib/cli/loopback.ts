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
  /** Resolves at the first request to the redirect path; rejects after `timeoutMs`. */
  arrival(timeoutMs: number): Promise<Arrival>;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, ok: boolean, message: string): void {
  const title = ok ? 'snoopath: access approved' : 'snoopath: authorization failed';
  res.writeHead(ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
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

/**
 * Listens on the redirect URI's host and port. `localhost` listens on 127.0.0.1 and, when this
 * machine has it, on ::1 too: a browser may resolve the name to either.
 */
export async function startRedirectServer(registered: string): Promise<RedirectServer> {
  const redirectUri = new URL(registered);
  let waiting: ((arrival: Arrival) => void) | undefined;
  let arrived: Arrival | undefined;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? redirectUri.host}`);
    if (req.method !== 'GET' || url.pathname !== redirectUri.pathname || arrived) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not the redirect URI.\n');
      return;
    }
    arrived = { url: url.href, answer: (ok, message) => page(res, ok, message) };
    waiting?.(arrived);
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
    arrival: (timeoutMs) => new Promise((resolve, reject) => {
      if (arrived) return resolve(arrived);
      const timer = setTimeout(() => reject(new Error(`No approval arrived within ${timeoutMs / 1000} s: run the command again, and open the URL it prints (or pass --timeout).`)), timeoutMs);
      waiting = (arrival) => {
        clearTimeout(timer);
        resolve(arrival);
      };
    }),
    close: async () => void (await Promise.all(servers.map(closeServer))),
  };
}
