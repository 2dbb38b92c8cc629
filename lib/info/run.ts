import { SnoopathError } from '../errors/classes.js';
import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call.js';
import { inOrder, nextBatch } from './batches.js';

/** One GET through the call layer (options checked, paced, retried, cleaned of secrets). */
export type InfoSend = (path: string, args: Args, options: CallOptions | undefined) => Promise<unknown>;

/**
 * The things behind `reddit.info()`: 100 fullnames a request through /api/info, yielded in the
 * order given; the names the platform did not return are appended to `missing` (the list the
 * caller holds) as each batch arrives, before that batch's things are yielded. The fullnames are
 * read as they are needed, so a long (or endless) iterable streams through.
 */
export async function* info(send: InfoSend, fullnames: Iterable<string>, options: CallOptions | undefined, missing: string[]): AsyncGenerator<unknown, void, undefined> {
  const source = fullnames[Symbol.iterator]();
  const seen = new Set<string>();
  for (let batch = nextBatch(source, seen); batch.length > 0; batch = nextBatch(source, seen)) {
    const body = await send('/api/info', { id: batch }, options);
    const children = (body as { data?: { children?: unknown } } | null)?.data?.children;
    if (!Array.isArray(children)) {
      // Never read as "none found": a caller deleting what is missing would delete everything.
      throw new SnoopathError(`GET /api/info answered something that is not a listing (for ${batch.length} fullnames, starting ${batch[0]}): the server, or a proxy in front of it, did not answer as the API does; nothing of this batch is reported missing.`);
    }
    const found = inOrder(batch, children);
    missing.push(...found.missing);
    yield* found.things;
  }
}
