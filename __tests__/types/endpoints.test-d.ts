// Type tests: compiled by `tsc --noEmit`, never run. Each `@ts-expect-error` line must fail to compile.
import { expectTypeOf } from 'expect-type';
import type { CallFor, Endpoints } from '../../lib/types/endpoints.js';
import type { ParamNames } from '../../lib/types/path-params.js';
import type { Thing } from '../../lib/types/call.js';
import type { ListingSlice } from '../../lib/types/listing.js';
import type {
  Comment, CommentThing, InboxComment, InboxCommentThing, JsonAck, JsonResponse, KarmaListThing, Link, LinkThing, Listing, Me,
  MessageThing, More, MoreThing, Preferences, Subreddit, SubredditThing, UserListThing, WikiRevision,
} from '../../lib/types/things.js';

declare const reddit: <P extends string>(path: P) => CallFor<P>;

export async function knownEndpoints(): Promise<void> {
  // Listings: get resolves to the raw Listing, listing() to a slice of typed things.
  expectTypeOf(await reddit('/r/$subreddit/hot').get({ $subreddit: 'aww' })).toEqualTypeOf<Listing<LinkThing>>();
  const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 10, after: 't3_abc' });
  expectTypeOf(hot).toEqualTypeOf<ListingSlice<Thing<import('../../lib/types/things.js').Link, 't3'>>>();
  expectTypeOf(hot.children[0]!.data.title).toBeString();
  expectTypeOf(await reddit('/user/$username/comments').listing({ $username: 'spez' })).toEqualTypeOf<ListingSlice<CommentThing>>();
  expectTypeOf(await reddit('/subreddits/popular').listing()).toEqualTypeOf<ListingSlice<SubredditThing>>();

  // Plain results, typed from recorded answers (codegen/answers/shapes.json).
  expectTypeOf(await reddit('/api/v1/me').get()).toEqualTypeOf<Me>();
  expectTypeOf((await reddit('/api/v1/me').get()).name).toBeString();
  expectTypeOf(await reddit('/api/v1/me/prefs').get()).toEqualTypeOf<Preferences>();
  expectTypeOf((await reddit('/api/v1/me/prefs').get()).over_18).toBeBoolean();
  expectTypeOf(await reddit('/r/$subreddit/about').get({ $subreddit: 'aww' })).toEqualTypeOf<Thing<Subreddit, 't5'>>();
  expectTypeOf(await reddit('/r/$subreddit/about.json').get({ $subreddit: 'aww' })).toEqualTypeOf<Thing<Subreddit, 't5'>>();
  expectTypeOf(await reddit('/api/morechildren').post({ link_id: 't3_x', children: ['a', 'b'] }))
    .toEqualTypeOf<JsonResponse<{ things: Array<CommentThing | MoreThing> }>>();
  expectTypeOf(await reddit('/api/v1/me/karma').get()).toEqualTypeOf<KarmaListThing>();
  // What actions answer: `{}`, or the json envelope without data.
  expectTypeOf(await reddit('/api/vote').post({ id: 't3_abc', dir: 1 })).toEqualTypeOf<{}>();
  expectTypeOf(await reddit('/api/set_contest_mode').post({ id: 't3_abc', state: true })).toEqualTypeOf<JsonAck>();
  // No recording: unknown, and the JSDoc says so.
  expectTypeOf(await reddit('/api/v1/scopes').get()).toBeUnknown();

  // Where the recordings contradicted the old hand-written types.
  // A reply to a message is a message.
  expectTypeOf(await reddit('/api/comment').post({ thing_id: 't4_x', text: 'hi' }))
    .toEqualTypeOf<JsonResponse<{ things: Array<CommentThing | MessageThing> }>>();
  // An edit with richtext_json answers the bare link.
  expectTypeOf(await reddit('/api/editusertext').post({ thing_id: 't3_x', text: 'hi' }))
    .toEqualTypeOf<Link | JsonResponse<{ things: Array<CommentThing | LinkThing> }>>();
  // Image and video links answer where to wait for the media, not the new link.
  type Submitted = Endpoints['/api/submit']['post']['result']['json']['data'];
  expectTypeOf<Extract<Submitted, { websocket_url: string }>>().toEqualTypeOf<{ user_submitted_page?: string; websocket_url: string }>();
  // The moderators list is a UserList: no typed .listing() (it has no pages).
  expectTypeOf(await reddit('/r/$subreddit/about/moderators').get({ $subreddit: 'aww' })).toEqualTypeOf<UserListThing>();
  expectTypeOf(await reddit('/r/$subreddit/about/moderators').listing({ $subreddit: 'aww' })).toEqualTypeOf<ListingSlice<Thing>>();
  // Wiki revisions are plain objects, not things.
  expectTypeOf(await reddit('/r/$subreddit/wiki/revisions').listing({ $subreddit: 'aww' })).toEqualTypeOf<ListingSlice<WikiRevision>>();
  // The inbox lists comments as messages: no link_id there (only the index signature's unknown).
  expectTypeOf(await reddit('/message/inbox').get()).toEqualTypeOf<Listing<InboxCommentThing | MessageThing>>();
  expectTypeOf<InboxComment['link_id']>().toBeUnknown();
  expectTypeOf<InboxComment['stickied']>().toBeUnknown();
  expectTypeOf<Comment['link_id']>().toEqualTypeOf<`t3_${string}`>();
  // A subreddit's over18 may be null; a promoted link has no subreddit; "continue this thread" no depth.
  expectTypeOf<Subreddit['over18']>().toEqualTypeOf<boolean | null>();
  expectTypeOf<Link['subreddit']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<More['depth']>().toEqualTypeOf<number | undefined>();
  expectTypeOf<Comment['depth']>().toEqualTypeOf<number | undefined>();

  // A `.json` suffix reaches the same entry.
  expectTypeOf(await reddit('/r/$subreddit/hot.json').listing({ $subreddit: 'aww' })).toEqualTypeOf<ListingSlice<LinkThing>>();

  // Naming a result type overrides the catalog's.
  expectTypeOf(await reddit('/api/v1/me').get<{ name: string }>()).toEqualTypeOf<{ name: string }>();

  // Typed arguments.
  await reddit('/api/vote').post({ id: 't3_abc', dir: -1 });
  await reddit('/api/v1/me/prefs').patch({ over_18: true, media: 'off' });
  await reddit('/user/$username/$where').get({ $username: 'spez', $where: 'submitted', t: 'week' });
  await reddit('/comments/$article').listing({ $article: 'abc' }, { listingIndex: 1 });
  // The five endpoints that take a JSON body take its fields as arguments.
  await reddit('/api/v1/subreddit/update_settings').patch({ sr: 't5_abc', title: 'New title' });
  await reddit('/api/submit_poll_post').post({ sr: 'aww', title: 'Which?', options: ['a', 'b'], duration: 3 });
  await reddit('/api/v1/modactions/removal_comment_message').post({ item_id: ['t1_abc'], message: 'Removed: rule 1', type: 'public' });
  // @ts-expect-error vote direction is 1, 0 or -1
  await reddit('/api/vote').post({ id: 't3_abc', dir: 2 });
  // @ts-expect-error dir is required
  await reddit('/api/vote').post({ id: 't3_abc' });
  // @ts-expect-error an id must be a fullname
  await reddit('/api/vote').post({ id: 'abc', dir: 1 });
  // @ts-expect-error the arguments themselves are required
  await reddit('/api/vote').post();
  // @ts-expect-error a misspelt argument is caught
  await reddit('/api/vote').post({ id: 't3_abc', dir: 1, dri: 1 });
  // @ts-expect-error the $param is required
  await reddit('/r/$subreddit/hot').get({ limit: 5 });
  // @ts-expect-error limit is a number
  await reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limit: '5' });
  // @ts-expect-error a selector takes only the values the catalog lists
  await reddit('/user/$username/$where').get({ $username: 'spez', $where: 'nowhere' });
  // @ts-expect-error prefs booleans are booleans
  await reddit('/api/v1/me/prefs').patch({ over_18: 'yes' });
  // @ts-expect-error an array of two listings needs listingIndex
  await reddit('/comments/$article').listing({ $article: 'abc' });
}

export async function undocumentedVerbsAndPaths(): Promise<void> {
  // An undocumented verb on a known path: any arguments, unknown result, $params still required.
  expectTypeOf(await reddit('/api/vote').delete({ anything: 1 })).toBeUnknown();
  expectTypeOf(await reddit('/r/$subreddit/hot').post({ $subreddit: 'x', y: 1 })).toBeUnknown();
  // @ts-expect-error $subreddit is required even for undocumented verbs
  await reddit('/r/$subreddit/hot').post({ y: 1 });

  // An unknown path: loose, unknown result unless named, $params read from the literal.
  expectTypeOf(await reddit('/api/v2/new_thing').get()).toBeUnknown();
  expectTypeOf(await reddit('/api/v2/new_thing').get<{ ok: boolean }>({ q: 1 })).toEqualTypeOf<{ ok: boolean }>();
  expectTypeOf(await reddit('/api/v2/new_thing').listing()).toEqualTypeOf<ListingSlice<Thing>>();
  await reddit('/r/$subreddit/about/$where2').get({ $subreddit: 'a', $where2: 'b', extra: true });
  // @ts-expect-error $where2 is missing
  await reddit('/r/$subreddit/about/$where2').get({ $subreddit: 'a' });
  // @ts-expect-error arguments are required when the path has $params
  await reddit('/user/$name/x').get();

  // The documented ways past the exact arguments of a known endpoint.
  const extra = { id: 't3_abc', dir: 1, not_in_catalog: 'x' } as const;
  await reddit('/api/vote').post(extra);
  await reddit('/api/vote' as string).post({ anything: 1 });

  // A path that is not a literal: the loose call object.
  const path: string = '/anything';
  expectTypeOf(await reddit(path).post({ a: 1 })).toBeUnknown();
}

// The `$name` rule: letters, digits and `_`; a `.` or `/` ends the name.
expectTypeOf<ParamNames<'/r/$subreddit/about/$where'>>().toEqualTypeOf<'subreddit' | 'where'>();
expectTypeOf<ParamNames<'/user/$user_name2/about.json'>>().toEqualTypeOf<'user_name2'>();
expectTypeOf<ParamNames<'/api/v1/me'>>().toBeNever();
expectTypeOf<ParamNames<'/price/$/x'>>().toBeNever();
