// A CommonJS user's file, run by codegen/check-pack.mjs (with the Node that runs it) in a project
// where the packed package is installed. Node 22+ loads the ES module through require(esm).
'use strict';
const assert = require('node:assert/strict');

// snoocore's form: the module is the class.
const Snoopath = require('snoopath');
assert.equal(typeof Snoopath, 'function', 'require("snoopath") gives the class');
assert.equal(Snoopath.version, '3.0.0');

// Destructuring, and what TypeScript's CommonJS output reads (`.default`), work too.
const { Snoopath: Named, default: Default, ResponseError, SnoopathError, ConfigError } = require('snoopath');
assert.equal(typeof Named, 'function');
assert.equal(Default, Named);
assert.equal(typeof ResponseError, 'function');
assert.equal('ResponseError' in Snoopath, true);
// One class under every name (the docs call them the same), and the named exports listed on it, as
// with a CommonJS module: Object.keys, spreading and for...in see them.
assert.equal(Named, Snoopath, 'require("snoopath").Snoopath === require("snoopath")');
assert.equal(Default, Snoopath, 'require("snoopath").default === require("snoopath")');
const listed = Object.keys(Snoopath);
for (const name of ['Snoopath', 'default', 'ResponseError', 'SnoopathError', 'ConfigError', 'walk', 'flatten']) assert.ok(listed.includes(name), `${name} is enumerable on require("snoopath"): ${listed.join(', ')}`);
assert.equal({ ...Snoopath }.ResponseError, ResponseError);
assert.equal(Object.getOwnPropertyDescriptor(Snoopath, 'ResponseError')?.value, ResponseError);
assert.equal(typeof Snoopath.prototype, 'object');

const { startEmulator } = require('snoopath/emulator');
assert.equal(typeof startEmulator, 'function');
assert.equal(typeof require('snoopath/shared-limit').sharedLimit, 'function');
const { cassette, CassetteError } = require('snoopath/testing');
assert.equal(typeof cassette, 'function');
assert.ok(new CassetteError('x') instanceof SnoopathError, 'snoopath/testing shares the main entry\'s error classes');
assert.equal(require('snoopath/package.json').name, 'snoopath');

assert.throws(() => new Snoopath({ userAgent: '' }), ConfigError);

(async () => {
  // The names listed are the ES module's exports, with the same values (the class itself for the two names of it).
  const esm = await import('snoopath');
  for (const name of listed.filter((n) => n !== 'version')) assert.equal(esm[name], name === 'Snoopath' || name === 'default' ? esm.default : Snoopath[name], `${name} on require("snoopath") is the ES export`);
  // The build's entry also exports short internal names for its lazy chunks: the public ones are longer.
  const missing = Object.keys(esm).filter((name) => name.length > 2 && name !== 'module.exports' && !listed.includes(name));
  assert.deepEqual(missing, [], 'every public ES export is listed on require("snoopath")');
  const emu = await startEmulator({ rateLimit: false });
  try {
    const options = { userAgent: 'node:cjs-test:1.0 (by /u/demo_user)', oauth: { type: 'script', ...emu.apps.script }, apiServerUri: emu.url, authServerUri: emu.url, throttle: 0 };
    const reddit = new Snoopath(options);
    assert.ok(reddit instanceof Snoopath && reddit instanceof Named, 'instances are instanceof both forms');
    assert.ok(new Named(options) instanceof Snoopath);
    const me = await reddit('/api/v1/me').get();
    assert.equal(me.name, 'demo_user');
    const page = await reddit('/r/$subreddit/new').listing({ $subreddit: 'aww', limit: 3 });
    assert.equal(page.children.length, 3);
    await assert.rejects(reddit('/user/$username/about').get({ $username: 'nobody_here_at_all' }), (e) => e instanceof ResponseError && e instanceof SnoopathError && e.status === 404);
    console.log(`require('snoopath') on Node ${process.versions.node}: OK`);
  } finally {
    await emu.close();
  }
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
