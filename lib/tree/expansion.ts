import { ArgumentError } from '../errors/classes.js';
import { TreeBoundError } from './bound-error.js';
import type { Verb } from '../request/build.js';
import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call.js';
import type { CommentTree, TreeBound, TreeOptions, TreeProgress } from '../types/tree.js';
import { flat, pageOf, type Page } from './answer.js';
import { Forest, type Stub } from './forest.js';
import { Work, type Batch, type Reach } from './work.js';

/*
 * The state of one tree() expansion and its beginning and end: the plan (options checked), the
 * forest planted with the first page, the request bound, the result. expand.ts runs the requests.
 */

/** One call through the client's call layer (pacing, retries, token, and any morechildren lock apply). */
export type Send = (verb: Verb, path: string, args: Args, options: CallOptions) => Promise<unknown>;

/**
 * The request bound: every request of a real expansion places a comment or ends a branch, so a
 * tree of n comments never takes more than about 2n requests. Past `BOUND_BASE + 2 * n`, where n is
 * the larger of what the link announces (`num_comments`) and what the first page showed (comments
 * plus work listed), the server is listing more than the tree holds: the expansion stops.
 */
const BOUND_BASE = 100;

/** What `tree()` was asked, checked. */
export interface Plan {
  expand: boolean;
  limit: number;
  reach: Reach;
  onProgress: ((p: TreeProgress) => void) | undefined;
  from: CommentTree | undefined;
  /** The call options of every request (the tree's own options taken out). */
  call: CallOptions;
}

/** An expansion under way: everything the steps of expand.ts read and change, in one place. */
export interface Expansion {
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
  /** Most requests this expansion may send whatever `limit` says (see BOUND_BASE). */
  readonly bound: number;
  batchOut: boolean;
  pagesOut: number;
}

function count(name: string, value: unknown): number {
  if (value === undefined) return name === 'threshold' ? 0 : Infinity;
  if (typeof value !== 'number' || !(value >= 0)) throw new ArgumentError(`tree() option ${name} must be a number >= 0 (Infinity for no limit), got ${String(value)}.`);
  return value;
}

export function planOf(options: TreeOptions): Plan {
  const { expand = true, limit, threshold, depth, onProgress, from, ...call } = options;
  return { expand, limit: count('limit', limit), reach: { threshold: count('threshold', threshold), depth: count('depth', depth) }, onProgress, from, call };
}

/** The arguments of the first page that also shape the "continue this thread" pages (`sort`, `limit`, `depth`...). */
function pageArgs(args: Args, sort: unknown): Args {
  const out: Args = {};
  for (const [key, value] of Object.entries(args)) if (!key.startsWith('$') && key !== 'comment' && key !== 'context') out[key] = value;
  if (sort !== undefined) out.sort = sort;
  return out;
}

/** The first page: fetched, or the former result given in `from`. */
export async function firstPage(send: Send, path: string, args: Args, plan: Plan): Promise<Page> {
  const { from } = plan;
  if (!from) return pageOf(await send('get', path, args, plan.call), path);
  return pageOf([{ kind: 'Listing', data: { children: [from.submission] } }, { kind: 'Listing', data: { children: from.comments } }], path);
}

/** The forest planted with the first page (and a former result's orphans), its stubs queued as work. */
export function begin(send: Send, path: string, args: Args, plan: Plan, page: Page): Expansion {
  const link = page.submission.data;
  const forest = new Forest(link.name, (stub) => work.add(stub));
  const work = new Work(forest, plan.reach);
  // A former result's orphans get another chance: their parents may come this time.
  forest.place([...flat(page.comments, link.name), ...(plan.from?.orphans ?? [])]);
  // Without a sort of its own, the page came in the link's suggested sort: the stubs must follow it.
  const sort = args.sort ?? (link.suggested_sort || undefined);
  const stop = new AbortController();
  const signal = plan.call.signal ? AbortSignal.any([plan.call.signal, stop.signal]) : stop.signal;
  const announced = Number(link.num_comments);
  const found = forest.size + work.pending();
  return {
    send, path, plan, page, forest, work, stop,
    moreArgs: (batch) => ({ link_id: link.name, children: batch.ids.join(','), sort, limit_children: false, api_type: 'json' }),
    threadArgs: (stub) => ({ ...pageArgs(args, sort), $article: link.id, $comment: stub.owner.slice(3) }),
    // The call options of every request of the expansion: the one place that sets what they carry.
    // The first page went with the call's priority; the expansion queues behind other calls unless the call names one.
    options: { ...plan.call, priority: plan.call.priority ?? 'low', signal },
    running: new Set(),
    failure: undefined,
    requests: 0,
    bound: BOUND_BASE + 2 * Math.max(Number.isFinite(announced) && announced > 0 ? announced : 0, found),
    batchOut: false,
    pagesOut: 0,
  };
}

/** The tree as it stands: stubs with nothing left removed. */
export function result(x: Expansion): CommentTree {
  x.forest.tidy();
  return { submission: x.page.submission, comments: x.forest.roots, orphans: x.forest.orphans(), requests: x.requests, pending: x.work.pending() };
}

/** Stopped by the bound with work left (not by `limit`): told, then rejected with the tree so far. */
export function outOfBound(x: Expansion, tree: CommentTree, onBound: ((bound: TreeBound) => void) | undefined): TreeBoundError {
  const bound: TreeBound = { path: x.path, requests: x.requests, bound: x.bound, comments: x.forest.size, pending: tree.pending };
  onBound?.(bound);
  return new TreeBoundError(
    `tree() stopped after ${x.requests} requests, its bound for a link of this size (${x.path}): the server kept listing more comments than the tree holds. error.tree holds the ${bound.comments} comments found; pass it as \`from\` to go on deliberately.`,
    x.requests,
    x.bound,
    tree,
  );
}
