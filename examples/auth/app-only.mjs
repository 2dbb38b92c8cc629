// Application-only: no user, read-only public data. Script and web apps use client_credentials;
// installed apps use the installed_client grant with a device id.
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

const emulator = await startEmulator({ rateLimit: false });
try {
  const reddit = new Snoopath({
    userAgent: 'node:auth-example:1.0.0 (by /u/demo_user)',
    oauth: { type: 'implicit', ...emulator.apps.installed, scope: ['read'], deviceId: 'example-device-0000001' },
    apiServerUri: emulator.url,
    authServerUri: emulator.url,
  });
  // No user token yet: calls use an application-only token, obtained on first need (or now, with appOnlyAuth()).
  await reddit.appOnlyAuth();
  const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 5 });
  console.log(`app-only: read ${hot.allChildren.length} posts without a user`);
} finally {
  await emulator.close();
}
