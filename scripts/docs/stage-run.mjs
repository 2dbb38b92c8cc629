// Runs one docs block (already compiled to a module file) on the stage:
//   node scripts/docs/stage-run.mjs <module file>
// A fresh emulator plays the platform (scripts/docs/stage.mjs says what it holds) and answers for
// oauth.reddit.com and www.reddit.com (scripts/docs/stage-platform.mjs: the global fetch is
// redirected, nothing else but loopback is reachable, and a block that loops on its own output is
// stopped); streams end with the stage's window (scripts/docs/stage-world.mjs); the stage's names
// (Snoopath, reddit, emu, userAgent, key, ...) are globals, the stage's files are in the working
// directory and its variables in the environment. Imports the built package (`npm run build`).
import { readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startEmulator } from 'snoopath/emulator';
import { PLACEHOLDERS, STAGE_ENV, STAGE_FILES, STAGE_PLATFORM } from './stage.mjs';
import { platformFetch } from './stage-platform.mjs';
import { stageWorld } from './stage-world.mjs';

// From here on 'snoopath' resolves to the stage's class (scripts/docs/stage-hooks.mjs), for this file too.
register('./stage-hooks.mjs', import.meta.url);
const { default: Snoopath } = await import('snoopath');

/** Exit status of a run the stage stopped (scripts/docs/run.mjs reports it as such). */
const STOPPED = 3;
const fail = (why) => {
  process.stderr.write(`docs stage: ${why}\n`);
  process.exit(STOPPED);
};

const { key, secret, username, password, userAgent } = PLACEHOLDERS;
const { accounts, developers, subreddits, thread, rateLimit } = STAGE_PLATFORM;
const emu = await startEmulator({ rateLimit, accounts, subreddits, posts: [thread], apps: [{ type: 'script', id: key, secret, developers, anyLoopbackRedirect: true }] });
globalThis.fetch = platformFetch(emu, globalThis.fetch, fail);
globalThis[Symbol.for('snoopath.docs.stage')] = stageWorld(emu, username);
for (const [name, base64] of Object.entries(STAGE_FILES)) writeFileSync(name, Buffer.from(base64, 'base64'));

/** A refresh token of the placeholder app for `me`, as `npx snoopath auth` would print (docs/cli.md reads it from the environment). */
async function refreshToken() {
  const app = new Snoopath({ userAgent, oauth: { type: 'explicit', key, secret, redirectUri: 'http://localhost:8080', duration: 'permanent' } });
  const back = (await fetch(app.getAuthUrl(), { redirect: 'manual' })).headers.get('location');
  return app.auth(back);
}
Object.assign(process.env, STAGE_ENV);
if (readFileSync(process.argv[2], 'utf8').includes('REDDIT_REFRESH_TOKEN')) process.env.REDDIT_REFRESH_TOKEN = await refreshToken();
emu.clearLog(); // the block's requests only
Object.assign(globalThis, {
  ...PLACEHOLDERS,
  Snoopath,
  emu,
  reddit: new Snoopath({ userAgent, oauth: { type: 'script', key, secret, username, password } }),
});

try {
  await import(pathToFileURL(process.argv[2]).href);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await emu.close();
}
// A block may leave a server or a timer behind: its module has run, the stage ends here.
process.exit();
