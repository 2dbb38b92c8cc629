import { fillPath, pathParams, splitPath, type Args } from '../request/path.js';
import { subredditChunks, VIRTUAL_SUBREDDITS } from '../request/subreddits.js';
import { ONE } from './recent.js';

/** The group of a list stream's items that belong to no subreddit listed by name (those of `all`, `popular`, `mod`). */
export const OTHER = '*';

/** One request of each poll. */
export interface Poll {
  /** The path to call: the template, or for a subreddit list the template with this request's names in place. */
  path: string;
  args: Args;
  /** The path as sent, for events: `/r/aww+pics/comments`. */
  label: string;
  /** The groups (subreddits) whose items it lists. */
  groups: string[];
}

/** What a stream polls, and how its items and cursor are told apart. */
export interface Listings {
  /** The listing as its cursor names it: the path, or for a subreddit list the path with `$subreddit` kept. */
  path: string;
  /** The requests of one poll: one, or one per chunk of a subreddit list. */
  polls: Poll[];
  /** Whether the stream is over a subreddit list (its cursor keeps a floor per subreddit). */
  list: boolean;
  /** Every group polled. */
  groups: ReadonlySet<string>;
  /** The group of an item. */
  groupOf(item: unknown): string;
  /** Where the subreddit's name sits in a path of one subreddit (`/r/` and `/comments`): to read cursors of either shape. */
  around: { before: string; after: string } | undefined;
  /** A stream of one subreddit: its name, lower case. */
  single: string | undefined;
}

const SUBREDDIT = /\$subreddit(?![A-Za-z0-9_])/;
const lower = (s: string) => s.toLowerCase();
const subredditOf = (item: unknown): string | undefined => {
  const sr = (item as { data?: { subreddit?: unknown } } | null)?.data?.subreddit;
  return typeof sr === 'string' ? lower(sr) : undefined;
};

/**
 * The listings behind `reddit(path).stream(args)`. A `$subreddit` given as an array or as
 * `'a+b+c'` is a subreddit list: its names are checked, and each poll asks `/r/a+b+c/...` once per
 * chunk of names (lib/request/subreddits.ts). Items are grouped by subreddit so that a cursor
 * stays valid when the list changes.
 */
export function listingsOf(template: string, args: Args): Listings {
  const pathname = splitPath(template).pathname;
  const value = args.$subreddit;
  const parts = pathname.split(SUBREDDIT);
  const rest: Args = { ...args };
  delete rest.$subreddit;
  const around = pathParams(pathname).includes('subreddit') && parts.length === 2 ? { before: fillPath(parts[0]!, rest), after: fillPath(parts[1]!, rest) } : undefined;
  if (!around || !(Array.isArray(value) || (typeof value === 'string' && value.includes('+')))) {
    const path = fillPath(pathname, args);
    const single = around && (typeof value === 'string' || typeof value === 'number') ? lower(String(value)) : undefined;
    return { path, polls: [{ path: template, args, label: path, groups: [ONE] }], list: false, groups: new Set([ONE]), groupOf: () => ONE, around, single };
  }
  const chunks = subredditChunks(Array.isArray(value) ? value : [value as string]);
  // A name is a group of its own unless it is virtual: items of all, popular and mod come from anywhere.
  const groupsOf = (chunk: string) => [...new Set(chunk.split('+').map((n) => (VIRTUAL_SUBREDDITS.has(lower(n)) ? OTHER : lower(n))))];
  const groups = new Set(chunks.flatMap(groupsOf));
  const polls = chunks.map((chunk) => {
    // Checked names are safe in a path as they are: `+` stays a `+`.
    const path = `${parts[0]}${chunk}${parts[1]}`;
    return { path, args: rest, label: fillPath(path, rest), groups: groupsOf(chunk) };
  });
  const groupOf = (item: unknown) => {
    const sr = subredditOf(item);
    return sr !== undefined && groups.has(sr) ? sr : OTHER;
  };
  return { path: `${around.before}$subreddit${around.after}`, polls, list: true, groups, groupOf, around, single: undefined };
}
