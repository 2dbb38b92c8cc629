// One client expanding comment trees in its own process (argv[2]: snoopath | snoowrap), driven by
// bench/tree.mjs over IPC: {cmd: 'expand', ctx, article} -> {ms, comments, stubs?}.
// snoopath: reddit('/comments/$article').tree(); its fetch is wrapped to count the stubs of every
// answer, from which PRAW's request count is worked out (PRAW is Python: its algorithm, not its code).
// snoowrap: getSubmission(id).expandReplies(), unmodified, as its documentation shows.
import { performance } from 'node:perf_hooks';
import { serve } from './lib/ipc.mjs';

const which = process.argv[2];
const instances = new Map();

/** Stubs found in answers: ids of each `more` stub ([] for "continue this thread"). */
let stubs = [];
function collectStubs(value) {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') {
      if (v.kind === 'more' && Array.isArray(v.data?.children)) stubs.push(v.data.children.length);
      else for (const key of ['data', 'children', 'replies', 'json', 'things']) if (v[key] && typeof v[key] === 'object') stack.push(v[key]);
    }
  }
}

/** snoopath as bench/clients/snoopath.mjs makes it (throttle 0), with a fetch that reads each answer's stubs. */
async function snoopath({ url, creds, userAgent }) {
  const { default: Snoopath } = await import('../dist/index.js');
  const counting = async (input, init) => {
    const res = await fetch(input, init);
    if (res.headers.get('content-type')?.includes('json')) collectStubs(await res.clone().json());
    return res;
  };
  const reddit = new Snoopath({
    userAgent, oauth: { type: 'script', key: creds.key, secret: creds.secret, username: creds.username, password: creds.password },
    apiServerUri: url, authServerUri: url, throttle: 0, fetch: counting,
  });
  return { instance: reddit, auth: () => reddit.auth() };
}

async function instance(ctx) {
  let inst = instances.get(ctx.url);
  if (!inst) {
    if (which === 'snoopath') inst = await snoopath(ctx);
    else {
      inst = await (await import('./clients/snoowrap.mjs')).create(ctx, { pacing: 'off' });
      // snoowrap expands the replies of several comments at once; the platform (and the emulator)
      // refuse a second morechildren of one account with 429, which snoowrap retries only if told to.
      inst.instance.config({ retryErrorCodes: [429, 502, 503, 504, 522], maxRetryAttempts: 20 });
    }
    await inst.auth();
    instances.set(ctx.url, inst);
  }
  return inst;
}

function countSnoowrap(comments) {
  let n = 0;
  const stack = [...comments];
  while (stack.length) {
    const c = stack.pop();
    n++;
    stack.push(...(c.replies ?? []));
  }
  return n;
}

serve({
  async expand({ ctx, article }) {
    const inst = await instance(ctx);
    stubs = [];
    const t0 = performance.now();
    let comments;
    if (which === 'snoopath') {
      const { walk } = await import('../dist/index.js');
      const tree = await inst.instance('/comments/$article').tree({ $article: article });
      comments = 0;
      for (const _ of walk(tree.comments)) comments++;
    } else {
      const submission = await inst.instance.getSubmission(article).expandReplies();
      comments = countSnoowrap(submission.comments);
    }
    return { ms: performance.now() - t0, comments, stubs };
  },
});
