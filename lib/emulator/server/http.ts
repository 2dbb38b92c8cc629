import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggedRequest } from '../types.js';

const MAX_BODY = 1 << 20;

/** Who is calling an API endpoint. */
export interface Principal {
  via: 'bearer' | 'cookie' | 'anon';
  clientId?: string;
  user?: string;
  /** Granted scopes; `*` means all. */
  scopes: ReadonlySet<string>;
  sessionId?: string;
  modhash?: string;
}

/** One request being served. */
export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** Pathname without a trailing `.json` or `/`, used for routing. */
  route: string;
  query: Record<string, string>;
  /** Query parameters overlaid with body parameters. */
  params: Record<string, string>;
  body: string;
  /** `raw_json=1`: no HTML escaping of `&`, `<`, `>`. */
  raw: boolean;
  entry: LoggedRequest;
  principal?: Principal;
}

export function readBody(req: IncomingMessage): Promise<string> {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function parseParams(body: string, contentType: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body) return out;
  if (contentType?.includes('json')) {
    try {
      const value: unknown = JSON.parse(body);
      if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
      }
    } catch {
      // An unparsable JSON body carries no parameters; handlers then report what is missing.
    }
    return out;
  }
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}

export function send(ctx: Ctx, status: number, body: string, contentType?: string, headers?: Record<string, string>): void {
  const { res } = ctx;
  ctx.entry.status = status;
  if (res.headersSent || res.destroyed) return;
  if (headers) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (contentType) res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.writeHead(status);
  res.end(body);
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * JSON answer. The platform escapes `&`, `<`, `>` in string values for legacy reasons; JSON
 * keys never contain them, so escaping the serialized text is equivalent and cheap.
 */
export function json(ctx: Ctx, status: number, value: unknown, headers?: Record<string, string>): void {
  let text = JSON.stringify(value);
  if (!ctx.raw) text = text.replace(/[&<>]/g, (ch) => ENTITIES[ch] as string);
  send(ctx, status, text, 'application/json; charset=UTF-8', headers);
}

export const notFound = (ctx: Ctx) => json(ctx, 404, { message: 'Not Found', error: 404 });
export const forbidden = (ctx: Ctx) => json(ctx, 403, { message: 'Forbidden', error: 403 });

export function redirect(ctx: Ctx, location: string): void {
  send(ctx, 302, '', undefined, { Location: location });
}

/** `{"json": {"errors": [...]}}` with HTTP 200, the platform's usual failure shape. */
export function jsonErrors(ctx: Ctx, errors: Array<[string, string, string | null]>, status = 200): void {
  json(ctx, status, { json: { errors } });
}

/** The platform's HTML error page, as its proxies answer for 5xx. */
export function htmlPage(status: number, title: string): string {
  return `<!doctype html><html><head><title>${status} ${title}</title></head><body><h1>${title}</h1><p>reddit's servers are busy right now.</p></body></html>`;
}

export function bool(v: string | undefined): boolean {
  return v === '1' || v === 'true' || v === 'on' || v === 'yes';
}
