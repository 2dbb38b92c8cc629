/**
 * Delivery through the consumer group: when a worker looks for items whose worker died, what a
 * claim or a read answered, and which consumers the group can forget. Pure: the reader does the I/O.
 */

/** One item as the Redis Stream holds it. */
export interface Entry {
  /** The stream entry id (`<ms>-<seq>`). */
  id: string;
  /** The item's fullname. */
  name: string;
  /** The item, parsed. */
  item: unknown;
}

/** A raw entry: its id and its field list (`null` once the entry was deleted). */
export type RawEntry = [id: string, fields: string[] | null];

/** How often a worker looks for items held too long by another: a quarter of `claimAfterMs`, from 50 ms to 5 s. */
export function claimEvery(claimAfterMs: number): number {
  return Math.min(5000, Math.max(50, Math.floor(claimAfterMs / 4)));
}

/** How often a worker tells Redis it still has the item in hand, so a slow handler is not taken for a dead one. */
export function touchEvery(claimAfterMs: number): number {
  return Math.max(10, Math.floor(claimAfterMs / 3));
}

export interface ClaimView {
  /** Since the last look for abandoned items, in ms; `null` before the first. */
  sinceClaimMs: number | null;
  /** The last look found one: more may be waiting. */
  foundLast: boolean;
  /**
   * Since Redis came back after an outage, in ms (`null`: no outage seen). Right after one, every
   * item looks idle: the workers holding them get a touch period to say so before anyone claims.
   */
  sinceUpMs: number | null;
}

/** Whether to look for items whose worker died before reading new ones. */
export function claimDue(view: ClaimView, claimAfterMs: number): boolean {
  if (view.sinceUpMs !== null && view.sinceUpMs < touchEvery(claimAfterMs) * 1.5) return false;
  return view.foundLast || view.sinceClaimMs === null || view.sinceClaimMs >= claimEvery(claimAfterMs);
}

/** An entry's fields as the fleet writes them (`name`, `item` JSON); `undefined` when damaged or deleted. */
export function parseEntry([id, fields]: RawEntry): Entry | undefined {
  if (!Array.isArray(fields)) return undefined;
  let name: string | undefined;
  let json: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'name') name = fields[i + 1];
    else if (fields[i] === 'item') json = fields[i + 1];
  }
  if (name === undefined || json === undefined) return undefined;
  try {
    return { id, name, item: JSON.parse(json) };
  } catch {
    return undefined;
  }
}

/** An entry saying the poller handed its lease back (fields `handover <worker>`), not an item. */
export function isHandover([, fields]: RawEntry): boolean {
  return Array.isArray(fields) && fields[0] === 'handover';
}

/**
 * What a look (XAUTOCLAIM or XREADGROUP) brought: the items to hand out, ids to acknowledge unseen
 * (deleted, damaged, or a handover), and whether a poller handed its lease back (look at it now).
 */
export function sortEntries(raw: readonly RawEntry[], deleted: readonly string[] = []): { entries: Entry[]; drop: string[]; handover: boolean } {
  const entries: Entry[] = [];
  const drop = [...deleted];
  let handover = false;
  for (const r of raw) {
    const entry = parseEntry(r);
    if (entry) entries.push(entry);
    else drop.push(r[0]);
    handover ||= isHandover(r);
  }
  return { entries, drop, handover };
}

/** A consumer of the group, as XINFO CONSUMERS tells. */
export interface ConsumerInfo {
  name: string;
  pending: number;
  idleMs: number;
}

/** After this long without a word from a consumer that holds nothing, the group forgets it: at least a minute. */
export function forgetAfter(claimAfterMs: number): number {
  return Math.max(2 * claimAfterMs, 60_000);
}

/**
 * Consumers the group can forget: holding nothing, silent for `forgetAfter`, and none of this
 * worker's. (The deletion checks again in Redis, atomically: a consumer given an item meanwhile stays.)
 */
export function staleConsumers(consumers: readonly ConsumerInfo[], own: ReadonlySet<string>, claimAfterMs: number): string[] {
  const limit = forgetAfter(claimAfterMs);
  return consumers.filter((c) => c.pending === 0 && c.idleMs >= limit && !own.has(c.name)).map((c) => c.name);
}

/**
 * Whether a worker whose poller caught up (a stream that ends, such as with `untilCaughtUp`) is
 * done: its own poll has ended and a read found nothing more to deliver.
 */
export function caughtUp(pollEnded: boolean, readFound: boolean): boolean {
  return pollEnded && !readFound;
}
