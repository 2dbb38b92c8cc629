import type { DispatcherSource } from './undici/fetch.js';

/**
 * Node proper: not Deno, Bun or Cloudflare Workers, whose Node compatibility carries
 * `process.versions.node` too but whose own fetch is native, and where undici's sockets would be an
 * emulation (or missing).
 */
const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process?.versions;
const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
export const isNode = typeof versions?.node === 'string' && !versions.bun && !versions.deno && !('Deno' in globalThis) && agent !== 'Cloudflare-Workers';

/**
 * A module import that is tried again after a failure instead of keeping it: a load refused once
 * (a test runner between two tests, a file system hiccup) must not fail every later call.
 */
export function retrying<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/** The undici transport is loaded when the first instance is made: importing snoopath stays cheap. */
const loadTransport = retrying(() => import('./undici/fetch.js'));
const loadAgents = retrying(() => import('./undici/agent.js'));

/**
 * A fetch whose implementation starts loading now (the first instance is being made) and is
 * called directly once loaded: the first send does not wait for it, or only for what is left. A
 * failed load is reported by the send that needed it, and tried again by the next one.
 */
function lazyFetch(source: DispatcherSource): typeof fetch {
  let loaded: typeof fetch | undefined;
  const load = () => loadTransport().then((m) => (loaded ??= m.createUndiciFetch(source)));
  load().catch(() => {});
  return ((input, init) => (loaded ? loaded(input, init) : load().then((f) => f(input, init)))) as typeof fetch;
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
