import type { Dispatcher } from 'undici';
import { AgentClass, EnvProxyAgentClass, ProxyAgentClass } from './require.js';
import { connect } from './warm.js';

/**
 * The dispatchers of the Node transport, made on first use and shared by every instance in the
 * process: one keep-alive pool per origin (a bot with a thousand instances still opens a handful
 * of connections). They are snoopath's own, never undici's global dispatcher: the application's
 * own fetch calls keep whatever it configured.
 *
 * undici's own timeouts are off: the transport owns timeouts (requestTimeout, from when a send
 * leaves the queue, body included) and aborts the request itself.
 */
const pools = new Map<string, Promise<Dispatcher>>();
const OPTIONS = { headersTimeout: 0, bodyTimeout: 0 };

function shared(key: string, make: () => Promise<Dispatcher>): Promise<Dispatcher> {
  let pool = pools.get(key);
  if (!pool) {
    pool = make();
    pools.set(key, pool);
    pool.catch(() => pools.delete(key));
  }
  return pool;
}

/** Direct connections; the first to an origin may be one opened ahead (lib/transport/undici/warm.ts). */
export const directAgent = (): Promise<Dispatcher> =>
  shared('direct', async () => new (AgentClass())({ ...OPTIONS, connect }));

/**
 * Connections through a proxy: `'env'` reads HTTPS_PROXY / HTTP_PROXY / NO_PROXY (and their
 * lower-case forms) when first used; any other value is the proxy's URL (credentials in it are
 * sent as Proxy-Authorization). https targets go through a CONNECT tunnel, so the proxy never sees
 * a token.
 */
export const proxyAgent = (proxy: string): Promise<Dispatcher> =>
  shared(`proxy ${proxy}`, async () => {
    if (proxy === 'env') return new (EnvProxyAgentClass())(OPTIONS);
    return new (ProxyAgentClass())({ ...OPTIONS, uri: proxy });
  });
