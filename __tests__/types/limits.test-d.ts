// Type tests of the app budget and the per-account limits: compiled by `tsc --noEmit`, never run.
import { expectTypeOf } from 'expect-type';
import Snoopath, { RateLimitError, ResponseError, SnoopathError, type RateLimitReason, type SharedLimiter, type SnoopathEvents, type SnoopathOptions } from '../../lib/index.js';
import { sharedLimit } from '../../lib/shared-limit.js';

const oauth = { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } as const;
// limiter: 'app' (default), 'instance', or a shared limiter; ratelimitWait in ms.
const app: SnoopathOptions = { userAgent: 'ua', oauth, limiter: 'app', ratelimitWait: 10_000 };
const alone: SnoopathOptions = { userAgent: 'ua', oauth, limiter: 'instance' };
const shared: SnoopathOptions = { userAgent: 'ua', oauth, limiter: sharedLimit({ redis: { port: 6379 } }) };
void [app, alone, shared];
expectTypeOf(sharedLimit({ redis: { port: 6379 } })).toMatchTypeOf<SharedLimiter>();
// @ts-expect-error an unknown limiter mode
const wrong: SnoopathOptions = { userAgent: 'ua', oauth, limiter: 'process' };
void wrong;

// RATELIMIT answers: code and retryAfter.
expectTypeOf<ResponseError['code']>().toEqualTypeOf<string | undefined>();
expectTypeOf<ResponseError['retryAfter']>().toEqualTypeOf<number | undefined>();

// The wait and shared_limit events; a per-call ratelimitWait.
const reddit = new Snoopath(app);
reddit.on('wait', ({ ms, reason }) => {
  expectTypeOf(ms).toEqualTypeOf<number>();
  expectTypeOf(reason).toEqualTypeOf<'budget' | 'rate_limit' | 'ratelimit_action' | 'morechildren'>();
});
reddit.on('shared_limit', (event) => expectTypeOf(event).toEqualTypeOf<SnoopathEvents['shared_limit']>());
void reddit('/api/comment').post({ thing_id: 't3_x', text: 'hi' }, { ratelimitWait: 0 });

// Issue 23: maxWait and reserve (constructor), priority and maxWait (call), RateLimitError.
const deferring: SnoopathOptions = { userAgent: 'ua', oauth, maxWait: 2000, reserve: 0.2 };
void deferring;
// @ts-expect-error reserve is a share (a number)
const badReserve: SnoopathOptions = { userAgent: 'ua', oauth, reserve: '10%' };
void badReserve;
void reddit('/api/comment').post({ thing_id: 't3_x', text: 'hi' }, { priority: 'high', maxWait: 0 });
// @ts-expect-error priority is 'high' | 'normal' | 'low'
void reddit('/r/aww/new').get({}, { priority: 'urgent' });
expectTypeOf<RateLimitError['retryAfter']>().toEqualTypeOf<number>();
expectTypeOf<RateLimitError['reason']>().toEqualTypeOf<RateLimitReason>();
expectTypeOf<RateLimitReason>().toEqualTypeOf<'budget' | '429' | 'ratelimit'>();
expectTypeOf<RateLimitError>().toMatchTypeOf<SnoopathError>();
