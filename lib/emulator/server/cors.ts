import type { IncomingMessage, ServerResponse } from 'node:http';

const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD';
const ALLOW_HEADERS = 'authorization, content-type, x-modhash';
const EXPOSE = 'x-ratelimit-used, x-ratelimit-remaining, x-ratelimit-reset, retry-after';

/**
 * CORS headers for every answer. The origin is echoed (not `*`) because browser tests send
 * credentials (cookie mode), and `*` is not allowed together with credentials.
 */
export function corsHeaders(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSE);
}

/** Preflights are answered 204 before routing: never counted, and faulted only by an explicit `OPTIONS` fault. */
export function preflightHeaders(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Methods', METHODS);
  res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
  res.setHeader('Access-Control-Max-Age', '600');
}
