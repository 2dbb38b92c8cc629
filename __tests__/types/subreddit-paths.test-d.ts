// Type tests (compiled by `tsc --noEmit`, never run): a path that names its subreddit, or a list of
// them, is typed like the `/r/$subreddit` template it calls (lib/endpoints/lookup.ts matches it so
// at run time), without the `$subreddit` argument.
import { expectTypeOf } from 'expect-type';
import Snoopath, {
  type CommentThing, type CommentTree, type ItemStream, type LinkThing, type Listing, type ListingSlice, type ModActionThing,
  type SubredditThing, type Thing, type UserListThing,
} from '../../lib/index.js';

const reddit = new Snoopath({ userAgent: 'ua', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } });

export async function literalSubreddits(): Promise<void> {
  // r/mod: every subreddit the account moderates.
  expectTypeOf(reddit('/r/mod/comments').stream()).toEqualTypeOf<ItemStream<CommentThing>>();
  expectTypeOf(reddit('/r/mod/about/log').stream({ type: 'removecomment' })).toEqualTypeOf<ItemStream<ModActionThing>>();
  expectTypeOf(await reddit('/r/mod/about/log').listing({ limit: 10 })).toEqualTypeOf<ListingSlice<ModActionThing>>();
  expectTypeOf(await reddit('/r/mod/new').get()).toEqualTypeOf<Listing<LinkThing>>();
  // One subreddit, a+b lists, .json, the bare subreddit page.
  expectTypeOf(await reddit('/r/aww/about').get()).toEqualTypeOf<SubredditThing>();
  expectTypeOf(await reddit('/r/aww+pics/hot.json').listing()).toEqualTypeOf<ListingSlice<LinkThing>>();
  expectTypeOf(await reddit('/r/aww').get({ limit: 5 })).toEqualTypeOf<Listing<Thing>>();
  expectTypeOf(await reddit('/r/aww/about/moderators').get()).toEqualTypeOf<UserListThing>();
  // Other $params of the template stay required; a comments page keeps .tree().
  expectTypeOf(await reddit('/r/aww/comments/$article').tree({ $article: 'abc' })).toEqualTypeOf<CommentTree>();
  // @ts-expect-error $article is still an argument
  await reddit('/r/aww/comments/$article').tree();
  // @ts-expect-error the path names the subreddit: no $subreddit argument
  await reddit('/r/aww/hot').get({ $subreddit: 'pics' });
  // @ts-expect-error a misspelt argument is caught as on the template
  await reddit('/r/mod/about/log').listing({ tpye: 'banuser' });
  // A path the catalog does not know under the subreddit stays loose.
  expectTypeOf(await reddit('/r/aww/some/new/thing').get()).toBeUnknown();
  expectTypeOf(await reddit('/r/aww/comments/abc').listing()).toEqualTypeOf<ListingSlice<Thing>>();
}

export async function subredditLists(): Promise<void> {
  // $subreddit takes a list wherever a path has it: get, listing, stream.
  expectTypeOf(await reddit('/r/$subreddit/new').get({ $subreddit: ['aww', 'pics'] })).toEqualTypeOf<Listing<LinkThing>>();
  expectTypeOf(await reddit('/r/$subreddit/about/log').listing({ $subreddit: ['mod'] })).toEqualTypeOf<ListingSlice<ModActionThing>>();
  expectTypeOf(reddit('/r/$subreddit/comments').stream({ $subreddit: 'mod' })).toEqualTypeOf<ItemStream<CommentThing>>();
  // @ts-expect-error a list holds names
  await reddit('/r/$subreddit/new').get({ $subreddit: [1] });
}
