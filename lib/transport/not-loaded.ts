import { ConfigError } from '../errors/classes.js';
import { reasonOf } from '../errors/reason.js';

/**
 * The Node transport could not be loaded (undici missing from the install, a bundle that left it
 * out, a proxy agent that cannot be made): not a network failure, so the call rejects at once
 * instead of retrying it retryAttempts times (60 by default, five minutes of "check the network").
 * The next call tries loading again.
 */
export function transportNotLoaded(cause: unknown): ConfigError {
  return new ConfigError(
    'fetch',
    `snoopath's Node transport (undici) could not be loaded (${reasonOf(cause)}): install the project's dependencies again (npm ci; a bundle must keep the undici package beside snoopath), or pass the fetch option to send through another fetch.`,
    { cause },
  );
}
