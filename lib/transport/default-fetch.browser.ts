/** Browser bundles: the browser's fetch, whose proxy settings are the browser's own. */
export const isNode = false;

export function defaultFetch(): typeof fetch {
  return (input, init) => globalThis.fetch(input, init);
}
