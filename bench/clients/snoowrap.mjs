// snoowrap 1.23.0, unmodified. It builds `https://oauth.${endpointDomain}` and
// `https://www.${endpointDomain}`; endpointDomain 'bench@127.0.0.1:PORT' makes those
// `https://oauth.bench@127.0.0.1:PORT`: "oauth.bench" becomes URL userinfo, which the request
// library uses only when no Authorization header is set (snoowrap always sets one: Basic for token
// requests, bearer for API calls), so every request goes to the loopback emulator.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Snoowrap = require('snoowrap');

export const name = 'snoowrap';

/**
 * opts.pacing: 'default' (requestDelay 0, throws once the budget is spent) or 'off' (requestDelay 0
 * and continueAfterRatelimitError, so it waits for the window instead of throwing).
 */
export async function create(ctx, opts = {}) {
  const { url, creds, userAgent } = ctx;
  const { host } = new URL(url);
  if (!url.startsWith('https:')) throw new Error('snoowrap needs the https emulator');
  const r = new Snoowrap({ userAgent, clientId: creds.key, clientSecret: creds.secret, username: creds.username, password: creds.password });
  r.config({
    endpointDomain: `bench@${host}`,
    requestDelay: 0,
    continueAfterRatelimitError: opts.pacing === 'off',
    warnings: false,
  });
  return {
    instance: r,
    auth: () => r.updateAccessToken(),
    getMe: () => r.getMe(),
    async walk(subreddit) {
      let page = await r.getHot(subreddit, { limit: 100 });
      let count = page.length;
      while (!page.isFinished) {
        page = await page.fetchMore({ amount: 100, append: false });
        count += page.length;
      }
      return count;
    },
  };
}
