/** Public types of `snoopath/testing` (docs/testing.md). */

/** `record`: send and keep; `replay`: answer from the file, no network at all; `auto`: replay when the file exists, else record. */
export type CassetteMode = 'record' | 'replay' | 'auto';

/** Options of {@link cassette}. */
export interface CassetteOptions {
  /** Default `'auto'`. */
  mode?: CassetteMode;
  /**
   * Where requests go while recording. Default: the transport an instance uses without a `fetch`
   * option (in Node, snoopath's undici pools; elsewhere the runtime's fetch). Pass your own to record
   * through a proxy.
   */
  fetch?: typeof fetch;
  /** More values to keep out of the file (see `Cassette.secrets`). */
  secrets?: readonly string[];
  /**
   * Parameter names (query or body) that never break a match, in addition to those the client adds
   * by itself (`raw_json`, `api_type`). For example `['count']`.
   */
  ignore?: readonly string[];
  /**
   * Whether a replay serves the recorded `X-Ratelimit-*` headers. Default `false`: the client would
   * pace itself to the recorded budget (a recorded "598 left, reset in 300 s" spaces calls 0.5 s
   * apart), which makes replays slow and sets the app's budget for the rest of the process. Turn it
   * on to replay rate-limit behaviour itself. `Retry-After` of a recorded 429 is always served.
   */
  replayRateLimits?: boolean;
  /** Replay: whether `save()` accepts recorded requests that were never asked for. Default `false` (it rejects, naming them). */
  allowUnused?: boolean;
}

/** A recorded exchange, as the file holds it (docs/testing.md, "The cassette file"). */
export interface Interaction {
  request: RecordedRequest;
  /** The answer; absent when the connection failed (then `error`). */
  response?: RecordedResponse;
  /** The connection failed: a replay rejects as `fetch` does (`TypeError('fetch failed')`, with this `code` in its cause). */
  error?: { message: string; code?: string };
}

/** A request as recorded: credentials replaced by labels such as `REDACTED_ACCESS_TOKEN`. */
export interface RecordedRequest {
  method: string;
  /** The full URL as sent (credentials in it redacted). */
  url: string;
  /** `content-type`, `authorization` (its scheme and a label), `x-modhash` and `cookie`, when sent. */
  headers?: Record<string, string>;
  /** A form body, field by field (a repeated field: an array). */
  form?: Record<string, string | string[]>;
  /** A JSON body. */
  json?: unknown;
  /** Any other text body. */
  text?: string;
  /** A binary or multipart body (an upload): only its size and SHA-256, which never take part in a match. */
  bytes?: { size: number; sha256: string };
}

/** An answer as recorded. */
export interface RecordedResponse {
  status: number;
  statusText?: string;
  /** Lower-case names, sorted; a repeated header (`set-cookie`) is an array. */
  headers: Record<string, string | string[]>;
  /** A JSON body, parsed (served again compact). */
  json?: unknown;
  /** A text body that is not JSON. */
  text?: string;
  /** A binary body. */
  base64?: string;
}

/** The file: stable key order, two-space indents, a newline at the end. */
export interface CassetteFile {
  /** Format version: `1`. */
  snoopathCassette: 1;
  interactions: Interaction[];
}

/** What {@link cassette} resolves to. */
export interface Cassette {
  /** Pass it as the instance's `fetch` option: every request of the instance goes through it, token requests included. */
  readonly fetch: typeof fetch;
  /** The mode in effect (`auto` resolved). */
  readonly mode: 'record' | 'replay';
  /** The cassette's path, as given. */
  readonly path: string;
  /**
   * Values to keep out of the file, in addition to the credentials the cassette learns from the
   * traffic itself (Basic and bearer headers, token requests and answers, cookies, modhash). Use it
   * for a credential that never crosses the wire as such (a value your code puts in a body).
   */
  secrets(...values: Array<string | undefined | null>): void;
  /**
   * Record: writes the file (waiting for requests still in flight). Replay: rejects, naming them, when
   * recorded requests were never asked for (unless `allowUnused`). Calling it in replay is optional.
   */
  save(): Promise<void>;
  /** Replay: the recorded requests not asked for yet, as `METHOD /path?query`. Record: `[]`. */
  unused(): string[];
}
