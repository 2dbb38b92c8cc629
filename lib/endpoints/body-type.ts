import { BODY_TABLE } from '../generated/body-types.js';
import { indexTable, matchEndpoint, type EndpointIndex } from './match.js';

let table: EndpointIndex | undefined;

/**
 * How a call to a known endpoint sends its arguments when it does not say (`bodyType`): `'json'`
 * (`PATCH /api/v1/me/prefs`), `'query'` (`DELETE /api/mod/notes`), or undefined for the usual form.
 * The same answer as the whole catalog's (lib/endpoints/lookup.ts), from a table of the few
 * endpoints where it is not a form: every write asks, and the catalog is not loaded for it.
 */
export function bodyTypeOf(path: string, verb: string): 'json' | 'query' | undefined {
  const facts = matchEndpoint((table ??= indexTable(BODY_TABLE)), path, verb);
  return facts?.json ? 'json' : facts?.query ? 'query' : undefined;
}
