import { ArgumentError } from '../errors/classes.js';
import type { StreamCursor } from '../types/stream.js';
import type { Listings } from './listings.js';
import { nowInSeconds, ONE, Recent, type Entry } from './recent.js';

const isTime = (t: unknown): t is number | null => t === null || (typeof t === 'number' && Number.isFinite(t));
const isEntry = (e: unknown): e is Entry =>
  Array.isArray(e) && (e.length === 2 || (e.length === 3 && typeof e[2] === 'string')) && typeof e[0] === 'string' && isTime(e[1]);
const isFloors = (f: unknown): f is Record<string, number | null> =>
  f !== null && typeof f === 'object' && !Array.isArray(f) && Object.values(f).every(isTime);

/** The cursor of what `recent` holds. */
export function cursorOf(listings: Listings, recent: Recent): StreamCursor {
  if (!listings.list) return { v: 1, path: listings.path, seen: recent.entries().map(([id, time]) => [id, time]), floor: recent.floor };
  return { v: 1, path: listings.path, seen: recent.entries(), floor: null, subreddits: Object.fromEntries(recent.floors()) };
}

const START_AFRESH = 'pass a value of stream.cursor, or clear the store to start afresh.';
const OWN_STORE = 'give each stream its own cursor store (or key).';

/** Read a cursor (an object or its JSON text), checking its shape. */
function parse(value: unknown): StreamCursor {
  let cursor = value;
  if (typeof cursor === 'string') {
    try {
      cursor = JSON.parse(cursor);
    } catch {
      throw new ArgumentError(`stream cursor: the text is not JSON; pass a value of stream.cursor (or its JSON.stringify text), or clear the store to start afresh.`);
    }
  }
  const c = cursor as Partial<StreamCursor> | null;
  if (!c || typeof c !== 'object' || c.v !== 1) {
    throw new ArgumentError(`stream cursor: not a version 1 cursor (got ${c && typeof c === 'object' ? `v ${String(c.v)}` : typeof c}); ${START_AFRESH}`);
  }
  if (typeof c.path !== 'string' || !Array.isArray(c.seen) || !c.seen.every(isEntry) || !isTime(c.floor) || (c.subreddits !== undefined && !isFloors(c.subreddits))) {
    throw new ArgumentError(`stream cursor: \`seen\` must be [fullname, created_utc | null] pairs, \`floor\` a number or null and \`subreddits\` an object of them; ${START_AFRESH}`);
  }
  return c as StreamCursor;
}

/** The subreddit a one-subreddit path names, when it has the stream's shape around it. */
function nameIn(path: string, around: Listings['around']): string | undefined {
  if (!around || !path.startsWith(around.before) || !path.endsWith(around.after)) return undefined;
  const name = path.slice(around.before.length, path.length - around.after.length);
  return name && !name.includes('/') ? decodeURIComponent(name).toLowerCase() : undefined;
}

const listed = (floors: Record<string, unknown>) => {
  const names = Object.keys(floors);
  return `r/${names.slice(0, 5).join('+')}${names.length > 5 ? `+... (${names.length})` : ''}`;
};

/**
 * Read a cursor back into the stream's memory. A cursor of another listing, another version or a
 * damaged one is refused: resuming from it would replay or skip. Between a stream of one subreddit
 * and one over a subreddit list, a cursor carries over when they share a subreddit: a list may
 * grow and shrink (see docs/streams.md).
 */
export function restore(value: unknown, listings: Listings, capacity?: number, now = nowInSeconds): Recent {
  const c = parse(value);
  const floors = new Map<string, number | null>();
  let entries: Entry[];
  const refuse = (what: string) => new ArgumentError(`stream cursor: it belongs to ${what}, not ${JSON.stringify(listings.path)}${listings.list ? ` over ${listed(Object.fromEntries([...listings.groups].map((g) => [g, 0])))}` : ''}; ${OWN_STORE}`);
  if (!listings.list && c.subreddits === undefined) {
    if (c.path !== listings.path) throw refuse(JSON.stringify(c.path));
    entries = c.seen.map(([id, time]) => [id, time]);
    floors.set(ONE, c.floor);
  } else if (!listings.list) {
    // A list's cursor read by a stream of one of its subreddits.
    const name = listings.single;
    if (c.path !== `${listings.around?.before}$subreddit${listings.around?.after}` || name === undefined || !Object.hasOwn(c.subreddits!, name)) throw refuse(`${JSON.stringify(c.path)} over ${listed(c.subreddits!)}`);
    entries = c.seen.filter((e) => e[2] === name).map(([id, time]) => [id, time]);
    floors.set(ONE, c.subreddits![name]!);
  } else if (c.subreddits !== undefined) {
    const common = Object.keys(c.subreddits).filter((g) => listings.groups.has(g));
    if (c.path !== listings.path || common.length === 0) throw refuse(`${JSON.stringify(c.path)} over ${listed(c.subreddits)}, no subreddit in common`);
    // Subreddits taken off the list are forgotten; those added have no floor yet: new to the stream.
    for (const g of common) floors.set(g, c.subreddits[g]!);
    entries = c.seen;
  } else {
    // A one-subreddit cursor read by a stream over a list that has that subreddit.
    const name = nameIn(c.path, listings.around);
    if (name === undefined || !listings.groups.has(name)) throw refuse(JSON.stringify(c.path));
    entries = c.seen.map(([id, time]) => [id, time, name]);
    floors.set(name, c.floor);
  }
  return new Recent(entries, floors, capacity, now, (item) => listings.groupOf(item));
}
