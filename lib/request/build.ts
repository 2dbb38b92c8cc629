import { fillPath, splitPath, type Args } from './path.js';
import { formText, jsonBody, paramPairs, type BodyType } from './encode.js';
import { badArgument, checkText } from './values.js';

import { usesQuery, type Verb } from './verbs.js';

export { usesQuery, type Verb };

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
  /**
   * Add `raw_json=1` to the query (every verb, as PRAW does): the platform then sends text as
   * written instead of escaping `&`, `<` and `>`. Left out when the call gives `raw_json` itself.
   */
  rawJson?: boolean | undefined;
}

/** A request, ready to send: no I/O has happened yet. */
export interface RequestSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Build a request from a call, as a pure function: `$params`, query merging, encoding, `api_type`, `raw_json`. */
export function buildRequest({ verb, path, args: given, origin, apiType, bodyType, rawJson }: RequestInput): RequestSpec {
  const args = checkArgs(given);
  const { pathname, search } = splitPath(checkText(path, 'the path'));
  const filled = fillPath(pathname, args);
  // Only a path that carries its own query needs merging; most calls build their query directly.
  const query = search ? new URLSearchParams(search) : undefined;
  const method = verb.toUpperCase();
  const withApiType = apiType !== false && !('api_type' in args) && !query?.has('api_type');
  const headers: Record<string, string> = {};
  let queryPairs: Array<[string, string]> = [];
  let body: string | undefined;

  if (usesQuery(verb) || bodyType === 'query') {
    queryPairs = paramPairs(args);
    if (withApiType) queryPairs.push(['api_type', apiType]);
  } else if (bodyType === 'json') {
    if (withApiType) queryPairs.push(['api_type', apiType]);
    body = jsonBody(args);
    headers['content-type'] = 'application/json';
  } else {
    const pairs = paramPairs(args);
    if (withApiType) pairs.push(['api_type', apiType]);
    body = formText(pairs);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (rawJson && args.raw_json == null && !query?.has('raw_json')) queryPairs.push(['raw_json', '1']);
  let qs: string;
  if (query) {
    // Merge: an argument replaces a same-named parameter of the path's query (never sent twice).
    for (const [k, v] of queryPairs) query.set(k, v);
    qs = query.toString();
  } else {
    qs = formText(queryPairs);
  }
  const spec: RequestSpec = { method, url: `${origin}${filled}${qs ? `?${qs}` : ''}`, headers };
  if (body !== undefined) spec.body = body;
  return spec;
}

/** The arguments of a call: a plain object (or nothing); anything else cannot be sent as parameters. */
function checkArgs(args: unknown): Args {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args)) {
    throw badArgument('The arguments', `are ${Array.isArray(args) ? 'an array' : typeof args === 'string' ? 'a string' : `a ${typeof args}`}`, "pass an object such as { limit: 10, $subreddit: 'aww' }, or nothing");
  }
  return args as Args;
}
