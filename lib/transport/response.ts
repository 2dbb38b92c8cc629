import { ResponseError } from '../errors.js';

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

/** The start of a text, on one line, for messages. */
export const preview = (text: string, length = 80): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > length ? `${line.slice(0, length)}...` : line);
};

/**
 * The value of a 2xx answer: parsed JSON, else the text, `''` when empty. JSON that fails to parse
 * and a `json.errors` list are failures the platform reports with a 200. `expectJson` (listings):
 * a text answer is a failure too, told as what it is (a page from the server or a proxy), since
 * the path is most likely right.
 */
export function readBody(response: Response, text: string, method: string, attempts: number, expectJson = false): unknown {
  const type = response.headers.get('content-type') ?? '';
  const looksJson = type.includes('json') || /^\s*[[{]/.test(text);
  const details = { status: response.status, method, url: response.url, body: text, errors: [], attempts };
  if (!looksJson || text === '') {
    if (!expectJson) return text;
    const kind = /html/i.test(type) || /^\s*</.test(text) ? 'an HTML page' : text === '' ? 'an empty body' : 'text that is not JSON';
    throw new ResponseError(`${method} ${pathOf(response)} answered ${response.status} with ${kind} (content type ${type ? JSON.stringify(type) : 'not given'}${text ? `, starting ${preview(text)}` : ''}) where JSON was expected: the server, or a proxy in front of it, did not answer as the API does; it may be down or in maintenance, try again later.`, details);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ResponseError(`${method} ${pathOf(response)} answered ${response.status} with a body that is not valid JSON (starting ${preview(text)}); it is kept in error.body.`, details);
  }
  const errors = errorTriples(body);
  if (errors.length) {
    const summary = errors.map(([code, message, field]) => `${code}: ${message}${field ? ` (${field})` : ''}`).join('; ');
    throw new ResponseError(`${method} ${pathOf(response)} was refused by the platform: ${summary}`, { ...details, body, errors });
  }
  return body;
}

/** Statuses that send the client elsewhere (300 and 304 do not). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Where a redirect answer points, or undefined for any other answer. */
export function redirectTarget(response: Response): string | undefined {
  return REDIRECTS.has(response.status) ? (response.headers.get('location') ?? undefined) : undefined;
}
