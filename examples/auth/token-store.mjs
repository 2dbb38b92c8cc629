// Keep tokens across restarts: a tokenStore is read before the first call and written whenever a
// new access or refresh token arrives. This one keeps them in a JSON file (mode 0600).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

/** A token store backed by a file; `get` returns nothing until something was saved. */
function fileTokenStore(path) {
  return {
    async get() {
      try {
        return JSON.parse(await readFile(path, 'utf8'));
      } catch (error) {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async set(tokens) {
      await writeFile(path, JSON.stringify(tokens), { mode: 0o600 });
    },
  };
}

const emulator = await startEmulator({ rateLimit: false });
const file = join(await mkdtemp(join(tmpdir(), 'snoopath-')), 'tokens.json');
const options = {
  userAgent: 'node:auth-example:1.0.0 (by /u/demo_user)',
  oauth: { type: 'script', ...emulator.apps.script },
  apiServerUri: emulator.url,
  authServerUri: emulator.url,
  tokenStore: fileTokenStore(file),
};
try {
  await new Snoopath(options)('/api/v1/me').get(); // first run: a password grant, the token is saved
  const grants = () => emulator.requests.filter((r) => r.path === '/api/v1/access_token').length;
  const before = grants();
  const me = await new Snoopath(options)('/api/v1/me').get(); // "after a restart": the saved token is used
  console.log(`token-store: ${me.name} again with ${grants() - before} new token request(s); tokens in ${file}`);
} finally {
  await emulator.close();
}
