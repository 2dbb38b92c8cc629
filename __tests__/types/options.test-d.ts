// Type tests of the options: the hand-written public type (lib/types/options.ts) against the zod
// schema that validates at run time (lib/options/schema.ts), and the typed scope names.
import { expectTypeOf } from 'expect-type';
import type * as z from 'zod/mini';
import Snoopath, { type ExplicitOAuth, type ImplicitOAuth, type Logger, type OAuthOptions, type Scope, type ScriptOAuth, type SnoopathOptions } from '../../lib/index.js';
import type { optionsSchema } from '../../lib/options/schema.js';

type Schema = z.input<typeof optionsSchema>;
type SchemaOAuth = NonNullable<Schema['oauth']>;
/** `readonly` arrays are accepted at run time as well: compare without it. */
type Writable<T> = T extends ReadonlyArray<infer U> ? U[] : T extends (...args: never[]) => unknown ? T : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
/** Each side accepts what the other does. */
type Same<A, B> = [Writable<A>] extends [B] ? ([B] extends [A] ? true : false) : false;
type SameMembers<A, B> = { [K in keyof A & keyof B]-?: Same<A[K], B[K]> };

// An option added to optionsSchema must be added to SnoopathOptions in lib/types/options.ts (with its
// JSDoc), and the other way round: these lines fail until both list the same options.
expectTypeOf<keyof SnoopathOptions>().toEqualTypeOf<keyof Schema>();
expectTypeOf<SameMembers<SnoopathOptions, Schema>>().toEqualTypeOf<{ [K in keyof Schema]-?: true }>();
expectTypeOf<keyof ScriptOAuth>().toEqualTypeOf<keyof Extract<SchemaOAuth, { type: 'script' }>>();
expectTypeOf<keyof ExplicitOAuth>().toEqualTypeOf<keyof Extract<SchemaOAuth, { type: 'explicit' }>>();
expectTypeOf<keyof ImplicitOAuth>().toEqualTypeOf<keyof Extract<SchemaOAuth, { type: 'implicit' }>>();
expectTypeOf<SameMembers<ScriptOAuth, Extract<SchemaOAuth, { type: 'script' }>>>().toEqualTypeOf<{ [K in keyof ScriptOAuth]-?: true }>();
expectTypeOf<SameMembers<ExplicitOAuth, Extract<SchemaOAuth, { type: 'explicit' }>>>().toEqualTypeOf<{ [K in keyof ExplicitOAuth]-?: true }>();
expectTypeOf<SameMembers<ImplicitOAuth, Extract<SchemaOAuth, { type: 'implicit' }>>>().toEqualTypeOf<{ [K in keyof ImplicitOAuth]-?: true }>();

// Scope names: the platform's list as a union; any other string still accepted.
expectTypeOf<'identity'>().toMatchTypeOf<Scope>();
expectTypeOf<'modmail'>().toMatchTypeOf<Scope>();
expectTypeOf<'wikiread'>().toMatchTypeOf<Scope>();
expectTypeOf<'not-a-scope'>().not.toMatchTypeOf<Scope>();
const known: OAuthOptions = { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p', scope: ['identity', 'read', 'vote'] };
const newer: OAuthOptions = { type: 'implicit', key: 'k', redirectUri: 'r', scope: ['identity', 'a_scope_added_later'] };
const all: OAuthOptions = { type: 'explicit', key: 'k', secret: 's', redirectUri: 'r', scope: '*' };
const fixed = ['read', 'history'] as const;
const readonlyList: OAuthOptions = { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p', scope: fixed };
void [known, newer, all, readonlyList];
// @ts-expect-error '*' is the only single-string form: one scope goes in an array
const single: OAuthOptions = { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p', scope: 'read' };
// @ts-expect-error scope names are strings
const numbers: OAuthOptions = { type: 'script', key: 'k', secret: 's', username: 'u', password: 'p', scope: [1] };
void [single, numbers];
// Editors offer the names: the element type keeps the union next to `string & {}`.
expectTypeOf<NonNullable<ScriptOAuth['scope']>>().toEqualTypeOf<'*' | ReadonlyArray<Scope | (string & {})>>();

// log: Octokit's { debug, info, warn, error }; console and partial loggers fit.
new Snoopath({ userAgent: 'ua', useBrowserCookies: true, log: console });
new Snoopath({ userAgent: 'ua', useBrowserCookies: true, log: { warn: () => {} } });
// @ts-expect-error a level is a function
new Snoopath({ userAgent: 'ua', useBrowserCookies: true, log: { warn: true } });
expectTypeOf<Logger['warn']>().parameters.toEqualTypeOf<[message: string, details?: Record<string, string | number | boolean | undefined>]>();

// fetch: the global one and a wrapper taking the Request the instance passes.
new Snoopath({ userAgent: 'ua', useBrowserCookies: true, fetch });
new Snoopath({ userAgent: 'ua', useBrowserCookies: true, fetch: (request: Request, init?: RequestInit) => fetch(request, init) });
// The public options stay assignable to a plain record, as the derived type was.
const record: Record<string, unknown> = {} as SnoopathOptions;
void record;
