// Jest setup (setupFiles): the library's default `warn` lines (a retry, a 429) are expected in the
// many tests that provoke retries on purpose, and would bury the output. The log's own tests
// (__tests__/both-transports/log.test.ts) inject a logger or spy on the console, which replaces this filter.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('snoopath: ')) return;
  warn(...args);
};

// The log's wording is a lazily imported module (a chunk of its own in browser bundles; inlined in
// the Node build). Here ts-jest would transform it on first use, in the middle of whichever timing
// test logs first; load it up front, as the Node build has it.
await import('../../lib/log/write.js');
