import { Readable } from 'node:stream';

/** A request body as undici takes it, with what fetch would have added as headers. */
export interface OutgoingBody {
  body: string | Uint8Array | Readable | null;
  contentType?: string | undefined;
  /** Bytes, when known in advance of a stream (sent as Content-Length, as fetch does). */
  length?: number | undefined;
}

/** A Request body up to this size is read whole and sent with its length; a larger one streams on. */
export const BUFFER_LIMIT = 1024 * 1024;

const encoder = new TextEncoder();

/**
 * A fetch `BodyInit` for undici. Strings and bytes go as they are; blobs, files and FormData
 * stream with their exact length (an upload of a large file is never held in memory, and storage
 * services that refuse chunked uploads accept it); streams go chunked.
 */
export function fromBodyInit(body: unknown): OutgoingBody {
  if (body === null || body === undefined) return { body: null };
  if (typeof body === 'string') return { body, contentType: 'text/plain;charset=UTF-8' };
  if (body instanceof URLSearchParams) return { body: body.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (body instanceof ArrayBuffer) return { body: new Uint8Array(body) };
  if (ArrayBuffer.isView(body)) return { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof Blob) return { body: Readable.fromWeb(body.stream() as never), length: body.size, contentType: body.type || undefined };
  if (body instanceof FormData) return multipart(body);
  if (body instanceof ReadableStream) return { body: Readable.fromWeb(body as never) };
  if (body instanceof Readable) return { body };
  if (typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') return { body: Readable.from(body as AsyncIterable<Uint8Array>) };
  return { body: String(body), contentType: 'text/plain;charset=UTF-8' };
}

/**
 * The body of a `Request` (ky hands every call over as one): read whole when it ends within
 * BUFFER_LIMIT, so small form and JSON bodies go with a Content-Length as fetch sends them;
 * otherwise the chunks read so far and the rest of the stream go on without being buffered.
 */
export async function fromRequestStream(stream: ReadableStream<Uint8Array>): Promise<OutgoingBody> {
  const reader = stream.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { body: head.length === 1 ? head[0]! : Buffer.concat(head, size) };
    head.push(value);
    size += value.byteLength;
    if (size > BUFFER_LIMIT) break;
  }
  async function* rest() {
    yield* head;
    head.length = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  return { body: Readable.from(rest(), { objectMode: false }) };
}

// multipart/form-data as fetch writes it (names escaped, line breaks of text values as CRLF).
const escape = (text: string) => text.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
const crlf = (text: string) => text.replace(/\r?\n|\r/g, '\r\n');

function multipart(form: FormData): OutgoingBody {
  const boundary = `----snoopath-${crypto.randomUUID()}`;
  const parts: Array<Uint8Array | Blob> = [];
  let length = 0;
  const add = (part: Uint8Array | Blob) => {
    parts.push(part);
    length += part instanceof Blob ? part.size : part.byteLength;
  };
  for (const [name, value] of form) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${escape(crlf(name))}"`;
    if (typeof value === 'string') {
      add(encoder.encode(`${head}\r\n\r\n${crlf(value)}\r\n`));
    } else {
      add(encoder.encode(`${head}; filename="${escape(value.name)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`));
      add(value);
      add(encoder.encode('\r\n'));
    }
  }
  add(encoder.encode(`--${boundary}--\r\n`));
  async function* chunks() {
    for (const part of parts) {
      if (part instanceof Blob) yield* part.stream() as unknown as AsyncIterable<Uint8Array>;
      else yield part;
    }
  }
  return { body: Readable.from(chunks(), { objectMode: false }), length, contentType: `multipart/form-data; boundary=${boundary}` };
}
