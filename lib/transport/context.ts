import type { Emitter } from '../events/emitter.js';
import type { SendOptions } from '../limiter/types.js';

/** The words of failures (lib/transport/failures/words.ts), a part of their own: a call that succeeds never loads them. */
export type LoadFailures = () => Promise<typeof import('./failures/words.js')>;

/** What the transport needs from its instance. */
export interface TransportHost {
  /** Where every send waits its turn (lib/limiter/pacer.ts): the one entry to the limiter. */
  readonly pacer: { send(send: () => Promise<Response>, options: SendOptions): Promise<Response> };
  readonly events: Emitter;
  readonly fetch: typeof fetch;
  readonly userAgent: string;
  /** `'include'` in cookie mode, so the browser sends its session. */
  readonly credentials?: RequestCredentials | undefined;
  /** Loads the words of failures (lib/core/chunks.ts) when a send fails or is refused. */
  readonly failures: LoadFailures;
}

/** The default of `maxResponseSize`: decoded bytes of one answer (the platform's largest, long comment pages, are a few MiB). */
export const DEFAULT_MAX_RESPONSE_SIZE = 32 * 1024 * 1024;

/** Per-call state: the budget and counters one call's retries share; ky's hooks find it in `options.context.call`. */
export interface SendContext {
  host: TransportHost;
  retryAttempts: number;
  retryDelay: number;
  requestTimeout: number;
  signal?: AbortSignal | undefined;
  /** API call (counts for rate-limit probing) or token request. */
  api: boolean;
  /** Whether network failures and timeouts may be retried: unknown outcome is only safe to repeat for idempotent requests. */
  idempotent: boolean;
  /** The most bytes (decoded) an answer may have: reading stops there and the call rejects (RESPONSE_TOO_LARGE). */
  maxResponseSize: number;
  /** The longest RATELIMIT wait (ms) a call sends again after; a longer one rejects with the refusal (`ratelimitWait`). */
  ratelimitWait: number;
  /** The longest wait (ms) a send accepts for the rate limit; a longer one rejects with RateLimitError, unsent (`maxWait`). Undefined: no limit. */
  maxWait?: number | undefined;
  /** Where the call's sends queue among those waiting for the app's budget. */
  priority?: 'high' | 'normal' | 'low' | undefined;
  /** Set credentials on an outgoing request (Authorization, X-Modhash); runs before the first send, every retry and every followed redirect. */
  authorize?: ((headers: Headers) => void | Promise<void>) | undefined;
  /** The platform refused the credentials (401): renew them; the call is then re-sent once. */
  reauthorize?: ((headers: Headers) => Promise<void>) | undefined;
  /** Sends made so far (retries and followed redirects included). */
  sends: number;
  /** The body of the last answer, read inside its send (so a stalled body is a timeout of that send). */
  text: string;
  /** Set by `authorize` when the call went out with an application-only token: a 403 then says so. */
  appOnly: boolean;
  /** Failures sent again so far (5xx, network, timeouts, RATELIMIT refusals): at most `retryAttempts`. */
  failures: number;
  consecutive429: number;
  reauthorized: boolean;
  /** What ky waits before the next send (lib/transport/retry.ts decides). */
  nextDelay: number;
}

export function createContext(
  host: TransportHost,
  fields: Pick<SendContext, 'retryAttempts' | 'retryDelay' | 'requestTimeout' | 'signal' | 'api' | 'idempotent' | 'authorize' | 'reauthorize' | 'maxWait' | 'priority'> & { ratelimitWait?: number; maxResponseSize?: number | undefined },
): SendContext {
  return { host, ratelimitWait: 0, ...fields, maxResponseSize: fields.maxResponseSize ?? DEFAULT_MAX_RESPONSE_SIZE, sends: 0, text: '', appOnly: false, failures: 0, consecutive429: 0, reauthorized: false, nextDelay: 0 };
}
