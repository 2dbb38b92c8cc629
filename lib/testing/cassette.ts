/**
 * `cassette(file, {mode})`: a `fetch` for an instance's `fetch` option that records real traffic
 * once and replays it offline (docs/testing.md). The decisions (what is a credential, what matches,
 * the file's shape) are pure modules beside this one; this file is the I/O around them.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { chunks } from '../core/chunks.js';
import { defaultFetch } from '../transport/default-fetch.js';
import { hasBody, LightResponse } from '../transport/light-response.js';
import { toRecordedRequest, toRecordedResponse, type WireRequest, type WireResponse } from './capture.js';
import { CassetteError } from './errors.js';
import { bodyOf, headersOf, parse, serialize } from './format.js';
import { ALWAYS_IGNORED, closest, describe, difference, keyOf, sameKey, type MatchKey } from './match.js';
import { SecretBook } from './secrets.js';
import type { Cassette, CassetteOptions, Interaction } from './types.js';

const MODES = new Set(['record', 'replay', 'auto']);

/** The request `(input, init)` stands for, and its body's bytes (read from a copy, so it can still be sent). */
async function wireOf(input: RequestInfo | URL, init: RequestInit | undefined): Promise<[Request, WireRequest]> {
  const request = input instanceof Request && init === undefined ? input : new Request(input, init);
  const body = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : undefined;
  return [request, { method: request.method, url: request.url, headers: request.headers, body }];
}

const codeOf = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

type Outcome = { response: WireResponse } | { error: { message: string; code?: string } };
type Entry = { request: WireRequest; outcome?: Outcome; dropped?: boolean };

/** Record mode: each request goes out through the usual transport; the file is written by `save()`. */
class Recorder implements Cassette {
  readonly mode = 'record' as const;
  readonly #book = new SecretBook();
  readonly #entries: Entry[] = [];
  readonly #inflight = new Set<Promise<unknown>>();
  readonly #upstream: typeof fetch | undefined;
  #sendVia: typeof fetch | undefined;

  constructor(readonly path: string, options: CassetteOptions) {
    this.#upstream = options.fetch;
    this.secrets(...(options.secrets ?? []));
  }

  readonly fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const done = this.#send(input, init);
    this.#inflight.add(done);
    const forget = () => void this.#inflight.delete(done);
    done.then(forget, forget);
    return done;
  }) as typeof fetch;

  async #send(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    const [request, wire] = await wireOf(input, init);
    const entry: Entry = { request: wire };
    this.#entries.push(entry);
    // Loaded on the first recorded request: a replay never touches the network code.
    const send = (this.#sendVia ??= this.#upstream ?? defaultFetch({ undici: chunks.undici, agents: chunks.undiciAgents }));
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await send(request);
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      // An abort (the caller's or the transport's timeout) is no answer of the server's: not kept.
      if (request.signal.aborted) entry.dropped = true;
      else entry.outcome = { error: { message: error instanceof Error ? error.message : String(error), ...(codeOf(error) && { code: codeOf(error) }) } };
      throw error;
    }
    const { status, statusText, headers, redirected } = response;
    entry.outcome = { response: { status, statusText, headers: new Headers(headers), body: bytes } };
    return new LightResponse({ status, statusText, headers, redirected, url: response.url || request.url, body: hasBody(request.method, status) ? Promise.resolve(bytes) : null }) as unknown as Response;
  }

  secrets(...values: Array<string | undefined | null>): void {
    for (const value of values) this.#book.learn('secret', value);
  }

  unused(): string[] {
    return [];
  }

  async save(): Promise<void> {
    await Promise.allSettled([...this.#inflight]);
    const kept = this.#entries.filter((e) => e.outcome && !e.dropped);
    // Twice: the first pass learns every credential, so the second keeps a token first seen in a
    // later answer out of an earlier entry too.
    const write = () => kept.map(({ request, outcome }): Interaction => {
      const recorded = toRecordedRequest(request, this.#book);
      return 'response' in outcome! ? { request: recorded, response: toRecordedResponse(outcome.response, this.#book, request.url) } : { request: recorded, error: outcome!.error };
    });
    write();
    const text = serialize(write());
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, text, { encoding: 'utf8', mode: 0o600 });
    await rename(temporary, this.path);
  }
}

/** Replay mode: answers come from the file, in the order recorded; nothing touches the network. */
class Player implements Cassette {
  readonly mode = 'replay' as const;
  readonly #book = new SecretBook();
  readonly #keys: MatchKey[];
  readonly #used: boolean[];
  readonly #ignore: ReadonlySet<string>;
  readonly #interactions: Interaction[];
  readonly #rateLimits: boolean;
  readonly #allowUnused: boolean;

  // Nothing of the options is kept in a public field: `secrets` would show in util.inspect.
  constructor(readonly path: string, interactions: Interaction[], options: CassetteOptions) {
    this.#interactions = interactions;
    this.#rateLimits = options.replayRateLimits ?? false;
    this.#allowUnused = options.allowUnused ?? false;
    this.#ignore = new Set([...ALWAYS_IGNORED, ...(options.ignore ?? [])]);
    this.#keys = interactions.map((i) => keyOf(i.request, this.#ignore));
    this.#used = interactions.map(() => false);
    this.secrets(...(options.secrets ?? []));
  }

  readonly fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const [request, wire] = await wireOf(input, init);
    request.signal.throwIfAborted();
    const recorded = toRecordedRequest(wire, this.#book);
    const key = keyOf(recorded, this.#ignore);
    const at = this.#keys.findIndex((k, i) => !this.#used[i] && sameKey(k, key));
    if (at < 0) throw this.#unrecorded(describe(recorded), key);
    this.#used[at] = true;
    const { response, error } = this.#interactions[at]!;
    if (!response) throw new TypeError('fetch failed', { cause: Object.assign(new Error(error?.message ?? 'connection failed'), { code: error?.code }) });
    const body = hasBody(request.method, response.status) ? Promise.resolve(bodyOf(response)) : null;
    return new LightResponse({
      status: response.status, statusText: response.statusText ?? '', headers: headersOf(response, this.#rateLimits), url: request.url, redirected: false, body,
    }) as unknown as Response;
  }) as typeof fetch;

  #unrecorded(sent: string, key: MatchKey): CassetteError {
    const head = `Cassette ${this.path} has no recorded answer for ${sent}`;
    const fix = `Record the cassette again (mode 'record', or delete the file and use mode 'auto'), or make the test send what was recorded.`;
    const same = this.#keys.filter((k) => sameKey(k, key)).length;
    if (same > 0) {
      return new CassetteError(`${head}: it was recorded ${same} time(s) and each was replayed already (identical requests replay in the order recorded, once each). ${fix}`, { request: sent, closest: sent });
    }
    const i = closest(key, this.#keys);
    if (i < 0) return new CassetteError(`${head}: the cassette holds no request at all. ${fix}`, { request: sent });
    const near = describe(this.#interactions[i]!.request);
    return new CassetteError(`${head}. The closest recorded request is ${near} (it differs in ${difference(this.#keys[i]!, key)}). ${fix}`, { request: sent, closest: near });
  }

  secrets(...values: Array<string | undefined | null>): void {
    for (const value of values) this.#book.learn('secret', value);
  }

  unused(): string[] {
    return this.#interactions.filter((_, i) => !this.#used[i]).map((i) => describe(i.request));
  }

  async save(): Promise<void> {
    const left = this.unused();
    if (left.length === 0 || this.#allowUnused) return;
    const shown = left.slice(0, 10).join(', ');
    throw new CassetteError(`Cassette ${this.path}: ${left.length} recorded request(s) were never asked for: ${shown}${left.length > 10 ? ', ...' : ''}. The code under test sends less than when it was recorded: record again, or pass allowUnused: true.`);
  }
}

/**
 * A cassette for an instance's `fetch` option. `record`: requests go to the server through the
 * usual transport and `save()` writes them, credentials replaced by labels; `replay`: answers come
 * from the file and nothing touches the network; `auto` (default): replay when the file exists.
 *
 * @example
 * const tape = await cassette('fixtures/hot.json', { mode: 'auto' });
 * const reddit = new Snoopath({ ...options, fetch: tape.fetch });
 * await reddit('/r/$subreddit/hot').listing({ $subreddit: 'aww' });
 * await tape.save();
 */
export async function cassette(path: string, options: CassetteOptions = {}): Promise<Cassette> {
  const mode = options.mode ?? 'auto';
  if (!MODES.has(mode)) throw new CassetteError(`cassette: mode must be 'record', 'replay' or 'auto', got ${JSON.stringify(mode)}.`);
  if (typeof path !== 'string' || path === '') throw new CassetteError('cassette: the first argument is the file to record to or replay from, e.g. "fixtures/hot.json".');
  if (mode === 'record') return new Recorder(path, options);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
    if (mode === 'auto') return new Recorder(path, options);
    throw new CassetteError(`Cassette ${path} does not exist: record it first (mode 'record', or 'auto', which records when the file is missing).`);
  }
  try {
    return new Player(path, parse(text, path), options);
  } catch (error) {
    throw new CassetteError(error instanceof Error ? error.message : String(error));
  }
}
