import { ArgumentError, ResponseError } from '../errors/classes.js';
import type { Verb } from '../request/build.js';
import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call.js';
import type { CommentTree, TreeOptions, TreeProgress } from '../types/tree.js';
import { flat, pageOf, stubWork, thingsOf, type Page } from './answer.js';
import { Forest, type Stub } from './forest.js';
import { BATCH, Work, type Batch, type Reach } from './work.js';

/** One call through the client's call layer (pacing, retries, token, and any morechildren lock apply). */
export type Send = (verb: Verb, path: string, args: Args, options: CallOptions) => Promise<unknown>;

/**
 * "Continue this thread" pages fetched at once. `/api/morechildren` stays one request at a time: the
 * platform refuses a second one of the same account while one is running.
 */
const PAGES_AT_ONCE = 4;

/** What `tree()` was asked, checked. */
interface Plan {
  expand: boolean;
  limit: number;
  reach: Reach;
  onProgress: ((p: TreeProgress) => void) | undefined;
  from: CommentTree | undefined;
  /** The call options of every request (the tree's own options taken out). */
  call: CallOptions;
}

/** An expansion under way: everything the steps below read and change, in one place. */
interface Expansion {
  readonly send: Send;
  readonly path: string;
  readonly plan: Plan;
  readonly page: Page;
  readonly forest: Forest;
  readonly work: Work;
  /** The `/api/morechildren` arguments for a batch, and the page arguments for a "continue this thread". */
  readonly moreArgs: (batch: Batch) => Args;
  readonly threadArgs: (stub: Stub) => Args;
  /** Aborted by the first failure (or the caller's abort): cancels whatever else is in flight. */
  readonly stop: AbortController;
  readonly options: CallOptions;
  readonly running: Set<Promise<void>>;
  failure: { error: unknown } | undefined;
  requests: number;
  batchOut: boolean;
  pagesOut: number;
}

function count(name: string, value: unknown): number {
  if (value === undefined) return name === 'threshold' ? 0 : Infinity;
  if (typeof value !== 'number' || !(value >= 0)) throw new ArgumentError(`tree() option ${name} must be a number >= 0 (Infinity for no limit), got ${String(value)}.`);
  return value;
}

function planOf(options: TreeOptions): Plan {
  const { expand = true, limit, threshold, depth, onProgress, from, ...call } = options;
  return { expand, limit: count('limit', limit), reach: { threshold: count('threshold', threshold), depth: count('depth', depth) }, onProgress, from, call };
}

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

/** The arguments of the first page that also shape the "continue this thread" pages (`sort`, `limit`, `depth`...). */
function pageArgs(args: Args, sort: unknown): Args {
  const out: Args = {};
  for (const [key, value] of Object.entries(args)) if (!key.startsWith('$') && key !== 'comment' && key !== 'context') out[key] = value;
  if (sort !== undefined) out.sort = sort;
  return out;
}

/** The first page: fetched, or the former result given in `from`. */
async function firstPage(send: Send, path: string, args: Args, plan: Plan): Promise<Page> {
  const { from } = plan;
  if (!from) return pageOf(await send('get', path, args, plan.call), path);
  return pageOf([{ kind: 'Listing', data: { children: [from.submission] } }, { kind: 'Listing', data: { children: from.comments } }], path);
}

/** The forest planted with the first page (and a former result's orphans), its stubs queued as work. */
function begin(send: Send, path: string, args: Args, plan: Plan, page: Page): Expansion {
  const link = page.submission.data;
  const forest = new Forest(link.name, (stub) => work.add(stub));
  const work = new Work(forest, plan.reach);
  // A former result's orphans get another chance: their parents may come this time.
  forest.place([...flat(page.comments, link.name), ...(plan.from?.orphans ?? [])]);
  // Without a sort of its own, the page came in the link's suggested sort: the stubs must follow it.
  const sort = args.sort ?? (link.suggested_sort || undefined);
  const stop = new AbortController();
  const signal = plan.call.signal ? AbortSignal.any([plan.call.signal, stop.signal]) : stop.signal;
  return {
    send, path, plan, page, forest, work, stop,
    moreArgs: (batch) => ({ link_id: link.name, children: batch.ids.join(','), sort, limit_children: false, api_type: 'json' }),
    threadArgs: (stub) => ({ ...pageArgs(args, sort), $article: link.id, $comment: stub.owner.slice(3) }),
    options: { ...plan.call, signal },
    running: new Set(),
    failure: undefined,
    requests: 0,
    batchOut: false,
    pagesOut: 0,
  };
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

/** Whether the request budget (`limit`) allows one more. */
const mayAsk = (x: Expansion): boolean => x.requests < x.plan.limit;

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
  const before = forest.size;
  forest.place(flat(thingsOf(body), forest.link), batch.stubs.keys());
  for (const [stub, ids] of batch.stubs) forest.settle(stub, ids);
  x.work.answered(batch, forest.size > before);
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

/** The tree as it stands: stubs with nothing left removed. */
function result(x: Expansion): CommentTree {
  x.forest.tidy();
  return { submission: x.page.submission, comments: x.forest.roots, orphans: x.forest.orphans(), requests: x.requests, pending: x.work.pending() };
}

/**
 * `reddit(path).tree(args, options)`: the first page, then every stub expanded. Decisions (where an
 * answer goes, what to ask next) belong to the forest and the work queue; these steps only send.
 */
export async function tree(send: Send, path: string, args: Args = {}, options: TreeOptions = {}): Promise<CommentTree> {
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
  return result(x);
}
