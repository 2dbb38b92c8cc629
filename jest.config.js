/** Native ESM mode: ts-jest only transpiles, `tsc --noEmit` type-checks in its own step. */
const base = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }] },
  // The library's default warn lines are expected where tests provoke retries: kept out of the output.
  setupFiles: ['<rootDir>/__tests__/support/quiet-log.ts'],
};

/**
 * The nock suites (__tests__/transport) run once per transport: the platform's fetch, and the Node
 * transport over undici (Node's default), through a dispatcher nock can see
 * (__tests__/support/nock-dispatcher.ts). Everything else runs once.
 */
const nockSuites = ['<rootDir>/__tests__/transport/**/*.test.ts'];

export default {
  testTimeout: 20000,
  // Why a file was skipped (no Chromium, no redis-server), said again at the end of the run.
  reporters: ['default', '<rootDir>/scripts/jest-skips.mjs'],
  projects: [
    { ...base, displayName: 'suite', testMatch: ['**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/transport/'] },
    { ...base, displayName: 'transport: fetch', testMatch: nockSuites },
    { ...base, displayName: 'transport: undici', testMatch: nockSuites, setupFiles: [...base.setupFiles, '<rootDir>/__tests__/support/transport-undici.ts'] },
  ],
};
