import { redact, redactUrl } from '../redact/patterns.js';

/** Base class of every error snoopath raises. Tell them apart with `instanceof` or `error.name`. */
export class SnoopathError extends Error {
  override name = 'SnoopathError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(redact(message), options);
  }
}

/** A constructor option is invalid. `option` names it (a dotted path such as `oauth.key`). */
export class ConfigError extends SnoopathError {
  override name = 'ConfigError';
  constructor(readonly option: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The arguments of a call are invalid (a missing `$param`, a listing without `listingIndex`, ...). Nothing was sent. */
export class ArgumentError extends SnoopathError {
  override name = 'ArgumentError';
}

/** Fields of a {@link ResponseError}. */
export interface ResponseErrorDetails {
  status: number;
  method: string;
  url: string;
  /** The parsed JSON body, or the text when it is empty (`''`) or not JSON (even under a JSON content type). */
  body: unknown;
  /** `[code, message, field]` triples from the platform's `json.errors`, or `[]`. */
  errors: Array<[string, string, string?]>;
  attempts: number;
  /**
   * What went wrong, when snoopath can name it: `'RATELIMIT'` (the platform's per-action limit, a
   * 2xx whose `json.errors` holds RATELIMIT), `'RESPONSE_TOO_LARGE'` (the answer passed
   * `maxResponseSize`), `'SUBREDDIT_NOT_FOUND'` (the platform redirected a subreddit path to its
   * search), `'SUBREDDIT_PRIVATE'`, `'SUBREDDIT_BANNED'`, `'SUBREDDIT_QUARANTINED'`, `'SUBREDDIT_GATED'`.
   */
  code?: string | undefined;
  /** With `code: 'RATELIMIT'`: the ms the platform asks to wait, when it names a number. */
  retryAfter?: number | undefined;
  /** Media posts (`uploadMedia`, `submitMedia`): the step that failed. */
  step?: MediaStep;
}

/** The steps of a media post: the upload lease, the upload to the storage host, the submit, the result on the websocket. */
export type MediaStep = 'lease' | 'upload' | 'submit' | 'result';

/** The platform answered with a non-2xx status, or with a 2xx carrying `json.errors`. */
export class ResponseError extends SnoopathError implements ResponseErrorDetails {
  override name = 'ResponseError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly errors: Array<[string, string, string?]>;
  attempts: number;
  readonly code: string | undefined;
  readonly retryAfter: number | undefined;
  /** Set only for media posts: which step failed. */
  declare readonly step?: MediaStep;
  constructor(message: string, details: ResponseErrorDetails) {
    super(message);
    this.status = details.status;
    this.method = details.method;
    this.url = redactUrl(details.url);
    this.body = details.body;
    this.errors = details.errors;
    this.attempts = details.attempts;
    this.code = details.code;
    this.retryAfter = details.retryAfter;
    if (details.step) this.step = details.step;
  }
}

/** A token could not be obtained or renewed. `code` is the OAuth error (`invalid_grant`, ...) when the server gave one. */
export class AuthError extends SnoopathError {
  override name = 'AuthError';
  readonly code: string | undefined;
  readonly status: number | undefined;
  /** Sends made to the token endpoint by the request that failed (retries included); undefined when nothing was sent. */
  attempts: number | undefined;
  constructor(message: string, details: { code?: string; status?: number; cause?: unknown; attempts?: number } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.status = details.status;
    this.attempts = details.attempts;
  }
}

/** A send ran past `requestTimeout` and no retry was left. */
export class TimeoutError extends SnoopathError {
  override name = 'TimeoutError';
  attempts = 1;
}

/** The connection failed (DNS, refused, reset) and no retry was left. `cause` holds the runtime's error. */
export class NetworkError extends SnoopathError {
  override name = 'NetworkError';
  attempts = 1;
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/** Why a call was not sent: the app's budget, a 429's pause, or the account's RATELIMIT cooldown of the action. */
export type RateLimitReason = 'budget' | '429' | 'ratelimit';

/**
 * The call's send would have waited longer than `maxWait` for the rate limit: it was not sent
 * (nothing reached the platform), so it is safe to schedule again after `retryAfter` ms, which is
 * how a job queue defers work instead of sleeping.
 */
export class RateLimitError extends SnoopathError {
  override name = 'RateLimitError';
  /** Ms until the send could go out, as things stood when it was refused. */
  readonly retryAfter: number;
  /** `'budget'`: the app's request budget (spent, or spread until the window resets); `'429'`: the pause after a 429; `'ratelimit'`: the account's RATELIMIT cooldown of this action. */
  readonly reason: RateLimitReason;
  /** Sends the call made before this refusal (0 when it was refused before its first). */
  attempts: number;
  constructor(message: string, details: { retryAfter: number; reason: RateLimitReason; attempts: number }) {
    super(message);
    this.retryAfter = details.retryAfter;
    this.reason = details.reason;
    this.attempts = details.attempts;
  }
}
