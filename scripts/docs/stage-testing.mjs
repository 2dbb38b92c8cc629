// `snoopath/testing` as a docs block sees it on the stage: a cassette that records sends through
// the global fetch the stage redirects to its emulator (the package's own default, snoopath's undici
// pools, would try the real platform), unless the block gives a fetch of its own.
import { cassette as packageCassette } from 'snoopath/testing';

export * from 'snoopath/testing';

export const cassette = (path, options = {}) => packageCassette(path, { fetch: (input, init) => globalThis.fetch(input, init), ...options });
