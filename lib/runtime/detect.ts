const g = globalThis as { process?: { versions?: { node?: string } }; navigator?: { userAgent?: string } };

/**
 * Browsers forbid setting User-Agent (Chromium drops it silently). Server runtimes send it: Node,
 * Deno and Bun (all three report a Node version) and Cloudflare Workers, whose own fetch sends no
 * User-Agent at all, while the platform throttles requests without a descriptive one.
 */
export const canSetUserAgent: boolean = typeof g.process?.versions?.node === 'string' || g.navigator?.userAgent === 'Cloudflare-Workers';
