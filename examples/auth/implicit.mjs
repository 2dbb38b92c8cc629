// An installed app (browser extension, mobile, desktop): no secret; the platform redirects back
// with a one-hour token in the URL fragment (implicit flow). No renewal: log in again when it ends.
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

const emulator = await startEmulator({ rateLimit: false });
try {
  const reddit = new Snoopath({
    userAgent: 'node:auth-example:1.0.0 (by /u/demo_user)',
    oauth: { type: 'implicit', ...emulator.apps.installed, scope: ['identity', 'read'] }, // key, redirectUri
    apiServerUri: emulator.url,
    authServerUri: emulator.url,
  });
  reddit.on('access_token_expired', () => console.log('implicit: token expired, send the user through getAuthUrl() again'));
  const url = reddit.getAuthUrl(); // response_type=token
  // In a page this is location.href after the redirect: https://app/callback#access_token=...&state=...
  const back = (await fetch(url, { redirect: 'manual' })).headers.get('location');
  await reddit.auth(back);
  const me = await reddit('/api/v1/me').get();
  console.log(`implicit: signed in as ${me.name}`);
} finally {
  await emulator.close();
}
