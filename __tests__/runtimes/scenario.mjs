// The end-to-end checks that run inside each runtime (Deno, Bun, workerd) against the emulator,
// which runs in Node. Plain JavaScript with web APIs only, so every runtime loads it as it is.
// __tests__/runtimes/runtimes.test.ts starts the emulators, runs this in each runtime and asserts
// on what comes back and on what the emulators saw.

/** Names of the checks, in order: the test declares one `it` per name. */
export const SCENARIOS = [
  'script auth and /api/v1/me',
  'listing paging',
  'a POST with a form body',
  'a ResponseError',
  'abort',
  'rate-limit pacing',
];

// Streams (issue 13) and media uploads (issue 15) join here once lib/stream and lib/media land:
// add each check to SCENARIOS and to `checks` below, and take it out of PENDING.
/** Checks to come; the test lists them as `it.todo`. */
export const PENDING = [
  'a stream yields new items as they arrive (call.stream(), issue 13)',
  'a media upload: lease, upload, submit (reddit.uploadMedia / submitMedia, issue 15)',
];

/** The path the test makes the emulator hang on (never answered), for the abort check. */
export const HANG_PATH = '/r/aww/about';
/** The paced emulator's budget: requests per window of `PACED.window` seconds. */
export const PACED = { budget: 4, window: 2, calls: 12 };

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * Runs every check with the library's exports `lib` (`lib.default` is the class).
 * `config`: {url, pacedUrl, app: {key, secret, username, password}, userAgent}.
 * Resolves to {[name]: {ok: true, detail} | {ok: false, error}}; never rejects.
 */
export async function run(lib, config) {
  const Snoopath = lib.default;
  const client = (url, extra = {}) => new Snoopath({
    userAgent: config.userAgent,
    oauth: { type: 'script', ...config.app, scope: ['identity', 'read', 'submit', 'vote'] },
    apiServerUri: url,
    authServerUri: url,
    throttle: 0,
    ...extra,
  });
  const reddit = client(config.url);

  const checks = {
    'script auth and /api/v1/me': async () => {
      await reddit.auth();
      assert(reddit.hasAccessToken(), 'auth() left no access token');
      const me = await reddit('/api/v1/me').get();
      assert(me.name === config.app.username, `/api/v1/me answered ${JSON.stringify(me.name)}`);
      return { name: me.name };
    },

    'listing paging': async () => {
      const first = await reddit('/r/$subreddit/new').listing({ $subreddit: 'aww', limit: 5 });
      const second = await first.next();
      const names = [...first.allChildren, ...second.allChildren].map((t) => t.data.name);
      assert(first.allChildren.length === 5 && second.allChildren.length === 5, `pages of ${first.allChildren.length} and ${second.allChildren.length}`);
      assert(new Set(names).size === 10, 'the second page repeats items of the first');
      assert(second.count === 5 && first.after === first.allChildren[4].data.name, `second page: count ${second.count}; first page's after ${first.after}`);
      // Walk a whole subreddit by next(), then by for await: the same items, pages fetched as needed.
      let slice = await reddit('/r/$subreddit/new').listing({ $subreddit: 'snoopath', limit: 10 });
      let pages = 1;
      let total = slice.allChildren.length;
      let unstickied = slice.children.length;
      while (!slice.done) {
        slice = await slice.next();
        pages += 1;
        total += slice.allChildren.length;
        unstickied += slice.children.length;
      }
      let iterated = 0;
      for await (const item of await reddit('/r/$subreddit/new').listing({ $subreddit: 'snoopath', limit: 10 })) iterated += item.kind === 't3' ? 1 : 0;
      assert(total === 30 && pages >= 3, `walked ${total} items in ${pages} pages`);
      assert(iterated === unstickied, `for await gave ${iterated} items, the pages ${unstickied}`);
      return { pages, total, iterated };
    },

    'a POST with a form body': async () => {
      const [link] = (await reddit('/r/$subreddit/new').listing({ $subreddit: 'aww', limit: 1 })).allChildren;
      const text = `Hello from ${config.userAgent} & <friends>`;
      // The platform escapes & < > in every string; decoding loads a chunk of its own in the browser build.
      const answer = await reddit('/api/comment').post({ thing_id: link.data.name, text }, { decodeHtmlEntities: true });
      const comment = answer.json.data.things[0].data;
      assert(comment.body === text && comment.parent_id === link.data.name, `the comment came back as ${JSON.stringify(comment.body)} on ${comment.parent_id}`);
      const vote = await reddit('/api/vote').post({ id: link.data.name, dir: 1 });
      assert(JSON.stringify(vote) === '{}', `vote answered ${JSON.stringify(vote)}`);
      return { comment: comment.name };
    },

    'a ResponseError': async () => {
      const caught = async (promise) => {
        try {
          await promise;
        } catch (error) {
          return error;
        }
        throw new Error('the call resolved');
      };
      const missing = await caught(reddit('/user/$username/about').get({ $username: 'nobody_by_that_name' }));
      assert(missing instanceof lib.ResponseError && missing instanceof lib.SnoopathError && missing instanceof Error, `a 404 rejected with ${missing}`);
      assert(missing.name === 'ResponseError' && missing.status === 404 && missing.method === 'GET', `404: ${missing.name} ${missing.status} ${missing.method}`);
      const [link] = (await reddit('/r/$subreddit/new').listing({ $subreddit: 'aww', limit: 1 })).allChildren;
      const empty = await caught(reddit('/api/comment').post({ thing_id: link.data.name, text: '' }));
      assert(empty instanceof lib.ResponseError && empty.errors?.[0]?.[0] === 'NO_TEXT', `json.errors rejected with ${empty} ${JSON.stringify(empty.errors)}`);
      const bad = await caught(Promise.resolve().then(() => reddit('/r/$subreddit/hot').get({})));
      assert(bad instanceof lib.ArgumentError && /\$subreddit/.test(bad.message), `a missing $param rejected with ${bad}`);
      return { statuses: [missing.status, empty.status] };
    },

    abort: async () => {
      // The emulator never answers HANG_PATH: only the abort can end the call.
      const patient = client(config.url, { retryAttempts: 0, requestTimeout: 15_000 });
      const controller = new AbortController();
      const call = patient('/r/$subreddit/about').get({ $subreddit: 'aww' }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 200);
      const error = await call.then(() => undefined, (e) => e);
      assert(error?.name === 'AbortError', `an aborted call rejected with ${error?.name}: ${error?.message}`);
      const reason = new Error('changed my mind');
      const early = await patient('/api/v1/me').get({}, { signal: AbortSignal.abort(reason) }).then(() => undefined, (e) => e);
      assert(early === reason, `a call with an aborted signal rejected with ${early}, not the signal's reason`);
      return { name: error.name };
    },

    'rate-limit pacing': async () => {
      const paced = client(config.pacedUrl, { retryAttempts: 0 });
      const seen = { states: 0, reached: 0, tooMany: 0 };
      paced.on('rate_limit', () => void seen.states++);
      paced.on('rate_limit_reached', () => void seen.reached++);
      paced.on('response_error', (e) => void (seen.tooMany += e.status === 429 ? 1 : 0));
      const answers = await Promise.all(Array.from({ length: PACED.calls }, (_, i) => paced('/r/$subreddit/new').get({ $subreddit: 'aww', limit: 1, count: i })));
      assert(answers.every((a) => a.kind === 'Listing'), 'a paced call did not answer a listing');
      assert(seen.tooMany === 0, `${seen.tooMany} answers were 429`);
      assert(seen.states === PACED.calls && seen.reached > 0, `rate_limit ${seen.states} times, rate_limit_reached ${seen.reached} times`);
      return seen;
    },
  };

  const results = {};
  for (const name of SCENARIOS) {
    try {
      results[name] = { ok: true, detail: await checks[name]() };
    } catch (error) {
      results[name] = { ok: false, error: `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}` };
    }
  }
  return results;
}
