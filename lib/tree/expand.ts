import { ResponseError } from '../errors/classes.js';
import type { Args } from '../request/path.js';
import type { CommentTree, TreeBound, TreeOptions, TreeProgress } from '../types/tree.js';
import { flat, pageOf, stubWork, thingsOf } from './answer.js';
import { begin, firstPage, outOfBound, planOf, result, type Expansion, type Send } from './expansion.js';
import type { Stub } from './forest.js';
import { BATCH, type Batch } from './work.js';

export type { Send } from './expansion.js';

/**
 * "Continue this thread" pages fetched at once. `/api/morechildren` stays one request at a time: the
 * platform refuses a second one of the same account while one is running.
 */
const PAGES_AT_ONCE = 4;

/** A listener's bug must not end the expansion: re-thrown on its own, like an event listener's. */
function tell(listener: (p: TreeProgress) => void, progress: TreeProgress): void {
  try {
    listener(progress);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/** The first failure is kept and cancels the rest. */
function fail(x: Expansion, error: unknown): void {
  x.failure ??= { error };
  x.stop.abort(error);
}

/** Send one request: its answer is spliced in by `splice`, `done` frees its slot. */
function launch(x: Expansion, request: Promise<unknown>, splice: (body: unknown) => void, done: () => void): void {
  x.requests++;
  const job: Promise<void> = request
    .then(splice)
    .catch((error: unknown) => fail(x, error))
    .finally(() => {
      done();
      x.running.delete(job);
    });
  x.running.add(job);
}

/** Whether the request budget (`limit`) and the bound allow one more. */
const mayAsk = (x: Expansion): boolean => x.requests < x.plan.limit && x.requests < x.bound;

/** Fetch "continue this thread" pages while there is room beside the ones in flight. */
function fetchThreads(x: Expansion): void {
  for (let stub; x.pagesOut < PAGES_AT_ONCE && mayAsk(x) && (stub = x.work.nextThread()); ) {
    const s = stub;
    x.pagesOut++;
    // A comment removed since the page was read answers 404: its thread is simply gone.
    const page = x.send('get', '/comments/$article/_/$comment', x.threadArgs(s), x.options).catch((error: unknown) => {
      if (error instanceof ResponseError && error.status === 404) return undefined;
      throw error;
    });
    launch(x, page, (body) => spliceThread(x, s, body), () => x.pagesOut--);
  }
}

/** A thread's page: its comments go in the stub's place, and the stub leaves. */
function spliceThread(x: Expansion, stub: Stub, body: unknown): void {
  if (body !== undefined) x.forest.place(flat(pageOf(body, x.path).comments, x.forest.link), [stub]);
  x.forest.settle(stub, []);
}

/**
 * Ask `/api/morechildren` for the next batch, unless one is in flight. A part-full batch waits
 * while pages still being fetched may add ids to fill it.
 */
function fetchBatch(x: Expansion): void {
  const { work } = x;
  if (x.batchOut || !mayAsk(x) || !(work.ids >= BATCH || (x.pagesOut === 0 && work.threads === 0))) return;
  const batch = work.nextBatch();
  if (!batch) return;
  x.batchOut = true;
  launch(x, x.send('get', '/api/morechildren', x.moreArgs(batch), x.options), (body) => spliceBatch(x, batch, body), () => (x.batchOut = false));
}

/** A morechildren answer: its things placed (flat as the platform sends them; nested replies unpacked, not lost), its stubs settled. */
function spliceBatch(x: Expansion, batch: Batch, body: unknown): void {
  const { forest } = x;
  forest.place(flat(thingsOf(body), forest.link), batch.stubs.keys());
  for (const [stub, ids] of batch.stubs) forest.settle(stub, ids);
  x.work.answered(batch);
}

/** The caller's abort counts as the first failure. */
function heedAbort(x: Expansion): void {
  const signal = x.plan.call.signal;
  if (!x.failure && signal?.aborted) fail(x, signal.reason);
}

/** Wait for one request in flight to finish, then tell the listener where things stand. */
async function settleOne(x: Expansion): Promise<void> {
  await Promise.race(x.running);
  if (!x.failure && x.plan.onProgress) tell(x.plan.onProgress, { requests: x.requests, comments: x.forest.size, pending: x.work.pending() });
}

/**
 * `reddit(path).tree(args, options)`: the first page, then every stub expanded. Decisions (where an
 * answer goes, what to ask next) belong to the forest and the work queue; these steps only send.
 * `onBound` hears when the request bound stops it (the instance's `tree_bound` event).
 */
export async function tree(send: Send, path: string, args: Args = {}, options: TreeOptions = {}, onBound?: (bound: TreeBound) => void): Promise<CommentTree> {
  const plan = planOf(options);
  const page = await firstPage(send, path, args, plan);
  if (!plan.expand) return { submission: page.submission, comments: page.comments, orphans: plan.from?.orphans ?? [], requests: 0, pending: stubWork(page.comments) };
  const x = begin(send, path, args, plan, page);
  for (;;) {
    heedAbort(x);
    if (!x.failure) {
      fetchThreads(x);
      fetchBatch(x);
    }
    if (x.running.size === 0) break;
    await settleOne(x);
  }
  if (x.failure) throw x.failure.error;
  const done = result(x);
  if (x.requests >= x.bound && x.requests < x.plan.limit && done.pending > 0) throw outOfBound(x, done, onBound);
  return done;
}
