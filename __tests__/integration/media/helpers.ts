/** Shared pieces of the media tests: small real files and what the emulator saw. */
import { Agent, fetch as undiciFetch, WebSocket as UndiciWebSocket } from 'undici';
import type { Emulator, StorageUpload } from '../../../lib/emulator/index.js';

/** A 16x9 grey PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAAAAAAeQfPuAAAAD0lEQVR42mNoQAMMg0QAAIXUSAG1CN3UAAAAAElFTkSuQmCC', 'base64');
/** Bytes standing in for a short MP4 (the emulator does not decode media). */
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(200, 7)]);

/** Form fields of a logged API request (form or JSON body). */
export function formOf(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** Uploads the storage host received (POST /), in order. */
export const uploadsOf = (emu: Emulator): StorageUpload[] => emu.storage.uploads.filter((u) => u.method === 'POST');
/** Websocket handshakes the storage host received. */
export const socketsOf = (emu: Emulator): StorageUpload[] => emu.storage.uploads.filter((u) => u.path.startsWith('/ws/'));

/** The runtime's WebSocket; on Node 20, which has none, undici's (what snoopath itself uses there). */
export const BaseWebSocket: typeof WebSocket = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket ?? (UndiciWebSocket as unknown as typeof WebSocket);

/** A WebSocket class that remembers its sockets, to see that every way out closes them. */
export function trackedWebSocket(): { WebSocket: typeof WebSocket; sockets: WebSocket[] } {
  const sockets: WebSocket[] = [];
  class Tracked extends BaseWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  }
  return { WebSocket: Tracked, sockets };
}

/**
 * A fetch and a WebSocket class that trust `ca` (the emulator's self-signed certificate) for https
 * and wss, as an application would trust its own CA: the client itself stays strict.
 */
export function trusting(ca: string): { fetch: typeof fetch; WebSocket: typeof WebSocket; close(): Promise<void> } {
  const dispatcher = new Agent({ connect: { ca } });
  const trustingFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    const { method, headers, signal, redirect } = request;
    return (await undiciFetch(request.url, { method, headers: [...headers], body, signal, redirect, dispatcher })) as unknown as Response;
  };
  class Trusting extends UndiciWebSocket {
    constructor(url: string | URL) {
      super(url, { dispatcher });
    }
  }
  return { fetch: trustingFetch, WebSocket: Trusting as unknown as typeof WebSocket, close: () => dispatcher.close() };
}
