import type { Args } from '../request/path.js';
import type { ItemStream, StreamFailure, StreamOptions } from '../types/stream.js';
import { sleep } from '../wait/sleep.js';
import { cursorOf, restore } from './cursor.js';
import { isTransient } from './failures.js';
import { listingsOf } from './listings.js';
import { isOwn, ownAccount, type Host } from './own.js';
import { jitter, nextBase } from './pause.js';
import { pollAll } from './poll.js';
import { nowInSeconds, Recent, REMEMBER } from './recent.js';
import { pollOptions, settle } from './settings.js';
import { CursorKeeper } from './store.js';

/**
 * The stream behind `call.stream()`: poll, yield what is new oldest first, remember it once the
 * consumer asks for the next item (so an item in hand when the process dies comes again: at least
 * once across restarts), wait, poll again; with `untilCaughtUp`, end after the first poll that
 * answers instead. `handle` is the object the caller iterates; it gets the `cursor` getter.
 * Decisions live in decide.ts, pause.ts, recent.ts and poll.ts; this is the I/O around them.
 */
export async function* run(template: string, host: Host, args: Args = {}, options: StreamOptions = {}, handle: object): AsyncGenerator<unknown, void, undefined> {
  const { events } = host;
  const settings = settle(args, options);
  const listings = listingsOf(template, args);
  const { path } = listings;
  const stream = handle as ItemStream<unknown>;
  const report = (during: StreamFailure['during'], error: unknown, retryIn: number) => events.emit('stream_error', { stream, path, during, error, retryIn });
  const onGap = (label: string, read: number) => events.emit('stream_gap', { stream, path: label, read });
  // Memory for three pages of every request a poll makes.
  const capacity = REMEMBER * listings.polls.length;
  let recent = new Recent([], new Map(), capacity, nowInSeconds, listings.groupOf);
  let started = false;
  const snapshot = () => cursorOf(listings, recent);
  Object.defineProperty(handle, 'cursor', { configurable: true, get: () => (started ? snapshot() : undefined) });

  const user = options.signal;
  if (user?.aborted) return;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  user?.addEventListener('abort', onAbort);
  const { signal } = stop;
  const keeper = options.cursorStore && new CursorKeeper(options.cursorStore, report, settings.cursorTimeout, signal);
  // The stream's waits end early when it is stopped: they resolve to whether it still runs.
  const rest = (ms: number) => sleep(ms, signal).then(() => true, () => false);
  const rule = settings.pause;
  let base: number | undefined;
  const backOff = () => jitter((base = nextBase(base, false, rule)), rule);

  try {
    let start: unknown = options.cursor ?? undefined;
    if (start === undefined && keeper) {
      const read = await keeper.read(rest, backOff);
      if (!read) return;
      start = read.value ?? undefined;
    }
    if (start !== undefined) recent = restore(start, listings, capacity);
    started = start !== undefined;
    // What was there before the stream comes first only for a stream that starts afresh.
    const yieldExisting = !started && !settings.skipExisting;
    base = undefined;
    let answered = false;
    /** The instance's own account, once `skipOwn` needed it. */
    let own: string | undefined;
    let learning = false;
    while (!signal.aborted) {
      let fresh: unknown[];
      try {
        const found = await pollAll(host, listings.polls, settings, recent, signal, onGap, yieldExisting && !answered);
        fresh = found.items;
        if (found.opened && !(yieldExisting && !answered)) keeper?.save(snapshot);
        answered = started = true;
        // Learnt when first needed: a run that finds nothing never asks.
        if (settings.skipOwn && fresh.length > 0 && !own) {
          learning = true;
          own = await ownAccount(host, pollOptions(settings, signal));
          learning = false;
        }
      } catch (error) {
        if (signal.aborted) return;
        // A body that is not a listing is passing trouble for a poll of a path that answered before, never for the account.
        if (!isTransient(error, answered && !learning)) throw error;
        learning = false;
        const retryIn = backOff();
        report('poll', error, retryIn);
        await rest(retryIn);
        continue;
      }
      for (const item of fresh) {
        // Its own items are handled without being yielded.
        if (!own || !isOwn(item, own)) yield item;
        // The consumer asked for more: the item is handled.
        recent.remember(item);
        keeper?.save(snapshot);
        if (signal.aborted) return;
      }
      keeper?.retry();
      // A cron run ends here: everything new since its cursor has been yielded and handled.
      if (settings.untilCaughtUp) return;
      base = nextBase(base, fresh.length > 0, rule);
      await rest(jitter(base, rule));
    }
  } finally {
    user?.removeEventListener('abort', onAbort);
    stop.abort();
    await keeper?.flush();
  }
}
