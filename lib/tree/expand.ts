import { ArgumentError, ResponseError } from '../errors/classes.js';
import type { Verb } from '../request/build.js';
import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call.js';
import type { CommentTree, TreeOptions, TreeProgress } from '../types/tree.js';
import { flat, pageOf, stubWork, thingsOf } from './answer.js';
import { Forest, type Stub } from './forest.js';
import { BATCH, Work, type Batch } from './work.js';

/** One call through the client's call layer (pacing, retries, token, and any morechildren lock apply). */
export type Send = (verb: Verb, path: string, args: Args, options: CallOptions) => Promise<unknown>;

/**
 * "Continue this thread" pages fetched at once. `/api/morechildren` stays one request at a time: the
 * platform refuses a second one of the same account while one is running.
 */
const PAGES_AT_ONCE = 4;

function count(name: string, value: unknown): number {
  if (value === undefined) return name === 'threshold' ? 0 : Infinity;
  if (typeof value !== 'number' || !(value >= 0)) throw new ArgumentError(`tree() option ${name} must be a number >= 0 (Infinity for no limit), got ${String(value)}.`);
  return value;
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

/**
 * `reddit(path).tree(args, options)`: the first page, then every stub expanded. Decisions (where an
 * answer goes, what to ask next) belong to the forest and the work queue; this loop only sends.
 */
export async function tree(send: Send, path: string, args: Args = {}, options: TreeOptions = {}): Promise<CommentTree> {
  const { expand = true, limit: limitOption, threshold: thresholdOption, depth: depthOption, onProgress, from, ...call } = options;
  const limit = count('limit', limitOption);
  const reach = { threshold: count('threshold', thresholdOption), depth: count('depth', depthOption) };
  const page = from ? pageOf([{ kind: 'Listing', data: { children: [from.submission] } }, { kind: 'Listing', data: { children: from.comments } }], path) : pageOf(await send('get', path, args, call), path);
  const link = page.submission.data;
  if (!expand) return { submission: page.submission, comments: page.comments, orphans: from?.orphans ?? [], requests: 0, pending: stubWork(page.comments) };
  const forest = new Forest(link.name, (stub) => work.add(stub));
  const work = new Work(forest, reach);
  // A former result's orphans get another chance: their parents may come this time.
  forest.place([...flat(page.comments, link.name), ...(from?.orphans ?? [])]);

  // Without a sort of its own, the page came in the link's suggested sort: the stubs must follow it.
  const sort = args.sort ?? (link.suggested_sort || undefined);
  const more = (batch: Batch): Args => ({ link_id: link.name, children: batch.ids.join(','), sort, limit_children: false, api_type: 'json' });
  const thread = (stub: Stub): Args => ({ ...pageArgs(args, sort), $article: link.id, $comment: stub.owner.slice(3) });

  // One failure (or the caller's abort) cancels whatever else is in flight.
  const stop = new AbortController();
  const signal = call.signal ? AbortSignal.any([call.signal, stop.signal]) : stop.signal;
  const callOptions: CallOptions = { ...call, signal };
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let requests = 0;
  let batchOut = false;
  let pagesOut = 0;
  const run = (request: Promise<unknown>, splice: (body: unknown) => void, done: () => void) => {
    requests++;
    const job: Promise<void> = request
      .then(splice)
      .catch((error: unknown) => {
        failure ??= { error };
        stop.abort(error);
      })
      .finally(() => {
        done();
        running.delete(job);
      });
    running.add(job);
  };

  for (;;) {
    if (!failure && call.signal?.aborted) {
      failure = { error: call.signal.reason };
      stop.abort(call.signal.reason);
    }
    if (!failure) {
      for (let stub; pagesOut < PAGES_AT_ONCE && requests < limit && (stub = work.nextThread()); ) {
        const s = stub;
        pagesOut++;
        // A comment removed since the page was read answers 404: its thread is simply gone.
        const page = send('get', '/comments/$article/_/$comment', thread(s), callOptions).catch((error: unknown) => {
          if (error instanceof ResponseError && error.status === 404) return undefined;
          throw error;
        });
        run(page, (body) => {
          if (body !== undefined) forest.place(flat(pageOf(body, path).comments, link.name), [s]);
          forest.settle(s, []);
        }, () => pagesOut--);
      }
      // A part-full batch waits while pages still being fetched may add ids to fill it.
      const batch = !batchOut && requests < limit && (work.ids >= BATCH || (pagesOut === 0 && work.threads === 0)) ? work.nextBatch() : undefined;
      if (batch) {
        batchOut = true;
        run(send('get', '/api/morechildren', more(batch), callOptions), (body) => {
          const before = forest.size;
          // Flat as the platform sends them; should an answer nest replies, they are unpacked, not lost.
          forest.place(flat(thingsOf(body), link.name), batch.stubs.keys());
          for (const [stub, ids] of batch.stubs) forest.settle(stub, ids);
          work.answered(batch, forest.size > before);
        }, () => (batchOut = false));
      }
    }
    if (running.size === 0) break;
    await Promise.race(running);
    if (!failure && onProgress) tell(onProgress, { requests, comments: forest.size, pending: work.pending() });
  }
  if (failure) throw failure.error;
  forest.tidy();
  return { submission: page.submission, comments: forest.roots, orphans: forest.orphans(), requests, pending: work.pending() };
}
