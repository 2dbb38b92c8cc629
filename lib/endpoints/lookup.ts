import { ENDPOINT_TABLE } from '../generated/endpoints.js';
import { indexTable, matchEndpoint, type EndpointFacts, type EndpointIndex } from './match.js';

export { normalizePath, type EndpointFacts } from './match.js';

let table: EndpointIndex | undefined;

/**
 * Facts about the endpoint a call goes to, or undefined when the catalog does not know it.
 * `path` is what the user passed to `reddit(path)`: a template as the catalog writes it
 * (`/r/$subreddit/hot`) or a concrete path (`/r/aww/hot`), with or without `.json`.
 * `verb` is the method called (`listing` counts as `get`).
 */
export function findEndpoint(path: string, verb: string): EndpointFacts | undefined {
  return matchEndpoint((table ??= indexTable(ENDPOINT_TABLE)), path, verb);
}

/**
 * The scope a call is missing, or undefined when the granted scopes allow it. `granted` is the
 * instance's `oauth.scope`: a list of names, or `'*'` for all. An endpoint that lists several scopes
 * accepts any one of them; the answer then names them all (`read or history`).
 */
export function missingScope(endpoint: EndpointFacts, granted: readonly string[] | '*'): string | undefined {
  if (endpoint.scopes.length === 0 || granted === '*' || granted.includes('*')) return undefined;
  if (endpoint.scopes.some((s) => granted.includes(s))) return undefined;
  return endpoint.scopes.join(' or ');
}
