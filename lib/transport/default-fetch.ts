import { isNode } from '../runtime/detect.js';
import type { DispatcherSource } from './undici/fetch.js';
import { transportNotLoaded } from './not-loaded.js';

/** The undici transport's modules (lib/transport/undici/), loaded when the first instance is made (lib/core/chunks.ts): importing snoopath stays cheap. */
export interface UndiciModules {
  undici: () => Promise<typeof import('./undici/fetch.js')>;
  agents: () => Promise<typeof import('./undici/agent.js')>;
}

/** What decides which connections an instance's first call opens ahead. */
export interface WarmSettings {
  apiServerUri: string;
  authServerUri: string;
  fetch?: unknown;
  proxy?: string | undefined;
  oauth?: unknown;
  tokenStore?: unknown;
}

/**
 * The origins an instance's first call opens ahead: none with the application's own fetch or a
 * proxy (their connections are theirs); the API host's; the token host's too when a token request
 * is likely to go first (credentials, but no token held and no store to read one from).
 */
export function originsToWarm(o: WarmSettings, tokenHeld: boolean): string[] {
  if (o.fetch || o.proxy) return [];
  return o.oauth && !o.tokenStore && !tokenHeld ? [o.apiServerUri, o.authServerUri] : [o.apiServerUri];
}

/**
 * Open those connections (lib/transport/undici/warm.ts), so that their handshakes overlap what the
 * process still loads: Node's default transport only.
 */
export function warmConnections(warm: () => Promise<typeof import('./undici/warm.js')>, origins: string[]): void {
  if (isNode && origins.length) warm().then((m) => m.warmUp(origins), () => {});
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
