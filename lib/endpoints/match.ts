import { unpackTable } from './table.js';

/** What the client needs to know about a known endpoint before sending a call. */
export interface EndpointFacts {
  /** OAuth scopes that allow the call (any one of them); empty when any token will do. */
  scopes: string[];
  /** The endpoint wants a JSON body rather than a form. */
  json: boolean;
  /** The endpoint reads its arguments from the query string, whatever the verb (`DELETE /api/mod/notes`). */
  query: boolean;
  /** The endpoint answers a Listing. */
  listing: boolean;
}

interface Template {
  segments: string[];
  facts: EndpointFacts;
  /** How many segments are literal: the most specific template wins. */
  literals: number;
}

/** A packed table (lib/generated/), ready to match paths against. */
export interface EndpointIndex {
  /** By `VERB path` exactly as the catalog writes the template. */
  exact: Map<string, EndpointFacts>;
  /** By verb, the templates a concrete path may match (selector templates left out). */
  templates: Map<string, Template[]>;
  /** Answers given, by `verb path` as called: a bot calls the same few paths over and over. */
  memo: Map<string, EndpointFacts | undefined>;
}

const PREFIX = '/r/$subreddit';

/** Reads a packed table into maps (once per table: its reader keeps the result). */
export function indexTable(packed: string): EndpointIndex {
  const built: EndpointIndex = { exact: new Map(), templates: new Map(), memo: new Map() };
  for (const { verb, path, scopes, flags } of unpackTable(packed)) {
    const facts: EndpointFacts = { scopes, json: flags.includes('J'), query: flags.includes('Q'), listing: flags.includes('L') };
    for (const p of flags.includes('B') ? [path, PREFIX + path] : [path]) {
      built.exact.set(`${verb} ${p}`, facts);
      if (flags.includes('S') || !p.includes('$')) continue;
      const segments = p.split('/');
      const list = built.templates.get(verb) ?? [];
      list.push({ segments, facts, literals: segments.filter((s) => !s.startsWith('$')).length });
      built.templates.set(verb, list);
    }
  }
  return built;
}

/** The pathname part of what the user typed, without a query, a trailing `/` or a `.json` suffix. */
export function normalizePath(input: string): string {
  let path = input.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.endsWith('.json') ? path.slice(0, -5) : path;
}

/** A concrete segment matches a `$param`; a typed `$param` matches only a `$param`. */
function segmentMatches(template: string, given: string): boolean {
  if (template.startsWith('$')) return given !== '';
  return !given.startsWith('$') && template === given;
}

/**
 * The facts of the endpoint `path` goes to in `index`, or undefined. `path` is what the user passed
 * to `reddit(path)`: a template as the catalog writes it (`/r/$subreddit/hot`) or a concrete path
 * (`/r/aww/hot`), with or without `.json`. `verb` is the method called (`listing` counts as `get`).
 */
export function matchEndpoint(index: EndpointIndex, path: string, verb: string): EndpointFacts | undefined {
  const key = `${verb} ${path}`;
  const { memo } = index;
  if (memo.has(key)) return memo.get(key);
  if (memo.size >= 512) memo.clear();
  const facts = match(index, path, verb);
  memo.set(key, facts);
  return facts;
}

function match({ exact, templates }: EndpointIndex, path: string, verb: string): EndpointFacts | undefined {
  const v = verb.toLowerCase() === 'listing' ? 'GET' : verb.toUpperCase();
  const p = normalizePath(path);
  const hit = exact.get(`${v} ${p}`);
  if (hit) return hit;
  const given = p.split('/');
  let best: Template | undefined;
  for (const t of templates.get(v) ?? []) {
    if (t.segments.length !== given.length || (best && best.literals >= t.literals)) continue;
    if (t.segments.every((s, i) => segmentMatches(s, given[i]!))) best = t;
  }
  return best?.facts;
}
