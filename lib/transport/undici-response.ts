/** Answers that never carry a body (fetch gives them `body: null`). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const utf8 = new TextDecoder();
const empty = new Uint8Array(0);

/** The encodings this transport asks for, as fetch in Node does (zstd is decoded where zlib has it, never asked for). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

type Decode = (data: Uint8Array, done: (error: Error | null, result: Uint8Array) => void) => void;
/** node:zlib is loaded with the first encoded answer, not with snoopath. */
let zlib: Promise<Record<string, Decode | undefined>> | undefined;
async function decode(name: string, data: Uint8Array): Promise<Uint8Array> {
  const fn = (await (zlib ??= import('node:zlib') as Promise<never>))[name]!;
  return new Promise((resolve, reject) => fn(data, (error, result) => (error ? reject(error) : resolve(result))));
}

/**
 * Undo `Content-Encoding`, last applied first. "deflate" is zlib-wrapped by the standard but sent
 * raw by some servers: the header byte tells them apart, as browsers do. An encoding this runtime
 * cannot decode leaves the bytes as they came, as fetch does.
 */
export async function decodeBody(bytes: Uint8Array, contentEncoding: string | undefined): Promise<Uint8Array> {
  if (!contentEncoding || bytes.length === 0) return bytes;
  const codings = contentEncoding.toLowerCase().split(',');
  let out = bytes;
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i]!.trim();
    if (coding === 'gzip' || coding === 'x-gzip') out = await decode('gunzip', out);
    else if (coding === 'deflate') out = await decode((out[0]! & 0x0f) === 8 ? 'inflate' : 'inflateRaw', out);
    else if (coding === 'br') out = await decode('brotliDecompress', out);
    else if (coding === 'zstd' && (await (zlib ??= import('node:zlib') as Promise<never>)).zstdDecompress) out = await decode('zstdDecompress', out);
    else if (coding !== 'identity' && coding !== '') return out;
  }
  return out;
}

/** What one answer carried; the body is being read (and decoded) by the time the response exists. */
export interface ResponseParts {
  status: number;
  statusText: string;
  headers: Headers;
  url: string;
  redirected: boolean;
  /** `null` when the answer has no body (HEAD, 204, 304). */
  body: Promise<Uint8Array> | null;
}

/**
 * A fetch `Response` over an answer whose body is read in full as it arrives. A WHATWG Response
 * costs a ReadableStream, its controller and several promises per answer; this client always
 * reads whole (small) bodies, so the stream is only made when someone asks for `body`. Reads are
 * single-use and `clone()` shares the bytes, as with fetch; an abort or timeout during the body
 * rejects `text()` with the signal's reason.
 */
export class UndiciResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly url: string;
  readonly redirected: boolean;
  readonly type = 'basic' as const;
  readonly #bytes: Promise<Uint8Array> | null;
  #used = false;
  #stream: ReadableStream<Uint8Array> | undefined;

  constructor(parts: ResponseParts) {
    this.status = parts.status;
    this.statusText = parts.statusText;
    this.headers = parts.headers;
    this.url = parts.url;
    this.redirected = parts.redirected;
    this.#bytes = parts.body;
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
    const bytes = this.#bytes;
    if (!bytes) return null;
    this.#stream ??= new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        this.#used = true;
        const chunk = await bytes;
        if (chunk.length > 0) controller.enqueue(chunk);
        controller.close();
      },
    });
    return this.#stream;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.#used || this.#stream?.locked) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ? await this.#bytes : empty;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  async text(): Promise<string> {
    return utf8.decode(await this.bytes());
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

  clone(): UndiciResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    const { status, statusText, url, redirected } = this;
    return new UndiciResponse({ status, statusText, url, redirected, headers: new Headers(this.headers), body: this.#bytes });
  }
}

/** Whether an answer to `method` with `status` has a body to read. */
export const hasBody = (method: string, status: number): boolean => method !== 'HEAD' && !NULL_BODY.has(status);
