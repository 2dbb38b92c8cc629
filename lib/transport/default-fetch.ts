import type { DispatcherSource } from './undici.js';

/**
 * Node proper: not Deno, Bun or Cloudflare Workers, whose Node compatibility carries
 * `process.versions.node` too but whose own fetch is native, and where undici's sockets would be an
 * emulation (or missing).
 */
const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process?.versions;
const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
export const isNode = typeof versions?.node === 'string' && !versions.bun && !versions.deno && !('Deno' in globalThis) && agent !== 'Cloudflare-Workers';

/** The undici transport is loaded when the first instance is made: importing snoopath stays cheap. */
let transport: Promise<typeof import('./undici.js')> | undefined;
const loadTransport = () => (transport ??= import('./undici.js'));
let agents: Promise<typeof import('./undici-agent.js')> | undefined;
const loadAgents = () => (agents ??= import('./undici-agent.js'));

/**
 * A fetch whose implementation starts loading now (the first instance is being made) and is
 * called directly once loaded: the first send does not wait for it, or only for what is left.
 */
function lazyFetch(source: DispatcherSource): typeof fetch {
  let loaded: typeof fetch | undefined;
  const loading = loadTransport().then((m) => (loaded = m.createUndiciFetch(source)));
  loading.catch(() => {});
  return ((input, init) => (loaded ? loaded(input, init) : loading.then((f) => f(input, init)))) as typeof fetch;
}

let direct: typeof fetch | undefined;

/**
 * The transport an instance uses when the application gives no `fetch`: in Node, undici's
 * `request` over snoopath's own keep-alive pools (through `proxy` when set); everywhere else the
 * runtime's fetch. Browser bundles replace this module with default-fetch.browser.ts.
 */
export function defaultFetch(proxy?: string): typeof fetch {
  if (!isNode) return (input, init) => globalThis.fetch(input, init);
  if (proxy) return lazyFetch(() => loadAgents().then((m) => m.proxyAgent(proxy)));
  return (direct ??= lazyFetch(() => loadAgents().then((m) => m.directAgent())));
}
