import type { CommentThing, Listing, MoreThing } from '../types/things.js';

/** What `walk` and `flatten` read: top-level comments, or a `replies` value (a Listing or `''`). */
export type CommentBranch = ReadonlyArray<CommentThing | MoreThing> | Listing<CommentThing | MoreThing> | '' | null | undefined;

const items = (branch: CommentBranch): ReadonlyArray<CommentThing | MoreThing> =>
  Array.isArray(branch) ? branch : ((branch as Listing<CommentThing | MoreThing> | undefined)?.data?.children ?? []);

/**
 * Every comment of a tree, depth first: each comment, then its replies, in the order given.
 * `more` stubs are skipped. Uses no recursion, so a 10,000-deep chain is fine.
 *
 * @example
 * const { comments } = await reddit('/comments/$article').tree({ $article: 'abc123' });
 * for (const c of walk(comments)) console.log(c.data.depth, c.data.author);
 */
export function* walk(comments: CommentBranch): Generator<CommentThing, void, undefined> {
  const stack = [...items(comments)].reverse();
  while (stack.length) {
    const thing = stack.pop()!;
    if (thing?.kind !== 't1') continue;
    yield thing;
    const replies = items(thing.data.replies);
    for (let i = replies.length - 1; i >= 0; i--) stack.push(replies[i]!);
  }
}

/** The comments of `walk(comments)` as an array: parents before their replies. */
export const flatten = (comments: CommentBranch): CommentThing[] => [...walk(comments)];
