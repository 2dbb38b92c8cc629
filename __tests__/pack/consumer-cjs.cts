// A TypeScript user's CommonJS file (.cts), compiled by codegen/check-pack.mjs against the packed
// package: `import x = require()` of the ES module, typed as the class with the named exports on it.
import Snoopath = require('snoopath');
import type { Snoopath as Instance } from 'snoopath';
import { expectTypeOf } from 'expect-type';

const reddit = new Snoopath({ userAgent: 'node:cjs:1.0 (by /u/me)', oauth: { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p' } });
expectTypeOf(reddit).toEqualTypeOf<Instance>();
expectTypeOf(Snoopath.version).toEqualTypeOf<'3.0.0'>();
expectTypeOf(Snoopath.default).toEqualTypeOf<typeof Instance>();
expectTypeOf<InstanceType<typeof Snoopath.ResponseError>['status']>().toBeNumber();

export async function me(): Promise<string> {
  return (await reddit('/api/v1/me').get()).name;
}
