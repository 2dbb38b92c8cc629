import type { MediaHost } from '../host.js';
import type { CallOptions } from '../../types/call.js';
import { findPost, submittedBy, type Found, type Wanted } from './find.js';
import type { Look } from './wait.js';

/** Submissions read per look: the post just made is among the newest. */
const PER_LOOK = 25;

/**
 * A look at the account's newest submissions (`GET /user/NAME/submitted`, the history scope),
 * for a post made without a word from its websocket. The account's name comes from the submit
 * answer, else from `GET /api/v1/me` (the identity scope) once. Each look is one request: it is not
 * retried (the next look is), and it ends with the wait.
 */
export function lookForPost(host: MediaHost, wanted: Wanted, answer: unknown, call: CallOptions): Look {
  const submitted = submittedBy(answer, host.options.apiServerUri);
  const { site } = submitted;
  let { account } = submitted;
  return async (signal): Promise<Found | undefined> => {
    const options: CallOptions = { ...call, signal, retryAttempts: 0, apiType: false };
    if (account === undefined) {
      const me = (await host.request('get', '/api/v1/me', {}, options)) as { name?: unknown } | null;
      if (typeof me?.name !== 'string' || !me.name) return undefined;
      account = me.name;
    }
    const listing = await host.request('get', '/user/$account/submitted', { $account: account, sort: 'new', limit: PER_LOOK, raw_json: 1 }, options);
    return findPost(listing, wanted, site);
  };
}
