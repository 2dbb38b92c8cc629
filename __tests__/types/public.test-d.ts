// Type tests of the public interface: compiled by `tsc --noEmit` in `npm test`, never run.
import { expectTypeOf } from 'expect-type';
import Snoopath, {
  ArgumentError, AuthError, ConfigError, NetworkError, ResponseError, SnoopathError, TimeoutError,
  type CallObject, type CallOptions, type ListingSlice, type RateLimitState, type SnoopathOptions,
} from '../../lib/index.js';

// Options: userAgent and a discriminated oauth union.
expectTypeOf<SnoopathOptions['userAgent']>().toEqualTypeOf<string>();
const script: SnoopathOptions = { userAgent: 'ua', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } };
const implicit: SnoopathOptions = { userAgent: 'ua', oauth: { type: 'implicit', key: 'k', redirectUri: 'http://x/cb', scope: ['read'] } };
const cookies: SnoopathOptions = { userAgent: 'ua', useBrowserCookies: true, throttle: 0, apiType: false };
void [script, implicit, cookies];
// @ts-expect-error an implicit app has no secret
const badImplicit: SnoopathOptions = { userAgent: 'ua', oauth: { type: 'implicit', key: 'k', redirectUri: 'r', secret: 's' } };
// @ts-expect-error explicit duration is 'temporary' | 'permanent'
const badDuration: SnoopathOptions = { userAgent: 'ua', oauth: { type: 'explicit', key: 'k', secret: 's', redirectUri: 'r', duration: 'forever' } };
// @ts-expect-error throttle is a number
const badThrottle: SnoopathOptions = { userAgent: 'ua', throttle: '1000', useBrowserCookies: true };
void [badImplicit, badDuration, badThrottle];

// The instance: callable, with the section 5 methods.
const reddit = new Snoopath(script);
expectTypeOf(reddit).toBeCallableWith('/any/path');
expectTypeOf(reddit.auth).returns.toEqualTypeOf<Promise<string | undefined>>();
expectTypeOf(reddit.getAuthUrl).returns.toEqualTypeOf<string>();
expectTypeOf(reddit.hasAccessToken).returns.toEqualTypeOf<boolean>();
expectTypeOf(Snoopath.version).toEqualTypeOf<'3.0.0'>();

// An unknown path: any args, unknown result, or the type the caller names.
const call = reddit('/some/undocumented/$thing');
expectTypeOf(call.get({ $thing: 'x', anything: 1 })).toEqualTypeOf<Promise<unknown>>();
expectTypeOf(call.get<{ ok: boolean }>({ $thing: 'x' })).toEqualTypeOf<Promise<{ ok: boolean }>>();
expectTypeOf<CallObject['post']>().parameter(1).toEqualTypeOf<CallOptions | undefined>();

// Slices.
declare const slice: ListingSlice<{ kind: 't3'; data: { id: string } }>;
expectTypeOf(slice.children).toEqualTypeOf<Array<{ kind: 't3'; data: { id: string } }>>();
expectTypeOf(slice.after).toEqualTypeOf<string | null>();
expectTypeOf(slice.next()).toEqualTypeOf<Promise<ListingSlice<{ kind: 't3'; data: { id: string } }>>>();
expectTypeOf(slice).toMatchTypeOf<AsyncIterable<{ kind: 't3'; data: { id: string } }>>();

// Call options.
expectTypeOf<CallOptions['bodyType']>().toEqualTypeOf<'form' | 'json' | 'query' | undefined>();
expectTypeOf<CallOptions['signal']>().toEqualTypeOf<AbortSignal | undefined>();

// Errors: one hierarchy, typed fields.
expectTypeOf<ConfigError>().toMatchTypeOf<SnoopathError>();
expectTypeOf<SnoopathError>().toMatchTypeOf<Error>();
expectTypeOf<ConfigError['option']>().toEqualTypeOf<string>();
expectTypeOf<ResponseError['status']>().toEqualTypeOf<number>();
expectTypeOf<ResponseError['errors']>().toEqualTypeOf<Array<[string, string, string?]>>();
expectTypeOf<AuthError['code']>().toEqualTypeOf<string | undefined>();
expectTypeOf<TimeoutError['attempts']>().toEqualTypeOf<number>();
expectTypeOf<NetworkError['attempts']>().toEqualTypeOf<number>();
expectTypeOf<ArgumentError>().toMatchTypeOf<SnoopathError>();

// Events carry typed payloads.
reddit.on('rate_limit', (state) => expectTypeOf(state).toEqualTypeOf<RateLimitState>());
reddit.on('retry', ({ attempt, delay, error }) => {
  expectTypeOf(attempt).toEqualTypeOf<number>();
  expectTypeOf(delay).toEqualTypeOf<number>();
  expectTypeOf(error).toEqualTypeOf<Error>();
});
// @ts-expect-error a path's $params are required, even on unknown paths
void call.get();
// @ts-expect-error unknown event name
reddit.on('no_such_event', () => {});
