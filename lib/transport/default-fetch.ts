import { isNode } from '../runtime/detect.js';
import type { DispatcherSource } from './undici/fetch.js';
import { transportNotLoaded } from './not-loaded.js';

/** The undici transport's modules (lib/transport/undici/), loaded when the first instance is made (lib/core/chunks.ts): importing snoopath stays cheap. */
export interface UndiciModules {
  undici: () => Promise<typeof import('./undici/fetch.js')>;
  agents: () => Promise<typeof import('./undici/agent.js')>;
}

/**
 * A fetch whose implementation starts loading now (the first instance is being made) and is
 * called directly once loaded: the first send does not wait for it, or only for what is left. A
 * failed load is reported by the send that needed it (a ConfigError, not retried), and tried again
 * by the next one.
 */
function lazyFetch(modules: UndiciModules, source: DispatcherSource): typeof fetch {
  let loaded: typeof fetch | undefined;
  const load = () => modules.undici().then((m) => (loaded ??= m.createUndiciFetch(source)));
  load().catch(() => {});
  return ((input, init) => (loaded ? loaded(input, init) : load().then((f) => f(input, init), (error: unknown) => Promise.reject(transportNotLoaded(error))))) as typeof fetch;
}

let direct: typeof fetch | undefined;

/**
 * The transport an instance uses when the application gives no `fetch`: in Node, undici's
 * `request` over snoopath's own keep-alive pools (through `proxy` when set); everywhere else the
 * runtime's fetch. Browser bundles replace this module with default-fetch.browser.ts.
 */
export function defaultFetch(modules: UndiciModules, proxy?: string): typeof fetch {
  if (!isNode) return (input, init) => globalThis.fetch(input, init);
  if (proxy) return lazyFetch(modules, () => modules.agents().then((m) => m.proxyAgent(proxy)));
  return (direct ??= lazyFetch(modules, () => modules.agents().then((m) => m.directAgent())));
}
