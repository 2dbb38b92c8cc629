/** Native ESM mode: ts-jest only transpiles, `tsc --noEmit` type-checks in its own step. */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }] },
  testTimeout: 20000,
  // The library's default warn lines are expected where tests provoke retries: kept out of the output.
  setupFiles: ['<rootDir>/__tests__/support/quiet-log.ts'],
  // Why a file was skipped (no Chromium, no redis-server), said again at the end of the run.
  reporters: ['default', '<rootDir>/scripts/jest-skips.mjs'],
};
