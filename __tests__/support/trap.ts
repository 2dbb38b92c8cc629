/**
 * A second loopback server standing for "another host": it records everything it receives and
 * answers 200 with JSON, so a client that followed a redirect to it would resolve with its answer.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Trap {
  /** Origin, e.g. http://127.0.0.1:40123 */
  url: string;
  received: Received[];
  /** Everything received, as one string, for secret scans. */
  all(): string;
  close(): Promise<void>;
}

export async function startTrap(): Promise<Trap> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ trapped: true, access_token: 'trap-token', token_type: 'bearer', expires_in: 3600, name: 'trap' }));
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    all: () => JSON.stringify(received),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
