// A web app: the user approves on the platform, which redirects back with a code (authorization
// code flow). With duration 'permanent' the instance renews itself with the refresh token.
import Snoopath from 'snoopath';
import { startEmulator } from 'snoopath/emulator';

const emulator = await startEmulator({ rateLimit: false });
try {
  const reddit = new Snoopath({
    userAgent: 'node:auth-example:1.0.0 (by /u/demo_user)',
    oauth: { type: 'explicit', ...emulator.apps.web, scope: ['identity', 'read'], duration: 'permanent' }, // key, secret, redirectUri
    apiServerUri: emulator.url,
    authServerUri: emulator.url,
  });
  // 1. Send the user to this URL (a web server would redirect the browser there).
  const url = reddit.getAuthUrl();
  // 2. The platform redirects back to redirectUri?code=...&state=...; the emulator approves at once.
  const back = (await fetch(url, { redirect: 'manual' })).headers.get('location');
  // 3. Hand the redirect URL (or just the code) to auth(): it checks the state and exchanges the code.
  const refreshToken = await reddit.auth(back);
  const me = await reddit('/api/v1/me').get();
  console.log(`explicit: signed in as ${me.name}; keep the refresh token to skip the login next time: ${refreshToken ? 'received' : 'none'}`);
  // Later, in a new process: reddit.setRefreshToken(saved) and call away; or revoke it when the user logs out:
  await reddit.deauth(refreshToken);
} finally {
  await emulator.close();
}
