/**
 * A streaming `multipart/form-data` reader for the storage host: fields are buffered (they are
 * small), files are handed on chunk by chunk so that a large video is counted, not kept.
 */

export interface PartHeader {
  name: string;
  filename?: string | undefined;
  contentType?: string | undefined;
}

export interface PartHandlers {
  field(name: string, value: string): void;
  fileStart(header: PartHeader): void;
  fileData(chunk: Buffer): void;
  fileEnd(): void;
}

const MAX_HEADER = 16 * 1024;
const MAX_FIELD = 64 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` Content-Type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** `name` and `filename` of a Content-Disposition header (quoted values; browsers escape quotes as %22). */
function disposition(value: string): { name?: string; filename?: string } {
  const param = (key: string) => new RegExp(`;\\s*${key}="([^"]*)"`, 'i').exec(value)?.[1];
  return { name: param('name'), filename: param('filename') };
}

type Phase = 'preamble' | 'after-boundary' | 'headers' | 'body' | 'done';
type Part = { header: PartHeader; file: boolean; chunks: Buffer[]; size: number };

export class MultipartReader {
  readonly #delimiter: Buffer;
  readonly #handlers: PartHandlers;
  // The first boundary has no CRLF before it: start as if one had been read.
  #buffer: Buffer = Buffer.from('\r\n');
  #phase: Phase = 'preamble';
  #part: Part | undefined;

  constructor(boundary: string, handlers: PartHandlers) {
    this.#delimiter = Buffer.from(`\r\n--${boundary}`);
    this.#handlers = handlers;
  }

  get done(): boolean {
    return this.#phase === 'done';
  }

  /** Feed the next chunk of the body; throws an Error describing a malformed body. */
  write(chunk: Buffer): void {
    if (this.#phase === 'done') return;
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    while (this.#step());
  }

  /** The body ended: throws when the closing boundary never came. */
  end(): void {
    if (this.#phase !== 'done') throw new Error('the multipart body ended before its closing boundary');
  }

  /** One move of the state machine; false when more input is needed. */
  #step(): boolean {
    const buffer = this.#buffer;
    switch (this.#phase) {
      case 'preamble':
      case 'body': {
        const at = buffer.indexOf(this.#delimiter);
        // Without a delimiter, all but a possible partial delimiter at the end is content.
        const upto = at >= 0 ? at : Math.max(0, buffer.length - this.#delimiter.length + 1);
        if (this.#phase === 'body' && upto > 0) this.#content(buffer.subarray(0, upto));
        if (at < 0) {
          this.#buffer = buffer.subarray(upto);
          return false;
        }
        if (this.#phase === 'body') this.#endPart();
        this.#buffer = buffer.subarray(at + this.#delimiter.length);
        this.#phase = 'after-boundary';
        return true;
      }
      case 'after-boundary': {
        if (buffer.length < 2) return false;
        const mark = buffer.toString('latin1', 0, 2);
        if (mark === '--') {
          this.#phase = 'done';
          this.#buffer = Buffer.alloc(0);
          return false;
        }
        if (mark !== '\r\n') throw new Error('a boundary is followed by neither CRLF nor --');
        this.#buffer = buffer.subarray(2);
        this.#phase = 'headers';
        return true;
      }
      case 'headers': {
        const at = buffer.indexOf(HEADER_END);
        if (at < 0) {
          if (buffer.length > MAX_HEADER) throw new Error('a part header is too long');
          return false;
        }
        this.#startPart(buffer.toString('utf8', 0, at));
        this.#buffer = buffer.subarray(at + HEADER_END.length);
        this.#phase = 'body';
        return true;
      }
      default:
        return false;
    }
  }

  #startPart(text: string): void {
    const headers = new Map<string, string>();
    for (const line of text.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const { name, filename } = disposition(headers.get('content-disposition') ?? '');
    if (name === undefined) throw new Error('a part has no Content-Disposition name');
    const header: PartHeader = { name, filename, contentType: headers.get('content-type') };
    const file = filename !== undefined;
    this.#part = { header, file, chunks: [], size: 0 };
    if (file) this.#handlers.fileStart(header);
  }

  #content(chunk: Buffer): void {
    const part = this.#part as Part;
    if (part.file) return this.#handlers.fileData(chunk);
    part.size += chunk.length;
    if (part.size > MAX_FIELD) throw new Error(`the field ${part.header.name} is too long`);
    // Copied: the buffer it comes from is reused for the next chunks.
    part.chunks.push(Buffer.from(chunk));
  }

  #endPart(): void {
    const part = this.#part as Part;
    this.#part = undefined;
    if (part.file) this.#handlers.fileEnd();
    else this.#handlers.field(part.header.name, Buffer.concat(part.chunks).toString('utf8'));
  }
}
