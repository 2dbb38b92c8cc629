import { performance } from 'node:perf_hooks';
import { Blocker } from './blocker.js';
import type { Emit } from './events.js';
import type { Housekeeper } from './housekeeping.js';
import type { Poller } from './poller.js';
import type { Conn, Link } from './redis/link.js';
import { caughtUp, claimDue, claimEvery, sortEntries, touchEvery, type Entry, type RawEntry } from './rules/delivery.js';
import { GROUP, type StreamKeys } from './rules/keys.js';
import type { FleetLocalStats, FleetStreamRef } from './types.js';
import { isReply, pause, unless, within } from './wait.js';

export interface ReaderSettings {
  link: Link;
  keys: StreamKeys;
  ref: FleetStreamRef;
  consumer: string;
  claimAfterMs: number;
  poller: Poller;
  housekeeper: Housekeeper;
  counts: Pick<FleetLocalStats, 'handled' | 'claimed'>;
  emit: Emit;
  /** Aborts when the loop must end: the fleet closes, or the caller's signal. */
  stop: AbortSignal;
}

/** Create the consumer group (reading from the stream's start) unless it exists. */
export async function ensureGroup(conn: Conn, items: string): Promise<void> {
  try {
    await conn.xgroup('CREATE', items, GROUP, '0', 'MKSTREAM');
  } catch (error) {
    if (!String((error as Error).message).includes('BUSYGROUP')) throw error;
  }
}

/**
 * One worker's loop over a fleet stream: acknowledge the item in hand when the next is asked for,
 * then take an item whose worker died (XAUTOCLAIM, now and then) or the next new one (XREADGROUP,
 * blocking on a connection of its own). While an item is in hand its idle time is reset, so only a
 * worker that stopped answering loses it. Decisions are in rules/delivery.ts.
 */
export async function* read(s: ReaderSettings): AsyncGenerator<unknown, void, undefined> {
  const { link, keys, consumer, claimAfterMs, emit, ref } = s;
  const conn = link.command;
  const blocker = new Blocker(link);
  // Once polling is over for good, blocking reads stop: what is left is read at once, the
  // consumer's own backlog first (what a read cut short may have been given).
  let blocking = true;
  let backlog = true;
  const nonBlocking = () => {
    const was = blocking;
    blocking = false;
    backlog ||= was;
    return was;
  };
  const stopNow = () => {
    nonBlocking();
    blocker.cut();
  };
  const settled = () => {
    if (nonBlocking()) void blocker.wake(conn);
  };
  /** A command's reply; never waits on a connection that was closed meanwhile. */
  const on = <T>(from: Conn, command: Promise<T>): Promise<T> => (from === blocker.conn ? blocker.read(command) : unless(command, link.closed));
  s.stop.addEventListener('abort', stopNow);
  const unsettled = s.poller.onSettled(settled);
  if (s.stop.aborted) stopNow();
  else if (s.poller.ended || s.poller.failure !== undefined) settled();
  let held: Entry | undefined;
  let touch: NodeJS.Timeout | undefined;
  let claimedAt: number | null = null;
  let foundLast = false;
  let claimFrom = '0-0';

  /** Acknowledge, unseen, entries that were deleted or cannot be read. */
  const drop = async (ids: string[]) => {
    if (ids.length) await on(conn, conn.xack(keys.items, GROUP, ...ids));
  };

  const claim = async (): Promise<Entry | undefined> => {
    const reply = (await on(conn, conn.fleetClaim(keys.items, GROUP, consumer, claimAfterMs, claimFrom))) as [string, RawEntry[], string[]?];
    claimFrom = String(reply[0]);
    const { entries, drop: gone, handover } = sortEntries(reply[1] ?? [], reply[2] ?? []);
    if (handover) s.poller.handedOver();
    await drop(gone);
    return entries[0];
  };

  const readOnce = async (from: Conn, id: string, block: number | undefined): Promise<Entry | 'none'> => {
    const args = ['GROUP', GROUP, consumer, 'COUNT', 1, ...(block === undefined ? [] : ['BLOCK', block]), 'STREAMS', keys.items, id];
    const reply = (await on(from, from.xreadgroup(...args))) as Array<[string, RawEntry[]]> | null;
    const { entries, drop: gone, handover } = sortEntries(reply?.[0]?.[1] ?? []);
    if (handover) s.poller.handedOver();
    await drop(gone);
    if (entries[0]) return entries[0];
    // An entry that is not an item (a handover, a damaged one) is no reason to wait: read on (no
    // longer blocking once polling is over).
    if (!gone.length) return 'none';
    return from === blocker.conn && !blocking ? readOnce(conn, id, undefined) : readOnce(from, id, block);
  };

  const next = async (): Promise<Entry | undefined> => {
    for (let failures = 0; ; ) {
      if (s.stop.aborted) return undefined;
      if (s.poller.failure !== undefined) throw s.poller.failure;
      try {
        const now = performance.now();
        if (claimDue({ sinceClaimMs: claimedAt === null ? null : now - claimedAt, foundLast, sinceUpMs: link.sinceUp() }, claimAfterMs)) {
          claimedAt = now;
          const claimed = await claim();
          foundLast = claimed !== undefined;
          if (claimed) {
            s.counts.claimed++;
            emit('claimed', { stream: ref, id: claimed.id, name: claimed.name });
            return claimed;
          }
        }
        if (!blocking) {
          if (s.stop.aborted || s.poller.failure !== undefined) continue;
          const found = await readOnce(conn, backlog ? '0' : '>', undefined);
          if (found !== 'none') return found;
          if (backlog) backlog = false;
          else if (caughtUp(s.poller.ended, false)) return undefined;
          continue;
        }
        const found = await readOnce(blocker.conn, backlog ? '0' : '>', backlog ? undefined : claimEvery(claimAfterMs));
        if (found !== 'none') return found;
        if (!backlog) s.housekeeper.idle();
        backlog = false;
        failures = 0;
      } catch (error) {
        // A blocking read cut short on purpose (stopped, or polling is over): look again at once.
        if (s.stop.aborted || (!blocking && !isReply(error))) continue;
        if (String((error as Error).message).includes('NOGROUP')) {
          // Redis lost the group (restarted without its data): the stream starts again.
          await on(conn, ensureGroup(conn, keys.items)).catch(() => {});
          continue;
        }
        if (isReply(error)) emit('failure', { stream: ref, during: 'read', error: error as Error });
        await pause(Math.min(100 * 2 ** failures++, 5000), s.stop);
      }
    }
  };

  const acknowledge = async (entry: Entry) => {
    clearInterval(touch);
    try {
      await on(conn, conn.xack(keys.items, GROUP, entry.id));
      s.counts.handled++;
      s.housekeeper.acked();
    } catch (error) {
      // Unacknowledged, the item goes to another worker after claimAfterMs: at least once.
      if (isReply(error)) emit('failure', { stream: ref, during: 'ack', error: error as Error });
    }
  };

  const keepAlive = (entry: Entry) => {
    touch = setInterval(() => {
      conn.fleetTouch(keys.items, GROUP, consumer, entry.id).then(
        (mine: unknown) => {
          if (Number(mine) === 1 || held !== entry) return;
          clearInterval(touch);
          emit('lost', { stream: ref, id: entry.id, name: entry.name });
        },
        () => {},
      );
    }, touchEvery(claimAfterMs));
    touch.unref?.();
  };

  try {
    try {
      await on(conn, ensureGroup(conn, keys.items));
    } catch (error) {
      // Closed while Redis was away: the connections are gone, and so is the reason to read.
      if (s.stop.aborted) return;
      throw error;
    }
    for (;;) {
      // The caller asked for the next item: the one in hand is handled.
      if (held) await acknowledge(held);
      held = undefined;
      const entry = await next();
      if (!entry) return;
      held = entry;
      keepAlive(entry);
      yield entry.item;
    }
  } finally {
    clearInterval(touch);
    s.stop.removeEventListener('abort', stopNow);
    unsettled();
    blocker.cut();
    // Left without asking for the next one (break, a throw): not handled; the next read of any worker gets it.
    if (held) await within(conn.fleetHandBack(keys.items, GROUP, consumer, held.id).catch(() => {}), 1000, undefined);
  }
}
