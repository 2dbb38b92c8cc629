// The examples are documentation that runs: each must work against the built package.
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { hasRedisServer } from '../shared-limit/redis.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

describe('examples run against the built package and the emulator', () => {
  if (!existsSync(`${root}dist/index.js`)) throw new Error('dist/ is missing: npm test builds before jest; run `npm run build` first.');

  it.each([
    ['examples/auth/script.mjs', /script: signed in as demo_user/],
    ['examples/auth/explicit.mjs', /explicit: signed in as demo_user; .* received/],
    ['examples/auth/implicit.mjs', /implicit: signed in as demo_user/],
    ['examples/auth/app-only.mjs', /app-only: read 5 posts without a user/],
    ['examples/auth/token-store.mjs', /token-store: demo_user again with 0 new token request/],
    ['examples/demo/index.js', /Signed in as u\/demo_user[\s\S]*Upvoted[\s\S]*Rate limit: \d+ used[\s\S]*Done\./],
    ['examples/stream-bot/index.mjs', /second run resumed with t1_\w+, the comment the first run stopped at: true\nrepeated: 0\n/],
    ['examples/mod-bot/index.mjs', /^read 18 new comments of 3 moderated subreddits in 1 request\(s\) to \/r\/mod\nremoved 3: r\/aww, r\/cats, r\/pics\nmod log: (cleanup_bot removecomment in r\/\w+(; )?){3}\n$/],
  ])('%s', async (file, expected) => {
    const { stdout } = await run(process.execPath, [file], { cwd: root, timeout: 30_000 });
    expect(stdout).toMatch(expected);
  }, 40_000);

  // Three worker processes and a redis-server: the polling one is killed, another takes over.
  (hasRedisServer ? it : it.skip)('examples/fleet/index.mjs', async () => {
    const { stdout } = await run(process.execPath, ['examples/fleet/index.mjs'], { cwd: root, timeout: 50_000 });
    expect(stdout).toMatch(/^(w\d) polls now\nkilled \1, the polling worker, after 30 comments[^\n]*\n(?!\1)w\d polls now\n[\s\S]*\1 \(killed\) handled \d+[\s\S]*handled: 60 of 60, [01] twice/);
  }, 60_000);
});
