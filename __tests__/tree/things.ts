/** Small builders of the platform's comment things, and an outline of a tree to assert on. */
import type { CommentThing, MoreThing } from '../../lib/types/things.js';

export const LINK = 't3_link';
type Item = CommentThing | MoreThing;

const listing = (children: Item[]) => ({ kind: 'Listing' as const, data: { after: null, before: null, children } });

/** A comment `id` answering `parent` (a bare id or a fullname; the link when omitted), with nested replies. */
export function c(id: string, parent: string = LINK, replies: Item[] = [], depth = 0): CommentThing {
  const parent_id = (parent.includes('_') ? parent : `t1_${parent}`) as `t1_${string}` | `t3_${string}`;
  return {
    kind: 't1',
    data: { id, name: `t1_${id}`, parent_id, link_id: LINK, depth, body: `body of ${id}`, replies: replies.length ? listing(replies) : '' } as unknown as CommentThing['data'],
  };
}

/** A `more` stub of `parent` listing `ids`; no ids: "continue this thread". */
export function more(parent: string, ids: string[], count = ids.length, depth = 0): MoreThing {
  const parent_id = (parent.includes('_') ? parent : `t1_${parent}`) as `t1_${string}` | `t3_${string}`;
  const id = ids[0] ?? '_';
  return { kind: 'more', data: { id, name: `t1_${id}`, parent_id, depth, count, children: ids } };
}

/** A `/comments/$article` answer. */
export const page = (comments: Item[], link: Record<string, unknown> = {}) => [
  listing([{ kind: 't3', data: { id: 'link', name: LINK, title: 'a link', ...link } } as never]),
  listing(comments),
];

/** A `/api/morechildren` answer. */
export const answer = (things: Item[]) => ({ json: { errors: [], data: { things } } });

/**
 * A tree as nested ids: a comment is `id` or `[id, replies]`; a stub is `more:a,b` or `thread`.
 * Depths are checked on the way: a comment at level n must say `depth: n`.
 */
export function outline(items: readonly Item[] | undefined, level = 0): unknown[] {
  return (items ?? []).map((item) => {
    if (item.kind === 'more') return item.data.children.length ? `more:${item.data.children.join(',')}` : 'thread';
    if (item.data.depth !== level) throw new Error(`${item.data.id} has depth ${item.data.depth}, expected ${level}`);
    const replies = item.data.replies;
    if (replies !== '' && replies.data.children.length === 0) throw new Error(`${item.data.id} has an empty replies Listing; the platform sends ''`);
    return replies === '' ? item.data.id : [item.data.id, outline(replies.data.children, level + 1)];
  });
}
