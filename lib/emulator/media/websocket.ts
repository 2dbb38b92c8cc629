/**
 * The smallest WebSocket server the platform's result channel needs (RFC 6455): the handshake,
 * unmasked text and close frames out, and the client's close (and ping) frames read. No dependency.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export function acceptKey(key: string): string {
  return createHash('sha1').update(key + GUID).digest('base64');
}

/** One frame, FIN set, unmasked (a server never masks). */
export function frame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? Buffer.from([0x80 | opcode, n]) : n < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (n >= 126) {
    head[0] = 0x80 | opcode;
    head[1] = n < 65536 ? 126 : 127;
    if (n < 65536) head.writeUInt16BE(n, 2);
    else head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

/** Refuse an upgrade with a plain HTTP answer. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** An accepted connection: say one thing, close. */
export class WsConnection {
  #closing = false;
  #input = Buffer.alloc(0);
  #onClose: Array<() => void> = [];

  constructor(private readonly socket: Duplex) {
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('close', () => this.#onClose.splice(0).forEach((fn) => fn()));
    socket.on('error', () => socket.destroy());
  }

  get open(): boolean {
    return !this.#closing && !this.socket.destroyed;
  }

  onClose(fn: () => void): void {
    if (this.socket.destroyed) fn();
    else this.#onClose.push(fn);
  }

  sendText(text: string): void {
    if (this.open) this.socket.write(frame(0x1, Buffer.from(text, 'utf8')));
  }

  /** Send a close frame; the client answers with its own, then the socket ends (or is destroyed after `grace` ms). */
  close(code = 1000, grace = 1000): void {
    if (!this.open) return;
    this.#closing = true;
    const payload = Buffer.alloc(2);
    payload.writeUInt16BE(code);
    this.socket.write(frame(0x8, payload));
    setTimeout(() => this.socket.destroy(), grace).unref();
  }

  /** Client frames are masked; only close and ping matter here. */
  #read(chunk: Buffer): void {
    this.#input = Buffer.concat([this.#input, chunk]);
    for (;;) {
      const b = this.#input;
      if (b.length < 2) return;
      const opcode = (b[0] as number) & 0x0f;
      let length = (b[1] as number) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (b.length < 4) return;
        length = b.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (b.length < 10) return;
        length = Number(b.readBigUInt64BE(2));
        offset = 10;
      }
      const masked = ((b[1] as number) & 0x80) !== 0;
      const end = offset + (masked ? 4 : 0) + length;
      if (b.length < end) return;
      const mask = masked ? b.subarray(offset, offset + 4) : undefined;
      const payload = Buffer.from(b.subarray(end - length, end));
      if (mask) for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
      this.#input = b.subarray(end);
      if (opcode === 0x8) {
        if (!this.#closing) this.socket.write(frame(0x8, payload.subarray(0, 2)));
        this.#closing = true;
        this.socket.end();
        return;
      }
      if (opcode === 0x9) this.socket.write(frame(0xa, payload));
    }
  }
}

/** Complete the handshake of an upgrade request; undefined (refused) when it is not a WebSocket handshake. */
export function acceptUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): WsConnection | undefined {
  const key = req.headers['sec-websocket-key'];
  if (req.headers.upgrade?.toLowerCase() !== 'websocket' || typeof key !== 'string' || req.headers['sec-websocket-version'] !== '13') {
    refuseUpgrade(socket, 400, 'Bad Request');
    return undefined;
  }
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${acceptKey(key)}\r\n\r\n`);
  const connection = new WsConnection(socket);
  if (head.length) socket.emit('data', head);
  return connection;
}
