const g = globalThis as { process?: { versions?: Record<string, string | undefined> }; navigator?: { userAgent?: string } };
const versions = g.process?.versions;
const agent = g.navigator?.userAgent;

/**
 * Browsers forbid setting User-Agent (Chromium drops it silently). Server runtimes send it: Node,
 * Deno and Bun (all three report a Node version) and Cloudflare Workers, whose own fetch sends no
 * User-Agent at all, while the platform throttles requests without a descriptive one.
 */
export const canSetUserAgent: boolean = typeof versions?.node === 'string' || agent === 'Cloudflare-Workers';

/**
 * Node proper: not Deno, Bun or Cloudflare Workers, whose Node compatibility carries
 * `process.versions.node` too but whose own fetch is native, and where undici's sockets would be an
 * emulation (or missing).
 */
export const isNode = typeof versions?.node === 'string' && !versions.bun && !versions.deno && !('Deno' in globalThis) && agent !== 'Cloudflare-Workers';
