import { ArgumentError, AuthError, NetworkError, ResponseError, TimeoutError } from '../errors/classes.js';

/**
 * Whether a poll's failure is the platform's passing trouble, which the stream outlives (it polls
 * again with back-off), rather than a mistake that polling again cannot fix (401, 403, 404, a bad
 * argument, refused credentials, a subreddit that cannot be read, an answer too large), which ends
 * the iteration with the error.
 *
 * The transport has already retried by the time a poll fails: this is an outage longer than its
 * `retryAttempts`. A body that is not a listing (a proxy's HTML page, truncated JSON) counts as
 * passing trouble once the path has answered a listing before.
 */
export function isTransient(error: unknown, answeredBefore: boolean): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  if (error instanceof ResponseError) {
    const { status } = error;
    // A subreddit that cannot be read (unknown, private, banned...) or an answer past maxResponseSize
    // stays so however often it is polled: the transport names these with a code.
    if (error.code !== undefined && error.code !== 'RATELIMIT') return false;
    return status >= 500 || status === 429 || (status < 300 && error.errors.length === 0);
  }
  if (error instanceof AuthError) return error.status !== undefined && (error.status >= 500 || error.status === 429);
  return error instanceof ArgumentError && answeredBefore;
}
