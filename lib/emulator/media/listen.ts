import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { Socket } from 'node:net';
import type { State } from '../state.js';
import { storageRequest, storageUpgrade } from './storage.js';

/** Starts the storage host on another free port of the same interface; `close()` ends its sockets, websockets included. */
export async function listenStorage(state: State, tls?: { key: string; cert: string }): Promise<{ port: number; close(): Promise<void> }> {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    storageRequest(state, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  };
  const server: Server = tls ? createHttps({ key: tls.key, cert: tls.cert }, onRequest) : createHttp(onRequest);
  server.on('upgrade', (req, socket, head) => storageUpgrade(state, req, socket, head));
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, state.cfg.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  }));
  return { port, close };
}
