/** Browser bundles: the browser's fetch, whose proxy settings are the browser's own. */
export function defaultFetch(): typeof fetch {
  return (input, init) => globalThis.fetch(input, init);
}

/** Browsers open their connections themselves. */
export const originsToWarm = (): string[] => [];
export function warmConnections(): void {}
