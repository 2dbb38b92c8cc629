/** Kinds of random failure that chaos mode can inject. */
export type FaultKind = 'status500' | 'status502' | 'status503' | 'html' | 'invalidJson' | 'reset' | 'delay' | 'stall' | 'hang' | 'status429';

/** Fixed-window request budget. */
export interface RateLimit {
  /** Requests allowed per window. */
  budget: number;
  /** Window length in seconds; windows are aligned to the clock (`floor(now / window) * window`). */
  window: number;
}

/** The per-action limit (posting, commenting, messaging): per account and action, in a sliding window. */
export interface ActionLimit {
  /** Actions allowed within `seconds`. */
  count: number;
  /** Length of the sliding window in seconds. */
  seconds: number;
  /** Paths counted (routing paths, without `.json`). Default: `/api/comment`, `/api/submit`, `/api/compose`, `/api/submit_gallery_post`, `/api/submit_poll_post`. */
  actions?: string[];
}

/** One request as the emulator saw it. */
export interface LoggedRequest {
  method: string;
  /** Path without the query string, as sent. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: string;
  /** Status answered; 0 while pending, for a hang and for a reset. */
  status: number;
  /** Client id of the bearer token or of the Basic credentials. */
  clientId?: string;
  /** Account acting, from a user token or a cookie session. */
  user?: string;
  /** Time of arrival, from the emulator's clock (ms). */
  at: number;
}

/** Makes the next `times` matching requests fail. */
export interface FaultSpec {
  /** HTTP method to match (any method but preflight `OPTIONS` when absent). */
  method?: string;
  /** Pathname to match: exact string, or a RegExp tested against it. Any path when absent. */
  path?: string | RegExp;
  /** How many requests this applies to. Default 1. */
  times?: number;
  /** Status to answer. Default 500 (200 with `html` or `invalidJson`). */
  status?: number;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Wait this many ms before answering; alone, the request is then served normally. */
  delay?: number;
  /** Never answer (until `close()`). */
  hang?: boolean;
  /** Destroy the socket without an answer. */
  reset?: boolean;
  /** Answer a truncated JSON body. */
  invalidJson?: boolean;
  /** Answer an HTML page (as the platform's proxies do). */
  html?: boolean;
  /** Send the status line, headers and the start of the body, then nothing more (until `close()`). */
  stall?: boolean;
}
