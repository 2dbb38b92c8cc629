// Run by entries.test.ts (and by hand: node __tests__/security/entries-child.mjs [dist directory]):
// loads the BUILT entry points the way users do, by file, by package name (import) and through
// require (CommonJS, Node's require(esm)), and checks that errors thrown by each are instances of
// the one SnoopathError / ConfigError that `snoopath` exports. Prints one JSON report.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const require = createRequire(join(root, 'package.json'));
const load = (file) => import(pathToFileURL(join(dist, file)).href);

/** Each way in: [name, main entry, shared-limit entry, emulator entry]. */
const ways = [
  ['import by file', await load('index.js'), await load('shared-limit.js'), await load('emulator.js')],
  ['import by package name', await import('snoopath'), await import('snoopath/shared-limit'), await import('snoopath/emulator')],
  ['require (CommonJS)', require('snoopath'), require('snoopath/shared-limit'), require('snoopath/emulator')],
];

const thrown = (f) => {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error(`${f} did not throw`);
};

const checked = [];
for (const [way, main, shared, emulator] of ways) {
  const { SnoopathError, ConfigError } = main;
  assert.equal(typeof SnoopathError, 'function', `${way}: snoopath exports SnoopathError`);
  // The same classes whichever way the main entry was loaded.
  assert.equal(SnoopathError, ways[0][1].SnoopathError, `${way}: SnoopathError is the class the built dist/index.js exports`);
  assert.equal(ConfigError, ways[0][1].ConfigError, `${way}: ConfigError is the class the built dist/index.js exports`);
  // Errors made in the main entry itself.
  assert.ok(thrown(() => new main.Snoopath({ userAgent: '' })) instanceof ConfigError, `${way}: new Snoopath throws its ConfigError`);
  for (const [what, error] of [
    ['sharedLimit({}) without redis', thrown(() => shared.sharedLimit({}))],
    ['sharedLimit({ id: "" })', thrown(() => shared.sharedLimit({ redis: { host: '127.0.0.1', port: 1 }, id: '' }))],
  ]) {
    // Against every way's classes: one copy across entry points and module systems.
    for (const [otherWay, other] of ways) {
      assert.ok(error instanceof other.ConfigError, `${way}: ${what} is instanceof the ConfigError of ${otherWay} (${error?.constructor?.name}: ${error?.message})`);
      assert.ok(error instanceof other.SnoopathError, `${way}: ${what} is instanceof the SnoopathError of ${otherWay}`);
    }
    checked.push(`${way}: ${what}`);
  }
  // "the limiter was closed": a SnoopathError made inside shared-limit's own code.
  const limiter = shared.sharedLimit({ redis: { host: '127.0.0.1', port: 1 } });
  await limiter.close();
  const closed = thrown(() => limiter.attach('client-id'));
  for (const [otherWay, other] of ways) assert.ok(closed instanceof other.SnoopathError, `${way}: the closed limiter's error is instanceof the SnoopathError of ${otherWay} (${closed?.constructor?.name}: ${closed?.message})`);
  checked.push(`${way}: closed limiter`);
  // The emulator entry: any error class it exports is the main entry's own.
  for (const [name, value] of Object.entries(emulator)) {
    if (typeof value === 'function' && value.prototype instanceof Error) assert.equal(value, main[name], `${way}: snoopath/emulator's ${name} is snoopath's own`);
  }
}
console.log(JSON.stringify({ ok: true, checked }));
