import { errorTriples } from './failures/triples.js';
import type { LoadFailures } from './context.js';

/**
 * The value of a 2xx answer: parsed JSON, else the text, `''` when empty. JSON that fails to parse
 * and a `json.errors` list are failures the platform reports with a 200. `expectJson` (listings):
 * a text answer is a failure too, told as what it is (a page from the server or a proxy), since
 * the path is most likely right.
 */
export async function readBody(failures: LoadFailures, response: Response, text: string, method: string, attempts: number, expectJson = false): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  const looksJson = type.includes('json') || /^\s*[[{]/.test(text);
  if (!looksJson || text === '') {
    if (!expectJson) return text;
    throw (await failures()).bodyError('text', response, text, method, attempts);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw (await failures()).bodyError('invalid', response, text, method, attempts);
  }
  if (errorTriples(body).length) throw (await failures()).bodyError('errors', response, text, method, attempts, body);
  return body;
}

/** Statuses that send the client elsewhere (300 and 304 do not). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Where a redirect answer points, or undefined for any other answer. */
export function redirectTarget(response: Response): string | undefined {
  return REDIRECTS.has(response.status) ? (response.headers.get('location') ?? undefined) : undefined;
}
