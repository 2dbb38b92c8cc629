import { ResponseError } from '../errors.js';
import { ratelimitOf } from '../limiter/action-limit.js';

/** The path a response answered, for messages (a mocked response may have no URL). */
export const pathOf = (response: Response): string => new URL(response.url || 'http://x/').pathname;

/** JSON when it parses, the text otherwise (5xx and some 429 bodies are HTML). */
export function parseText(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The `[code, message, field]` triples of a `{json: {errors}}` body, or `[]`. */
export function errorTriples(body: unknown): Array<[string, string, string?]> {
  const errors = (body as { json?: { errors?: unknown } } | null)?.json?.errors;
  return Array.isArray(errors) ? errors.filter(Array.isArray).map((e) => [String(e[0]), String(e[1] ?? ''), e[2] == null ? undefined : String(e[2])] as [string, string, string?]) : [];
}

/**
 * The value of a 2xx answer: parsed JSON, else the text, `''` when empty. JSON that fails to parse
 * and a `json.errors` list are failures the platform reports with a 200.
 */
export function readBody(response: Response, text: string, method: string, attempts: number): unknown {
  const type = response.headers.get('content-type') ?? '';
  const looksJson = type.includes('json') || /^\s*[[{]/.test(text);
  if (!looksJson || text === '') return text;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ResponseError(`${method} ${pathOf(response)} answered ${response.status} with a body that is not valid JSON; it is kept in error.body.`, {
      status: response.status, method, url: response.url, body: text, errors: [], attempts,
    });
  }
  const errors = errorTriples(body);
  if (errors.length) {
    const summary = errors.map(([code, message, field]) => `${code}: ${message}${field ? ` (${field})` : ''}`).join('; ');
    throw new ResponseError(`${method} ${pathOf(response)} was refused by the platform: ${summary}`, {
      status: response.status, method, url: response.url, body, errors, attempts, ...ratelimitOf(body, errors),
    });
  }
  return body;
}
