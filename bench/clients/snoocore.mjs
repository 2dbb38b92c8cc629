// snoocore 3.3.1, unmodified. It always speaks https (Endpoint#buildUrl) and takes a host name and a
// port: serverOAuth/serverOAuthPort for API calls, serverWWW/serverWWWPort for tokens.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Snoocore = require('snoocore');

export const name = 'snoocore';

/** opts.pacing: 'off' (throttle 0) or 'default' (its 1000 ms throttle); opts.decode: decodeHtmlEntities. */
export async function create(ctx, opts = {}) {
  const { url, creds, userAgent } = ctx;
  const { hostname, port } = new URL(url);
  if (!url.startsWith('https:')) throw new Error('snoocore needs the https emulator');
  const reddit = new Snoocore({
    userAgent,
    oauth: { type: 'script', key: creds.key, secret: creds.secret, username: creds.username, password: creds.password, scope: ['identity', 'read'] },
    serverOAuth: hostname,
    serverOAuthPort: Number(port),
    serverWWW: hostname,
    serverWWWPort: Number(port),
    ...(opts.pacing === 'off' ? { throttle: 0 } : {}),
    ...(opts.decode ? { decodeHtmlEntities: true } : {}),
  });
  return {
    instance: reddit,
    auth: () => reddit.auth(),
    getMe: () => reddit('/api/v1/me').get(),
    async walk(subreddit) {
      let slice = await reddit('/r/$subreddit/hot').listing({ $subreddit: subreddit, limit: 100 });
      let count = 0;
      for (;;) {
        for (const item of slice.children) if (item) count++;
        if (!slice.after) return count;
        slice = await slice.next();
      }
    },
  };
}
