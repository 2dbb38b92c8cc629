import { AuthError, TimeoutError } from '../errors/classes.js';
import type { Emitter } from '../events/emitter.js';
import type { TokenStore, Tokens } from '../types/tokens.js';

/*
 * The tokenStore's reads and writes, bounded by requestTimeout and reported as `token_store_error`.
 * A chunk of its own, loaded only by instances that have a store.
 */

/** Read the saved tokens. A failure or a hang rejects (the caller reads again next time) and is reported. */
export async function readStore(store: TokenStore, ms: number, events: Emitter): Promise<Tokens | null | undefined> {
  try {
    return await bounded(Promise.resolve().then(() => store.get()), ms, () => timedOut('get', ms));
  } catch (error) {
    throw report(events, 'get', error);
  }
}

/** Write new tokens. A failure or a hang must not fail a call whose token is fine: it is only reported. */
export async function writeStore(store: TokenStore, tokens: Tokens, ms: number, events: Emitter): Promise<void> {
  try {
    await bounded(Promise.resolve().then(() => store.set(tokens)), ms, () => timedOut('set', ms));
  } catch (error) {
    report(events, 'set', error);
  }
}

const timedOut = (operation: string, ms: number) =>
  new TimeoutError(`tokenStore.${operation}() did not settle within ${ms} ms (requestTimeout): check the store (a database or file it waits for).`);

/** The failure as an error of ours (the store's own error is the cause), emitted cleaned of secrets. */
function report(events: Emitter, operation: 'get' | 'set', error: unknown): Error {
  const failure = error instanceof TimeoutError ? error : new AuthError(
    `tokenStore.${operation}() failed (${(error as Error)?.message ?? String(error)}): ${operation === 'get' ? 'the saved tokens could not be read; the next call reads the store again' : 'the new tokens were not saved; the call went on with them'}.`,
    { code: 'token_store_error', cause: error },
  );
  events.emit('token_store_error', { operation, error: failure });
  return failure;
}

/** A promise that rejects with `timedOut()` unless `promise` settles within `ms`; the timer never outlives it. */
export function bounded<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
