// Type tests of `snoopath/fleet`: compiled by `tsc --noEmit` in `npm test`, never run.
import { expectTypeOf } from 'expect-type';
import Snoopath, { type CommentThing, type Thing } from '../../lib/index.js';
import { fleet, type Fleet, type FleetEvents, type FleetStats, type FleetStream } from '../../lib/fleet.js';

const reddit = new Snoopath({ userAgent: 'ua', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } });

export async function typedFleet(): Promise<void> {
  const f = fleet({ redis: { host: '127.0.0.1', port: 6379 }, name: 'modbot', leaseMs: 15_000, claimAfterMs: 60_000 });
  expectTypeOf(f).toEqualTypeOf<Fleet>();

  // The call's own arguments, checked; items are Things unless named.
  expectTypeOf(f.stream(reddit('/r/$subreddit/comments'), { $subreddit: 'aww' })).toEqualTypeOf<FleetStream<Thing>>();
  expectTypeOf(f.stream<CommentThing>(reddit('/r/$subreddit/comments'), { $subreddit: 'aww' }, { skipExisting: true, pause: { max: 30_000 } })).toEqualTypeOf<FleetStream<CommentThing>>();
  for await (const comment of f.stream<CommentThing>(reddit('/r/$subreddit/comments'), { $subreddit: 'aww' })) expectTypeOf(comment.data.body).toBeString();
  f.stream(reddit('/comments'));
  expectTypeOf(f.stream(reddit('/comments')).id).toBeString();

  // @ts-expect-error $subreddit is required, as for the call's own stream()
  f.stream(reddit('/r/$subreddit/comments'), {});
  // @ts-expect-error the cursor lives in Redis: no cursorStore
  f.stream(reddit('/comments'), {}, { cursorStore: { get: () => null, set: () => {} } });
  // @ts-expect-error nor cursor
  f.stream(reddit('/comments'), {}, { cursor: null });
  // @ts-expect-error a call object, not a path
  f.stream('/r/aww/comments');

  f.on('polling', ({ stream }) => expectTypeOf(stream.path).toBeString());
  f.on('standby', ({ reason }) => expectTypeOf(reason).toEqualTypeOf<FleetEvents['standby']['reason']>());
  f.on('redis_up', ({ downMs }) => expectTypeOf(downMs).toBeNumber());
  // @ts-expect-error no such event
  f.on('redis_gone', () => {});

  const stats = await f.stats();
  expectTypeOf(stats).toEqualTypeOf<FleetStats>();
  expectTypeOf(stats.streams[0]!.poller).toEqualTypeOf<string | null>();
  expectTypeOf(stats.streams[0]!.lag).toEqualTypeOf<number | null>();
  await f.close();

  // @ts-expect-error name is required
  fleet({ redis: {} });
}
