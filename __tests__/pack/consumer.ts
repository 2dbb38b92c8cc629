// A TypeScript user's file, compiled by codegen/check-pack.mjs against the packed package (dist and
// typings as npm installs them), never against lib/. Each `@ts-expect-error` line must fail to compile.
import Snoopath, { type CallFor, type CommentThing, type ListingSlice, type Thing } from 'snoopath';
import { fleet, type FleetStats } from 'snoopath/fleet';
import { expectTypeOf } from 'expect-type';
import { cassette, type Cassette } from 'snoopath/testing';

declare const reddit: Snoopath;

export async function consumer(): Promise<void> {
  // Known endpoints: typed results.
  const me = await reddit('/api/v1/me').get();
  expectTypeOf(me.name).toBeString();
  expectTypeOf(me.link_karma).toBeNumber();
  const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww', limit: 5 });
  expectTypeOf(hot.children[0]!.kind).toEqualTypeOf<'t3'>();
  expectTypeOf(hot.children[0]!.data.title).toBeString();
  const comments = await reddit('/user/$username/comments').listing({ $username: 'spez' });
  expectTypeOf(comments.children[0]!.data.body).toBeString();

  // Known endpoints: typed arguments.
  await reddit('/api/vote').post({ id: 't3_abc', dir: 1 });
  await reddit('/api/v1/me/prefs').patch({ over_18: false });
  // @ts-expect-error the vote direction is 1, 0 or -1
  await reddit('/api/vote').post({ id: 't3_abc', dir: 5 });
  // @ts-expect-error $subreddit is missing
  await reddit('/r/$subreddit/hot').get({ limit: 5 });
  // @ts-expect-error a misspelt argument
  await reddit('/r/$subreddit/hot').get({ $subreddit: 'aww', limmit: 5 });

  // Unknown paths and verbs stay callable; results are unknown unless named.
  expectTypeOf(await reddit('/api/v9/whatever').post({ anything: true })).toBeUnknown();
  expectTypeOf(await reddit('/api/v9/whatever').get<{ ok: true }>()).toEqualTypeOf<{ ok: true }>();
  expectTypeOf(await reddit('/api/v9/whatever').listing()).toEqualTypeOf<ListingSlice<Thing>>();
  expectTypeOf(await reddit('/api/vote').get()).toBeUnknown();
  // @ts-expect-error $where of an unknown path is still required
  await reddit('/r/$subreddit/about/$where2').get({ $subreddit: 'aww' });

  // The exported CallFor is what the instance returns.
  expectTypeOf(reddit('/api/v1/me')).toEqualTypeOf<CallFor<'/api/v1/me'>>();

  // snoopath/testing: a cassette's fetch is the instance's fetch option.
  const tape: Cassette = await cassette('fixtures/x.json', { mode: 'replay' });
  expectTypeOf(tape.fetch).toEqualTypeOf<typeof fetch>();
  // @ts-expect-error the modes are record, replay and auto
  await cassette('fixtures/x.json', { mode: 'rewind' });
  // snoopath/fleet: typed arguments of the call's stream, items typed when named.
  const f = fleet({ redis: { host: '127.0.0.1', port: 6379 }, name: 'bot' });
  for await (const comment of f.stream<CommentThing>(reddit('/r/$subreddit/comments'), { $subreddit: 'aww' }, { skipExisting: true })) {
    expectTypeOf(comment.data.body).toBeString();
  }
  for await (const item of f.stream(reddit('/r/$subreddit/comments'), { $subreddit: 'aww' })) expectTypeOf(item).toEqualTypeOf<Thing>();
  // @ts-expect-error $subreddit is required
  f.stream(reddit('/r/$subreddit/comments'), {});
  expectTypeOf(await f.stats()).toEqualTypeOf<FleetStats>();
}
