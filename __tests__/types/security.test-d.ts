// Type tests of what issue 12 added to the public interface: compiled by `tsc --noEmit`, never run.
import { expectTypeOf } from 'expect-type';
import Snoopath, { AuthError, type SnoopathEvents } from '../../lib/index.js';

// A token store failure is an event with the operation and an error.
expectTypeOf<SnoopathEvents['token_store_error']>().toEqualTypeOf<{ operation: 'get' | 'set'; error: Error }>();
const reddit = new Snoopath({ userAgent: 'ua', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } });
reddit.on('token_store_error', ({ operation, error }) => {
  expectTypeOf(operation).toEqualTypeOf<'get' | 'set'>();
  expectTypeOf(error).toEqualTypeOf<Error>();
});

// AuthError counts the sends of the token request that failed.
expectTypeOf<AuthError['attempts']>().toEqualTypeOf<number | undefined>();

// The instance and call objects serialize to safe fields only.
expectTypeOf(reddit.toJSON()).toEqualTypeOf<{ type: string; key?: string | undefined; userAgent: string; apiServerUri: string }>();
const call = reddit('/api/v1/me') as unknown as { toJSON(): { path: string } };
expectTypeOf(call.toJSON().path).toEqualTypeOf<string>();
