import { SnoopathError } from '../errors/classes.js';

/**
 * A replayed request the cassette has no answer for, or a cassette that cannot be used. The call
 * rejects with it at once (a custom fetch that rejects with a SnoopathError is not retried).
 */
export class CassetteError extends SnoopathError {
  override name = 'CassetteError';
  /** The request that had no recorded answer, as `METHOD /path?query` (credentials redacted). */
  readonly request: string | undefined;
  /** The recorded request most like it, as `METHOD /path?query`, when there is one. */
  readonly closest: string | undefined;

  constructor(message: string, details: { request?: string; closest?: string } = {}) {
    super(message);
    this.request = details.request;
    this.closest = details.closest;
  }
}
