import { ArgumentError } from '../errors/classes.js';
import type { Emitter } from '../events/emitter.js';
import type { Verb } from '../request/verbs.js';
import type { Args } from '../request/path.js';
import type { CallOptions } from '../types/call.js';
import { isTransient } from './failures.js';
import type { Source } from './poll.js';

/**
 * What a stream needs of its instance: listings, its events, and the means to know its own account
 * for `skipOwn`. lib/client/call.ts makes it; naming only this keeps the stream off the core.
 */
export interface Host extends Source {
  readonly events: Emitter;
  /** The account's name when the options give it (script apps: `oauth.username`). */
  readonly username: string | undefined;
  /** Whether the instance uses OAuth (`/api/v1/me`) rather than the browser's cookies (`/api/me.json`). */
  readonly oauth: boolean;
  /** One call through the instance's call layer. */
  send(verb: Verb, path: string, args: Args, options: CallOptions): Promise<unknown>;
}

/** Who wrote an item: the `author` of a post, comment or message; the moderator (`mod`) of a mod log entry. */
export function writerOf(item: unknown): string | undefined {
  const data = (item as { data?: { author?: unknown; mod?: unknown } } | null)?.data;
  const who = typeof data?.author === 'string' ? data.author : data?.mod;
  return typeof who === 'string' && who ? who : undefined;
}

/** Whether `account` wrote the item (names compared as the platform does, without case). */
export const isOwn = (item: unknown, account: string): boolean => writerOf(item)?.toLowerCase() === account.toLowerCase();

/**
 * The instance's own account, for `skipOwn`: the script app's username, or read once from the
 * platform. A passing failure is thrown as it is (the stream polls again with back-off); any other
 * means the instance has no account to read (an app-only token, no `identity` scope).
 */
export async function ownAccount(host: Host, options: CallOptions): Promise<string> {
  if (host.username) return host.username;
  const path = host.oauth ? '/api/v1/me' : '/api/me.json';
  let body: unknown;
  try {
    body = await host.send('get', path, {}, { ...options, bypassAuth: false });
  } catch (error) {
    if (isTransient(error, false)) throw error;
    throw new ArgumentError(`stream option skipOwn: the instance's own account could not be read from ${path} (${(error as Error)?.message ?? String(error)}); skipOwn needs an account: a script app, or an explicit or installed app after auth(), with the identity scope.`, { cause: error });
  }
  const me = body as { name?: unknown; data?: { name?: unknown } } | null;
  const name = me?.name ?? me?.data?.name;
  if (typeof name !== 'string' || !name) throw new ArgumentError(`stream option skipOwn: ${path} named no account (logged out?); skipOwn needs the account the instance acts for.`);
  return name;
}
