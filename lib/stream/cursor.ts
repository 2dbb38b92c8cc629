import { ArgumentError } from '../errors/classes.js';
import type { StreamCursor } from '../types/stream.js';
import { Recent } from './recent.js';

const isEntry = (e: unknown): e is [string, number | null] =>
  Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && (e[1] === null || (typeof e[1] === 'number' && Number.isFinite(e[1])));

/** The cursor of what `recent` holds. */
export function cursorOf(path: string, recent: Recent): StreamCursor {
  return { v: 1, path, seen: recent.entries(), floor: recent.floor };
}

/**
 * Read a cursor (an object or its JSON text) back into the stream's memory. A cursor of another
 * listing, another version or a damaged one is refused: resuming from it would replay or skip.
 */
export function restore(value: unknown, path: string): Recent {
  let cursor = value;
  if (typeof cursor === 'string') {
    try {
      cursor = JSON.parse(cursor);
    } catch {
      throw new ArgumentError('stream cursor: the text is not JSON; pass a value of stream.cursor (or its JSON.stringify text), or clear the store to start afresh.');
    }
  }
  const c = cursor as Partial<StreamCursor> | null;
  if (!c || typeof c !== 'object' || c.v !== 1) {
    throw new ArgumentError(`stream cursor: not a version 1 cursor (got ${c && typeof c === 'object' ? `v ${String(c.v)}` : typeof c}); pass a value of stream.cursor, or clear the store to start afresh.`);
  }
  if (c.path !== path) {
    throw new ArgumentError(`stream cursor: it belongs to ${JSON.stringify(c.path)}, not ${JSON.stringify(path)}; give each stream its own cursor store (or key).`);
  }
  if (!Array.isArray(c.seen) || !c.seen.every(isEntry) || !(c.floor === null || (typeof c.floor === 'number' && Number.isFinite(c.floor)))) {
    throw new ArgumentError('stream cursor: `seen` must be [fullname, created_utc | null] pairs and `floor` a number or null; pass a value of stream.cursor, or clear the store to start afresh.');
  }
  // A longer list than this version keeps is cut to the newest, the floor raised past what is dropped.
  return new Recent(c.seen, c.floor);
}
