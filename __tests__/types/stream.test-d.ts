// Type tests of `.stream()`: compiled by `tsc --noEmit` in `npm test`, never run.
import { expectTypeOf } from 'expect-type';
import Snoopath, {
  type CommentThing, type CursorStore, type InboxCommentThing, type ItemStream, type LinkThing, type MessageThing, type ModActionThing,
  type StreamCursor, type StreamFailure, type StreamGap, type Thing,
} from '../../lib/index.js';

const reddit = new Snoopath({ userAgent: 'ua', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } });

export async function typedStreams(): Promise<void> {
  // The endpoints stream the platform's things.
  expectTypeOf(reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' })).toEqualTypeOf<ItemStream<CommentThing>>();
  expectTypeOf(reddit('/comments').stream()).toEqualTypeOf<ItemStream<CommentThing>>();
  expectTypeOf(reddit('/r/$subreddit/new').stream({ $subreddit: 'aww' })).toEqualTypeOf<ItemStream<LinkThing>>();
  expectTypeOf(reddit('/message/inbox').stream()).toEqualTypeOf<ItemStream<MessageThing | InboxCommentThing>>();
  expectTypeOf(reddit('/message/unread').stream({ mark: false })).toEqualTypeOf<ItemStream<MessageThing | InboxCommentThing>>();
  expectTypeOf(reddit('/r/$subreddit/about/log').stream({ $subreddit: 'aww', type: 'banuser' })).toEqualTypeOf<ItemStream<ModActionThing>>();
  expectTypeOf(reddit('/r/$subreddit/about/modqueue').stream({ $subreddit: 'aww' })).toEqualTypeOf<ItemStream<LinkThing | CommentThing>>();
  expectTypeOf(reddit('/r/$subreddit/about/unmoderated').stream({ $subreddit: 'aww' })).toEqualTypeOf<ItemStream<LinkThing>>();
  expectTypeOf(reddit('/r/$subreddit/about/edited').stream({ $subreddit: 'aww', only: 'comments' })).toEqualTypeOf<ItemStream<LinkThing | CommentThing>>();
  expectTypeOf(reddit('/user/$username/submitted').stream({ $username: 'spez' })).toEqualTypeOf<ItemStream<LinkThing>>();
  expectTypeOf(reddit('/user/$username/comments').stream({ $username: 'spez' })).toEqualTypeOf<ItemStream<CommentThing>>();

  for await (const comment of reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww' }, { skipExisting: true })) {
    expectTypeOf(comment.data.body).toBeString();
    expectTypeOf(comment.data.created_utc).toBeNumber();
  }
  for await (const entry of reddit('/r/$subreddit/about/log').stream({ $subreddit: 'aww' })) {
    expectTypeOf(entry.data.action).toBeString();
    expectTypeOf(entry.kind).toEqualTypeOf<'modaction'>();
  }

  // Any listing path streams, loosely; a named item type wins.
  expectTypeOf(reddit('/api/v2/new_things').stream()).toEqualTypeOf<ItemStream<Thing>>();
  expectTypeOf(reddit('/r/$subreddit/about/spam').stream<LinkThing>({ $subreddit: 'aww' })).toEqualTypeOf<ItemStream<LinkThing>>();
  expectTypeOf(reddit('/r/$subreddit/comments.json').stream({ $subreddit: 'aww' })).toEqualTypeOf<ItemStream<CommentThing>>();
  expectTypeOf(reddit('/x/$y/z' as string).stream()).toEqualTypeOf<ItemStream<Thing>>();

  // Options, the cursor, the events.
  const stream = reddit('/r/$subreddit/new').stream({ $subreddit: 'aww' }, { limit: 50, pause: { max: 30_000 }, signal: AbortSignal.timeout(1000), retryAttempts: 3 });
  expectTypeOf(stream.cursor).toEqualTypeOf<StreamCursor | undefined>();
  const store: CursorStore = { get: async () => null, set: async (cursor) => void expectTypeOf(cursor).toEqualTypeOf<StreamCursor>() };
  reddit('/r/$subreddit/new').stream({ $subreddit: 'aww' }, { cursorStore: store, cursor: '{"v":1}', pause: 2000 });
  reddit.on('stream_gap', (gap) => expectTypeOf(gap).toEqualTypeOf<StreamGap>());
  reddit.on('stream_error', (failure) => expectTypeOf(failure.during).toEqualTypeOf<'poll' | 'cursor_get' | 'cursor_set'>());
  expectTypeOf<StreamFailure['retryIn']>().toBeNumber();

  // A subreddit list: an array or a+b text, typed like one subreddit; cron runs.
  expectTypeOf(reddit('/r/$subreddit/comments').stream({ $subreddit: ['aww', 'pics'] })).toEqualTypeOf<ItemStream<CommentThing>>();
  expectTypeOf(reddit('/r/$subreddit/new').stream({ $subreddit: ['aww', 'pics'] as const }, { untilCaughtUp: true, skipOwn: true })).toEqualTypeOf<ItemStream<LinkThing>>();
  expectTypeOf(reddit('/r/$subreddit/about/spam').stream<LinkThing>({ $subreddit: ['aww'] })).toEqualTypeOf<ItemStream<LinkThing>>();
  expectTypeOf(reddit('/r/$subreddit/comments').stream({ $subreddit: 'aww+pics' }, { cursorTimeout: 2000 })).toEqualTypeOf<ItemStream<CommentThing>>();
  expectTypeOf<StreamCursor['subreddits']>().toEqualTypeOf<Record<string, number | null> | undefined>();
  // @ts-expect-error a list holds names
  reddit('/r/$subreddit/comments').stream({ $subreddit: [1, 2] });
  // @ts-expect-error the $param is required
  reddit('/r/$subreddit/comments').stream();
  // @ts-expect-error the $param is required on a typed listing too
  reddit('/r/$subreddit/new').stream({ limit: 5 });
  // @ts-expect-error the stream pages by itself: no `after`
  reddit('/r/$subreddit/new').stream({ $subreddit: 'aww', after: 't3_x' });
  // @ts-expect-error `limit` is an option of the stream, not an argument
  reddit('/r/$subreddit/new').stream({ $subreddit: 'aww', limit: 10 });
  // @ts-expect-error pause is ms or { min, max }
  reddit('/r/$subreddit/new').stream({ $subreddit: 'aww' }, { pause: 'fast' });
  // @ts-expect-error a misspelt argument of a known listing is caught
  reddit('/r/$subreddit/about/log').stream({ $subreddit: 'aww', tpye: 'banuser' });
}
