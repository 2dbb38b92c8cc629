/**
 * `snoopath/testing` (Node): record real traffic once and replay it offline, for the tests of bots
 * and tools built on snoopath (docs/testing.md). The emulator, for tests that need a platform that
 * answers anything, is `snoopath/emulator`.
 */
export { cassette } from './testing/cassette.js';
export { CassetteError } from './testing/errors.js';
export type { Cassette, CassetteFile, CassetteMode, CassetteOptions, Interaction, RecordedRequest, RecordedResponse } from './testing/types.js';
