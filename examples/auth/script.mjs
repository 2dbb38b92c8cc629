// A script app: a bot acting for its own account (password grant). Runs against the emulator.
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

const emulator = await startEmulator({ rateLimit: false });
try {
  const reddit = new Snoopath({
    userAgent: 'node:auth-example:1.0.0 (by /u/demo_user)',
    oauth: { type: 'script', ...emulator.apps.script, scope: ['identity', 'read'] }, // key, secret, username, password
    apiServerUri: emulator.url,
    authServerUri: emulator.url,
  });
  // Optional: the first call would authenticate anyway; auth() surfaces bad credentials up front.
  await reddit.auth();
  const me = await reddit('/api/v1/me').get();
  console.log(`script: signed in as ${me.name}`);
} finally {
  await emulator.close();
}
