import type { Emitter } from '../events/emitter.js';
import type { Pacer } from '../limiter/pacer.js';

/** What the transport needs from its instance. */
export interface TransportHost {
  readonly pacer: Pacer;
  readonly events: Emitter;
  readonly fetch: typeof fetch;
  readonly userAgent: string;
  /** `'include'` in cookie mode, so the browser sends its session. */
  readonly credentials?: RequestCredentials | undefined;
}

/** Per-call state: the budget and counters one call's retries share. Passed to ky's hooks as `context`. */
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
  failures: number;
  consecutive429: number;
  reauthorized: boolean;
  nextDelay: number;
}

export function createContext(host: TransportHost, fields: Pick<SendContext, 'retryAttempts' | 'retryDelay' | 'requestTimeout' | 'signal' | 'api' | 'idempotent' | 'authorize' | 'reauthorize'>): SendContext {
  return { host, ...fields, sends: 0, text: '', appOnly: false, failures: 0, consecutive429: 0, reauthorized: false, nextDelay: 0 };
}
