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
  'a stream: new items once, oldest first; break and abort end it',
  'a media upload and an image post',
];

/** The stream check's listing (comments made while the emulator runs: none but the check's) and pause. */
export const STREAM = { subreddit: 'programming', pause: 50, limit: 5 };
/** The media check's file: a PNG signature and some bytes, uploaded as `MEDIA.name`. */
export const MEDIA = { name: 'runtime.png', type: 'image/png', size: 64, subreddit: 'snoopath' };

/** The path the test makes the emulator hang on (never answered), for the abort check. */
export const HANG_PATH = '/r/aww/about';
/** The paced emulator's budget: requests per window of `PACED.window` seconds. */
export const PACED = { budget: 4, window: 2, calls: 12 };

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Runs every check with the library's exports `lib` (`lib.default` is the class).
 * `config`: {url, pacedUrl, controlUrl, app: {key, secret, username, password}, userAgent}.
 * `controlUrl` is the test's own server in Node: `POST {controlUrl}/items` with an `emu.addItems()`
 * spec as JSON adds those items to the emulator at `url` and answers their fullnames, oldest first.
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

    'a stream: new items once, oldest first; break and abort end it': async () => {
      // Items come from elsewhere, as on the platform: the test adds them to the emulator (Node side).
      const add = async (count) => {
        const response = await fetch(`${config.controlUrl}/items`, { method: 'POST', body: JSON.stringify({ kind: 'comment', subreddit: STREAM.subreddit, count }) });
        if (!response.ok) throw new Error(`the test's control server answered ${response.status}: ${await response.text()}`);
        return response.json();
      };
      // Counts the stream's polls (sent, and answered) through the fetch option.
      const polls = { sent: 0, answered: 0 };
      const watched = client(config.url, {
        fetch: (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (!new URL(url).pathname.startsWith(`/r/${STREAM.subreddit}/comments`)) return fetch(input, init);
          polls.sent += 1;
          return fetch(input, init).then((response) => ((polls.answered += 1), response));
        },
      });
      const options = { pause: STREAM.pause, limit: STREAM.limit };
      const stopped = async (what) => {
        const sent = polls.sent;
        await sleep(STREAM.pause * 6);
        assert(polls.sent === sent, `the stream polled ${polls.sent - sent} more times after ${what}`);
      };

      // Two items before it starts (its first page), a burst of more than a page (limit 5: read back
      // by `after`) while the loop holds an item, then one more: each once, oldest first, nothing else.
      const existing = await add(2);
      const expected = [...existing];
      const yielded = [];
      // The signal only bounds a stream that misses an item (the loop would wait for it forever).
      const stream = watched('/r/$subreddit/comments').stream({ $subreddit: STREAM.subreddit }, { ...options, signal: AbortSignal.timeout(20_000) });
      for await (const comment of stream) {
        assert(comment.kind === 't1', `the stream yielded a ${comment.kind}`);
        yielded.push(comment.data.name);
        if (yielded.length === 2) expected.push(...(await add(12)));
        if (yielded.length === 14) expected.push(...(await add(1)));
        if (yielded.length === 15) break;
      }
      assert(same(yielded, expected), `yielded ${yielded.join(' ')}; added ${expected.join(' ')}`);
      assert(stream.cursor?.seen?.at(-1)?.[0] === expected[13], `after break the cursor's last handled item is ${JSON.stringify(stream.cursor?.seen?.at(-1))}, not the 14th`);
      await stopped('break');

      // skipExisting, aborted after three polls (waiting or polling): for await ends, nothing rejects.
      const controller = new AbortController();
      const quiet = watched('/r/$subreddit/comments').stream({ $subreddit: STREAM.subreddit }, { ...options, skipExisting: true, signal: controller.signal });
      const from = polls.answered;
      const late = [];
      const loop = (async () => {
        for await (const comment of quiet) late.push(comment.data.name);
      })();
      while (polls.answered < from + 3) await sleep(10);
      controller.abort();
      await loop;
      assert(late.length === 0, `a stream with skipExisting yielded ${late.join(' ')}`);
      await stopped('abort');
      return { yielded: yielded.length, polls: polls.sent };
    },

    'a media upload and an image post': async () => {
      const bytes = new Uint8Array(MEDIA.size).map((_, i) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a][i] ?? i);
      const asset = await reddit.uploadMedia(bytes, { name: MEDIA.name, type: MEDIA.type });
      assert(asset.name === MEDIA.name && asset.type === MEDIA.type && asset.size === MEDIA.size, `uploaded as ${asset.name} ${asset.type} ${asset.size}`);
      assert(typeof asset.assetId === 'string' && new URL(asset.url).origin !== new URL(config.url).origin, `asset ${asset.assetId} at ${asset.url}, not on the storage host`);
      // The storage host serves the file back: the bytes arrived as they were.
      const stored = new Uint8Array(await (await fetch(asset.url)).arrayBuffer());
      assert(same([...stored], [...bytes]), `the storage host holds ${stored.length} other bytes`);

      // Where the runtime has a global WebSocket, submitMedia waits for the platform's result on it.
      const websocket = typeof globalThis.WebSocket === 'function';
      const title = `An image from ${config.userAgent}`;
      const post = await reddit.submitMedia({ sr: MEDIA.subreddit, title, kind: 'image', file: asset }, { waitForResult: websocket, timeout: 15_000 });
      assert(same(post.assetIds, [asset.assetId]) && post.websocketUrls.length === 1, `assetIds ${post.assetIds}, websocketUrls ${post.websocketUrls.length}`);
      if (websocket) {
        assert(/\/r\/snoopath\/comments\/\w+\//.test(post.url) && post.name === `t3_${post.id}`, `the result was ${post.url} (${post.name})`);
        // A file the platform fails to process: the failure comes on the websocket.
        const failed = await reddit.submitMedia({ sr: MEDIA.subreddit, title, kind: 'image', file: bytes, name: 'fail.png' }, { timeout: 15_000 }).then(() => undefined, (e) => e);
        assert(failed instanceof lib.ResponseError && failed.step === 'result' && failed.status === 0, `a failed media post rejected with ${failed}`);
      } else {
        assert(post.url === undefined, `without waiting the post came back with url ${post.url}`);
      }
      return { websocket, url: post.url ?? null };
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
