// snoopath, from the repo's own build (npm run build first), or from another build's dist/index.js
// named by SNOOPATH_DIST (bench/versions.mjs --baseline: the figures before a change, in the same run).
const { default: Snoopath } = await import(process.env.SNOOPATH_DIST ?? new URL('../../dist/index.js', import.meta.url).href);

export const name = 'snoopath';

/** opts.pacing: 'off' (throttle 0) or 'default' (the default 1000 ms throttle); opts.decode: decodeHtmlEntities. */
export async function create(ctx, opts = {}) {
  const { url, creds, userAgent } = ctx;
  const reddit = new Snoopath({
    userAgent,
    oauth: { type: 'script', key: creds.key, secret: creds.secret, username: creds.username, password: creds.password },
    apiServerUri: url,
    authServerUri: url,
    ...(opts.pacing === 'off' ? { throttle: 0 } : {}),
    ...(opts.decode ? { decodeHtmlEntities: true } : {}),
  });
  return {
    instance: reddit,
    auth: () => reddit.auth(),
    getMe: () => reddit('/api/v1/me').get(),
    async walk(subreddit) {
      const slice = await reddit('/r/$subreddit/hot').listing({ $subreddit: subreddit, limit: 100 });
      let count = 0;
      for await (const item of slice) if (item) count++;
      return count;
    },
  };
}
