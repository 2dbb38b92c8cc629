import { availableParallelism } from 'node:os';

/** Native ESM mode: ts-jest only transpiles, `tsc --noEmit` type-checks in its own step. */
const base = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }] },
  // A test that provokes the library's warn lines captures them (__tests__/support/quiet-log.ts).
  setupFiles: ['<rootDir>/__tests__/support/quiet-log.ts'],
};

/**
 * The unit tests: __tests__/X/ holds the tests of lib/X/ (and of codegen/). They start no emulator,
 * no browser, no Redis and no other runtime: `npm run test:fast` runs only these, for the edit loop.
 */
const UNIT = ['auth', 'cli', 'client', 'codegen', 'core', 'decode', 'endpoints', 'errors', 'events', 'fleet', 'info', 'layout', 'limiter', 'listing', 'log', 'media', 'options', 'redact', 'request', 'runtime', 'stream', 'testing', 'transport', 'tree', 'wait'];
const unitSuites = UNIT.map((dir) => `<rootDir>/__tests__/${dir}/**/*.test.ts`);

/**
 * The cross-cutting suites: both-transports (the nock suites, run once per transport: the
 * platform's fetch, and the Node transport over undici through a dispatcher nock can see,
 * __tests__/support/nock-dispatcher.ts), integration (against the emulator), emulator, security,
 * shared-limit (Redis), browser, runtimes, docs, examples, recipes.
 */
const bothTransports = ['<rootDir>/__tests__/both-transports/**/*.test.ts'];
const crossCutting = { testMatch: ['**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', '<rootDir>/__tests__/both-transports/', ...UNIT.map((dir) => `<rootDir>/__tests__/${dir}/`)] };

export default {
  testTimeout: 20000,
  // Most suites wait on sockets, child processes (emulator, redis-server, Chromium, other runtimes)
  // and rate-limit windows, not on the CPU: four workers even on two cores (jest's default there is
  // one, in band: 509 s for the whole run against 168 s with four).
  maxWorkers: Math.min(8, Math.max(4, availableParallelism())),
  // A suite that fails half-way may leave a client of its own child (a redis-server) reconnecting:
  // that must not keep CI waiting. Whether snoopath itself lets a process exit is checked apart,
  // by scripts/exit-check.mjs.
  forceExit: true,
  // Why a file was skipped (no Chromium, no redis-server), said again at the end of the run.
  reporters: ['default', '<rootDir>/scripts/jest-skips.mjs'],
  projects: [
    { ...base, displayName: 'unit', testMatch: unitSuites },
    { ...base, displayName: 'suite', ...crossCutting },
    { ...base, displayName: 'both transports: fetch', testMatch: bothTransports },
    { ...base, displayName: 'both transports: undici', testMatch: bothTransports, setupFiles: [...base.setupFiles, '<rootDir>/__tests__/support/transport-undici.ts'] },
  ],
};
