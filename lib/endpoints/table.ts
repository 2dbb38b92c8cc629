// Reads the packed runtime table (lib/generated/endpoints.ts, written by codegen/render/runtime.mjs).
// It ships to browsers, so paths are a tree of segments, each written once: `name=facts(children)`,
// siblings separated by `,`; a node's path is its ancestors' names and its own joined by `/`.
// Facts are one group per verb, back to back: the verb's letter, the scopes (comma-separated, none
// when any token will do), then the flags. Verb letters and flags are disjoint, so no separator.

/** One endpoint of the table. */
export interface TableEntry {
  verb: string;
  path: string;
  scopes: string[];
  /** L listing, J JSON body, Q arguments in the query, S selector template, B also under `/r/$subreddit`. */
  flags: string;
}

const VERBS: Record<string, string> = { G: 'GET', P: 'POST', U: 'PUT', A: 'PATCH', D: 'DELETE' };

/** Every endpoint of a packed table, in the table's order. */
export function unpackTable(packed: string): TableEntry[] {
  const entries: TableEntry[] = [];
  const parents: string[] = [];
  let name = '';
  for (const token of packed.match(/[(),]|=[^(),]*|[^(),=]+/g) ?? []) {
    if (token === '(') parents.push(name);
    else if (token === ')') parents.pop();
    else if (token.startsWith('=')) {
      const path = `/${[...parents, name].join('/')}`;
      for (const [, verb = '', scopes, flags = ''] of token.matchAll(/([GPUAD])([a-z,]*)([LJQSB]*)/g)) {
        entries.push({ verb: VERBS[verb]!, path, scopes: scopes ? scopes.split(',') : [], flags });
      }
    } else if (token !== ',') name = token;
  }
  return entries;
}
