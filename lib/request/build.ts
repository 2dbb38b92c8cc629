import { fillPath, splitPath, type Args } from './path.js';
import { formText, jsonBody, paramPairs, type BodyType } from './encode.js';

/** HTTP verbs a call object offers (plus `listing`, a GET). */
export type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** Verbs whose parameters travel in the query string (and that never carry a body). */
export const usesQuery = (verb: Verb): boolean => verb === 'get' || verb === 'head' || verb === 'options';

export interface RequestInput {
  verb: Verb;
  /** A path template (`/r/$subreddit/hot`), a path with a query, or a full URL. */
  path: string;
  args?: Args | undefined;
  /** Origin the path is resolved against (`https://oauth.reddit.com`). */
  origin: string;
  /** Value for the auto-filled `api_type`; `false` leaves it out. */
  apiType: string | false;
  bodyType?: BodyType | undefined;
}

/** A request, ready to send: no I/O has happened yet. */
export interface RequestSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Build a request from a call, as a pure function: `$params`, query merging, encoding, `api_type`. */
export function buildRequest({ verb, path, args = {}, origin, apiType, bodyType }: RequestInput): RequestSpec {
  const { pathname, search } = splitPath(path);
  const filled = fillPath(pathname, args);
  const query = new URLSearchParams(search);
  const method = verb.toUpperCase();
  const withApiType = apiType !== false && !('api_type' in args) && !query.has('api_type');
  const headers: Record<string, string> = {};
  let body: string | undefined;

  if (usesQuery(verb)) {
    // Merge: an argument replaces a same-named parameter of the path's query (never sent twice).
    for (const [k, v] of paramPairs(args)) query.set(k, v);
    if (withApiType) query.set('api_type', apiType);
  } else if (bodyType === 'json') {
    if (withApiType) query.set('api_type', apiType);
    body = jsonBody(args);
    headers['content-type'] = 'application/json';
  } else {
    const pairs = paramPairs(args);
    if (withApiType) pairs.push(['api_type', apiType]);
    body = formText(pairs);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const qs = query.toString();
  const spec: RequestSpec = { method, url: `${origin}${filled}${qs ? `?${qs}` : ''}`, headers };
  if (body !== undefined) spec.body = body;
  return spec;
}
