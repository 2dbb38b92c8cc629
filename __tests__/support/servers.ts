/**
 * Small HTTP servers and a proxy on 127.0.0.1 for the Node transport's tests (real sockets, no
 * mocks). Each records what it received; `closeAll()` ends every one of them and their sockets.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Which connection it came on: 1 for the first the server accepted, and so on. */
  connection: number;
}

export interface TestServer {
  origin: string;
  port: number;
  seen: Seen[];
  /** Connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  connections: () => number;
  /** Connections closed so far, by either side. */
  closed: () => number;
  /** Closes every connection it holds (the server keeps listening). */
  drop: () => void;
}

const CONNECTION = Symbol('connection');

const open: Array<{ server: Server; sockets: Set<Socket> }> = [];

function track(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  open.push({ server, sockets });
  return sockets;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/**
 * A server whose handler gets each request with its body read, or (`stream: true`) the request
 * itself to read as it arrives.
 */
export async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => unknown,
  { stream = false } = {},
): Promise<TestServer> {
  const seen: Seen[] = [];
  let connections = 0;
  const server = createServer(async (req, res) => {
    let body = Buffer.alloc(0);
    if (!stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      body = Buffer.concat(chunks);
    }
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, connection: (req.socket as Socket & { [CONNECTION]?: number })[CONNECTION] ?? 0 });
    try {
      await handler(req, res, body);
    } catch (error) {
      res.destroy(error as Error);
    }
  });
  let closed = 0;
  server.on('connection', (socket: Socket & { [CONNECTION]?: number }) => {
    socket[CONNECTION] = ++connections;
    socket.on('close', () => closed++);
  });
  const sockets = track(server);
  const port = await listen(server);
  const drop = () => {
    for (const socket of sockets) socket.destroy();
  };
  return { origin: `http://127.0.0.1:${port}`, port, seen, connections: () => connections, closed: () => closed, drop };
}

export interface TestProxy {
  url: string;
  /** `CONNECT host:port` tunnels and absolute-form requests it forwarded, with their Proxy-Authorization. */
  seen: Array<{ kind: 'connect' | 'forward'; target: string; auth: string | undefined }>;
}

/** A forward proxy: CONNECT tunnels (https and, with undici's default, http targets) and absolute-form requests. */
export async function startProxy(): Promise<TestProxy> {
  const seen: TestProxy['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ kind: 'forward', target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = httpRequest(req.url ?? '', { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push({ kind: 'connect', target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
    client.on('close', end);
  });
  const sockets = track(server);
  server.on('connect', (_req: IncomingMessage, socket: Socket) => sockets.add(socket));
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, seen };
}

/** Close every server and proxy started so far, and every socket still open on them. */
export async function closeAll(): Promise<void> {
  const closing = open.splice(0);
  await Promise.all(closing.map(({ server, sockets }) => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  }));
}
