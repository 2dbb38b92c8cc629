const utf8 = new TextDecoder();
const encoder = new TextEncoder();
const empty = new Uint8Array(0);

/** Answers that never carry a body (fetch gives them `body: null`). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** Whether an answer to `method` with `status` has a body to read. */
export const hasBody = (method: string, status: number): boolean => method !== 'HEAD' && !NULL_BODY.has(status);

/**
 * A body read past the caller's limit (`maxResponseSize`, decoded bytes): the read stopped there
 * and the connection was closed. The transport turns it into a ResponseError (RESPONSE_TOO_LARGE).
 */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
  constructor(readonly limit: number) {
    super(`the body passed ${limit} bytes`);
  }
}

/**
 * A body read when first asked for, with the reader's limit (the Node transport's: decoded as it
 * streams, stopped at the limit). Read once; clones share the one read.
 */
export class LazyBody {
  #read: ((max: number) => Promise<Uint8Array>) | undefined;
  #result: Promise<Uint8Array> | undefined;
  constructor(read: (max: number) => Promise<Uint8Array>) {
    this.#read = read;
  }
  bytes(max = Infinity): Promise<Uint8Array> {
    if (!this.#result) {
      const read = this.#read!;
      this.#read = undefined;
      this.#result = read(max);
    }
    return this.#result;
  }
}

/** What one answer carried. */
export interface ResponseParts {
  status: number;
  statusText: string;
  headers: Headers;
  url: string;
  redirected: boolean;
  /** The body: its bytes as they arrive, read when asked for, its text when already read, or `null` when the answer has none (HEAD, 204, 304). */
  body: Promise<Uint8Array> | LazyBody | string | null;
}

/**
 * A fetch `Response` over a body that is (or is being) read whole. A WHATWG Response costs a
 * ReadableStream, its controller and several promises per answer (about 20 µs in Node, as much as
 * the rest of a call's own work); this client always reads whole, small bodies, so the stream is
 * made only when someone asks for `body`. Reads are single-use and `clone()` shares the body, as
 * with fetch; an abort or timeout during the body rejects `text()` with the signal's reason. ky
 * takes it as a Response (its tag says so).
 */
export class LightResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly url: string;
  readonly redirected: boolean;
  readonly type = 'basic' as const;
  readonly #body: Promise<Uint8Array> | LazyBody | string | null;
  #used = false;
  #stream: ReadableStream<Uint8Array> | undefined;

  constructor(parts: ResponseParts) {
    this.status = parts.status;
    this.statusText = parts.statusText;
    this.headers = parts.headers;
    this.url = parts.url;
    this.redirected = parts.redirected;
    this.#body = parts.body;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }
  get bodyUsed(): boolean {
    return this.#used;
  }
  get [Symbol.toStringTag](): string {
    return 'Response';
  }

  /** A stream of the body, made on first access (only rare paths, such as ky's error-body reader, ask). */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === null) return null;
    this.#stream ??= new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        this.#used = true;
        const chunk = await this.#bytesOf();
        if (chunk.length > 0) controller.enqueue(chunk);
        controller.close();
      },
    });
    return this.#stream;
  }

  #take(): void {
    if (this.#used || this.#stream?.locked) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
  }
  async #bytesOf(max = Infinity): Promise<Uint8Array> {
    const body = this.#body;
    if (body === null) return empty;
    if (typeof body === 'string') return encoder.encode(body);
    return body instanceof LazyBody ? body.bytes(max) : body;
  }

  /**
   * The text, read only up to `max` bytes (decoded): a longer body rejects with BodyTooLarge as
   * soon as it passes them, without being held. Single use, as text().
   */
  async textWithin(max: number): Promise<string> {
    this.#take();
    const body = this.#body;
    if (typeof body === 'string') return body;
    const bytes = await this.#bytesOf(max);
    if (bytes.byteLength > max) throw new BodyTooLarge(max);
    return utf8.decode(bytes);
  }

  async bytes(): Promise<Uint8Array> {
    this.#take();
    return this.#bytesOf();
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  async text(): Promise<string> {
    this.#take();
    const body = this.#body;
    return typeof body === 'string' ? body : utf8.decode(await this.#bytesOf());
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async blob(): Promise<Blob> {
    return new Blob([(await this.bytes()) as Uint8Array<ArrayBuffer>], { type: this.headers.get('content-type') ?? '' });
  }
  async formData(): Promise<FormData> {
    // Rare enough to hand to the platform's own parser.
    return new Response((await this.bytes()) as Uint8Array<ArrayBuffer>, { headers: this.headers }).formData();
  }

  clone(): LightResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    const { status, statusText, url, redirected } = this;
    return new LightResponse({ status, statusText, url, redirected, headers: new Headers(this.headers), body: this.#body });
  }
}
