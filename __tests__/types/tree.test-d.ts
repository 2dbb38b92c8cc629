// Type tests of comment trees: compiled by `tsc --noEmit`, never run. Each `@ts-expect-error` line must fail to compile.
import { expectTypeOf } from 'expect-type';
import Snoopath, { flatten, walk, type CommentTree, type TreeOptions, type TreeProgress } from '../../lib/index.js';
import type { CommentThing, LinkThing, MoreThing } from '../../lib/types/things.js';
import type { CommentTreeShape, CreatedPost, Emulator } from '../../lib/emulator/index.js';

declare const reddit: Snoopath;

export async function trees(): Promise<void> {
  // tree() on the comments pages: the page's own arguments, then the expansion's options.
  const result = await reddit('/comments/$article').tree({ $article: 'abc', sort: 'top', limit: 500 }, { limit: 10, threshold: 2, depth: 8 });
  expectTypeOf(result).toEqualTypeOf<CommentTree>();
  expectTypeOf(result.submission).toEqualTypeOf<LinkThing>();
  expectTypeOf(result.submission.data.title).toBeString();
  expectTypeOf(result.comments).toEqualTypeOf<Array<CommentThing | MoreThing>>();
  expectTypeOf(result.orphans).toEqualTypeOf<CommentThing[]>();
  expectTypeOf(result.requests).toBeNumber();
  expectTypeOf(await reddit('/r/$subreddit/comments/$article').tree({ $subreddit: 'aww', $article: 'abc' })).toEqualTypeOf<CommentTree>();
  await reddit('/comments/$article').tree({ $article: 'abc' }, { signal: AbortSignal.timeout(1000), expand: false, retryAttempts: 2, onProgress: (p) => expectTypeOf(p).toEqualTypeOf<TreeProgress>() });

  // @ts-expect-error $article is required
  await reddit('/comments/$article').tree({ sort: 'top' });
  // @ts-expect-error the page's sort is one of the platform's
  await reddit('/comments/$article').tree({ $article: 'abc', sort: 'best-first' });
  // @ts-expect-error tree options are not page arguments
  await reddit('/comments/$article').tree({ $article: 'abc' }, { listingIndex: 1 });
  // @ts-expect-error a path that is not a comments page has no tree()
  await reddit('/r/$subreddit/hot').tree({ $subreddit: 'aww' });
  // Any other path (not known to the catalog) may try: its answer decides.
  expectTypeOf(await reddit('/comments/abc123').tree()).toEqualTypeOf<CommentTree>();

  // walk and flatten yield typed comments, from a tree or from a replies value.
  for (const comment of walk(result.comments)) {
    expectTypeOf(comment).toEqualTypeOf<CommentThing>();
    expectTypeOf(comment.data.body).toBeString();
    expectTypeOf(comment.data.depth).toEqualTypeOf<number | undefined>();
    expectTypeOf(walk(comment.data.replies)).toEqualTypeOf<Generator<CommentThing, void, undefined>>();
  }
  expectTypeOf(flatten(result.comments)).toEqualTypeOf<CommentThing[]>();
  expectTypeOf(flatten('')).toEqualTypeOf<CommentThing[]>();
  // @ts-expect-error walk takes comments, not a whole page answer
  walk(result);

  const options: TreeOptions = { limit: Infinity, depth: 3 };
  void options;
}

export function emulatorPosts(emu: Emulator): void {
  const shape: CommentTreeShape = { comments: 10_000, topLevel: 50, branching: 3, depth: 40, deleted: 5 };
  expectTypeOf(emu.addPost({ comments: shape, subreddit: 'aww' })).toEqualTypeOf<CreatedPost>();
  expectTypeOf(emu.addPost({ comments: 100 }).id).toBeString();
  expectTypeOf(emu.posts).toEqualTypeOf<CreatedPost[]>();
  // @ts-expect-error comments is required
  emu.addPost({ subreddit: 'aww' });
}
