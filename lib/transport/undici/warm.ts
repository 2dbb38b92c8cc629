import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { buildConnector } from 'undici';

/**
 * Connections opened ahead of a process's first requests, so that their handshakes (TCP, and TLS:
 * two round trips or more on a real network) run while the process loads the rest of its first
 * call, and, for the API host, while the token request is answered: a cron job's first call then
 * pays one handshake's wait at most, where a plain fetch pays one per host before each request.
 *
 * One per origin per process, for the default transport's direct connections only, opened by
 * undici's own connector (the options and TLS session cache every pool connection gets) and handed
 * to the pool the first time it connects to that origin. A connection never asked for (a token
 * came from a store) is closed after {@link IDLE_MS}; none keeps the process alive while it waits.
 */
const require = createRequire(import.meta.url);

/** How long a warm connection waits to be used. */
export const IDLE_MS = 10_000;

type Connector = buildConnector.connector;

interface Warm {
  /** The open connection, or undefined when it could not be made (the pool then connects itself and meets the failure). */
  socket: Promise<Socket | undefined>;
  idle: ReturnType<typeof setTimeout>;
}

let connector: Connector | undefined;
const warm = new Map<string, Warm>();
const warmed = new Set<string>();

/** undici's connector as each pool connection would build it without a `connect` option: one for the pools and the warm-up. */
function defaultConnector(): Connector {
  return (connector ??= (require('undici/lib/core/connect.js') as typeof buildConnector)({}));
}

/** Open a connection to each origin this process has not warmed yet (https:, or http: the options allowed). */
export function warmUp(origins: Iterable<string>, idleMs = IDLE_MS): void {
  for (const given of origins) {
    const url = URL.canParse(given) ? new URL(given) : undefined;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || warmed.has(url.origin)) continue;
    warmed.add(url.origin);
    const idle = setTimeout(() => void take(url.origin)?.then((socket) => socket?.destroy()), idleMs);
    idle.unref?.();
    warm.set(url.origin, { socket: open(url), idle });
  }
}

function open(url: URL): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    // As the pool's clients connect: an IPv6 address without its brackets.
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const socket = defaultConnector()({ hostname, host: url.host, protocol: url.protocol, port: url.port }, (error, connected) => resolve(error ? undefined : (connected ?? undefined)));
    // undici's connector returns the socket (its types say void): unreferenced from the start, so
    // that a process with nothing else to do does not wait for a handshake it may never use.
    (socket as unknown as Socket | undefined)?.unref?.();
  });
}

/** The warm connection to an origin, once: it leaves the list whether it is then used or not. */
function take(origin: string): Promise<Socket | undefined> | undefined {
  const entry = warm.get(origin);
  if (!entry) return undefined;
  warm.delete(origin);
  clearTimeout(entry.idle);
  return entry.socket;
}

/** Whether a warm connection can carry a request: open both ways, nothing received before a request was sent. */
const usable = (socket: Socket): boolean => !socket.destroyed && socket.readyState === 'open' && socket.readableLength === 0;

/**
 * The pools' connector: the origin's warm connection when it is still usable (waiting for it when
 * its handshake is under way), else a new one, as undici would make it.
 */
export function connect(options: buildConnector.Options, callback: buildConnector.Callback): void {
  const pending = options.httpSocket ? undefined : take(`${options.protocol}//${options.host}`);
  if (!pending) return defaultConnector()(options, callback);
  void pending.then((socket) => {
    if (socket && usable(socket)) {
      // A connection the pool holds is referenced while requests run, as one it opened itself.
      socket.ref();
      callback(null, socket);
      return;
    }
    socket?.destroy();
    defaultConnector()(options, callback);
  });
}
