import { ArgumentError } from '../errors/classes.js';
import type { CommentThing, LinkThing, MoreThing } from '../types/things.js';

/** A thing as an answer carries it, before it is checked. */
export type Raw = { kind?: unknown; data?: any };

/** The two listings of a comments page: the link, then its comments. */
export interface Page {
  submission: LinkThing;
  comments: Array<CommentThing | MoreThing>;
}

const childrenOf = (listing: any): unknown[] | undefined =>
  listing?.kind === 'Listing' && Array.isArray(listing.data?.children) ? listing.data.children : undefined;

/** Check that a body is a comments page (`[link listing, comment listing]`) and take it apart. */
export function pageOf(body: unknown, path: string): Page {
  const [links, comments] = Array.isArray(body) ? body : [];
  const submission = childrenOf(links)?.[0] as LinkThing | undefined;
  const list = childrenOf(comments);
  if (submission?.kind !== 't3' || typeof submission.data?.name !== 'string' || !list) {
    throw new ArgumentError(`tree() needs a page that answers a link and its comments, such as /comments/$article or /r/$subreddit/comments/$article; ${path} answered something else: use get() for it.`);
  }
  return { submission, comments: list as Page['comments'] };
}

/** The flat things of a `/api/morechildren` answer (`json.data.things`); none when it has no data. */
export function thingsOf(body: unknown): Raw[] {
  const things = (body as { json?: { data?: { things?: unknown } } })?.json?.data?.things;
  return Array.isArray(things) ? (things as Raw[]) : [];
}

/**
 * A nested listing as a flat list in the platform's order (each comment, then its replies), with
 * every comment's `replies` cleared: the forest puts them back by `parent_id`. A thing without a
 * `parent_id` gets the one its place implies.
 */
export function flat(children: readonly unknown[], owner: string): Raw[] {
  const out: Raw[] = [];
  const stack: Array<[Raw, string]> = [];
  for (let i = children.length - 1; i >= 0; i--) stack.push([children[i] as Raw, owner]);
  while (stack.length) {
    const [raw, parent] = stack.pop()!;
    const data = raw?.data;
    if (!data || typeof data !== 'object') continue;
    if (typeof data.parent_id !== 'string') data.parent_id = parent;
    out.push(raw);
    if (raw.kind !== 't1') continue;
    const replies = childrenOf(data.replies) ?? [];
    data.replies = '';
    const name = typeof data.name === 'string' ? data.name : `t1_${data.id}`;
    for (let i = replies.length - 1; i >= 0; i--) stack.push([replies[i] as Raw, name]);
  }
  return out;
}

/** The work the stubs of a tree stand for, untouched: one per id, one per "continue this thread". */
export function stubWork(children: readonly unknown[]): number {
  let n = 0;
  const stack = [...children] as Raw[];
  while (stack.length) {
    const raw = stack.pop();
    if (raw?.kind === 'more') n += Array.isArray(raw.data?.children) ? raw.data.children.length || 1 : 1;
    for (const reply of childrenOf(raw?.data?.replies) ?? []) stack.push(reply as Raw);
  }
  return n;
}
