// Renders lib/generated/endpoints.ts, the facts the client needs at run time. It ships to browsers,
// so the lines `VERB path scopes flags` (scopes comma-separated or `-`) are packed into a tree of
// path segments (packTable) that lib/endpoints/table.ts reads on first use. Flags: any of
// L (listing), J (JSON body), Q (arguments in the query, whatever the verb), S (selector template:
// never matched against concrete paths),
// B (both `path` and `/r/$subreddit` + `path` exist with the same facts). An endpoint the client
// would treat as unknown anyway (no scope to check, a form body) is left out, unless a concrete path
// of it could then match another template that has facts.
import { header } from './common.mjs';
import { PREFIX } from '../merge.mjs';

/** @typedef {import('../model.mjs').Endpoint} Endpoint */

/** @param {Endpoint} e */
function factsOf(e) {
  const flags = `${e.listing ? 'L' : ''}${e.json ? 'J' : ''}${e.query ? 'Q' : ''}${e.selector ? 'S' : ''}`;
  return `${e.scopes.length && !e.praw ? e.scopes.join(',') : '-'}${flags ? ` ${flags}` : ''}`;
}

/**
 * Whether the client acts on what it knows of an endpoint: a scope to check, or a JSON body or query
 * to send. The scopes of the endpoints added from PRAW's list (overlay `praw`) are typed and
 * documented but never checked before sending (the platform's 403 names a missing scope): checking
 * them took the IIFE 0.6 KB gzip over its budget. Their JSON bodies and queries are always here.
 * @param {Endpoint} e
 */
const matters = (e) => (e.scopes.length > 0 && !e.praw) || e.json || Boolean(e.query);

/** Whether some concrete path could match both templates. @param {string} a @param {string} b */
function overlap(a, b) {
  const sa = a.split('/');
  const sb = b.split('/');
  return sa.length === sb.length && sa.every((s, i) => s.startsWith('$') || /** @type {string} */ (sb[i]).startsWith('$') || s === sb[i]);
}

/** @param {Endpoint[]} all */
export function runtimeLines(all) {
  const facts = all.filter((e) => matters(e) && !e.selector);
  const endpoints = all.filter((e) => matters(e) || (!e.selector && facts.some((f) => f !== e && f.verb === e.verb && overlap(f.path, e.path))));
  const byKey = new Map(endpoints.map((e) => [`${e.verb} ${e.path}`, e]));
  const lines = [];
  for (const e of endpoints) {
    if (e.path.startsWith(`${PREFIX}/`)) {
      const bare = byKey.get(`${e.verb} ${e.path.slice(PREFIX.length)}`);
      if (bare && factsOf(bare) === factsOf(e)) continue;
    }
    const twin = byKey.get(`${e.verb} ${PREFIX}${e.path}`);
    const both = twin && factsOf(twin) === factsOf(e);
    const f = factsOf(e);
    lines.push(`${e.verb} ${e.path} ${both ? (f.includes(' ') ? `${f}B` : `${f} B`) : f}`);
  }
  return lines;
}

const VERB_LETTERS = /** @type {Record<string, string>} */ ({ GET: 'G', POST: 'P', PUT: 'U', PATCH: 'A', DELETE: 'D' });

/**
 * The lines as the tree lib/endpoints/table.ts reads: each path segment written once,
 * `name=facts(children)`, facts one group a verb (its letter, scopes, flags). About 20 % smaller
 * gzipped than the lines, which grew with every endpoint PRAW calls.
 * @param {string[]} lines
 */
export function packTable(lines) {
  /** @typedef {{ facts: string, children: Map<string, Node> }} Node */
  /** @type {Node} */
  const root = { facts: '', children: new Map() };
  for (const line of lines) {
    const [verb = '', path = '', scopes = '-', flags = ''] = line.split(' ');
    const letter = VERB_LETTERS[verb];
    const segments = path.split('/').slice(1);
    if (!letter || segments.some((s) => !/^[^(),=\s'`\\]+$/.test(s)) || /[^LJQSB]/.test(flags) || !/^(-|[a-z,]+)$/.test(scopes)) {
      throw new Error(`runtime table: cannot pack "${line}"`);
    }
    let node = root;
    for (const s of segments) {
      const next = node.children.get(s) ?? { facts: '', children: new Map() };
      node.children.set(s, next);
      node = next;
    }
    node.facts += `${letter}${scopes === '-' ? '' : scopes}${flags}`;
  }
  /** @param {Node} node @returns {string} */
  const text = (node) => [...node.children].map(([name, n]) => `${name}${n.facts ? `=${n.facts}` : ''}${n.children.size ? `(${text(n)})` : ''}`).join(',');
  return text(root);
}

/**
 * The lines of the body-type table (lib/generated/body-types.ts): the writes whose arguments travel
 * as JSON or in the query, and the templates of the same verb a concrete path of theirs could match
 * instead (the most specific template decides, as in the whole table), without their scopes. Every
 * call reads it (a page's first part); the whole table is loaded only to check a narrowed scope.
 * @param {string[]} lines what runtimeLines gives
 */
export function bodyLines(lines) {
  const parsed = lines.map((line) => {
    const [verb = '', path = '', , flags = ''] = line.split(' ');
    return { verb, path, flags };
  });
  /** @param {{ path: string, flags: string }} e */
  const paths = (e) => (e.flags.includes('B') ? [e.path, `${PREFIX}${e.path}`] : [e.path]);
  const special = parsed.filter((e) => e.verb !== 'GET' && /[JQ]/.test(e.flags));
  const near = (/** @type {typeof parsed[number]} */ e) =>
    !e.flags.includes('S') && special.some((s) => s.verb === e.verb && paths(s).some((a) => paths(e).some((b) => overlap(a, b))));
  return parsed
    .filter((e) => special.includes(e) || near(e))
    .map(({ verb, path, flags }) => {
      const kept = flags.replace(/[^JQSB]/g, '');
      return `${verb} ${path} -${kept ? ` ${kept}` : ''}`;
    });
}

/** @param {Endpoint[]} endpoints */
export function renderBodyTypes(endpoints) {
  return `${header('//')}
/**
 * The known endpoints whose arguments do not travel as a form (J: a JSON body, Q: the query string,
 * whatever the verb), with the templates a concrete path of theirs could match instead, in the
 * packing of lib/generated/endpoints.ts without scopes: read by lib/endpoints/body-type.ts on every
 * write, so that a call learns its body type without loading the whole table.
 */
export const BODY_TABLE = '${packTable(bodyLines(runtimeLines(endpoints)))}';
`;
}

/** @param {Endpoint[]} endpoints */
export function renderRuntime(endpoints) {
  return `${header('//')}
/**
 * Known endpoints as a tree of path segments, \`name=facts(children)\`, read by lib/endpoints/table.ts.
 * Facts, one group a verb: G GET, P POST, U PUT, A PATCH, D DELETE; the scopes (none: any token);
 * flags L listing, J JSON body, Q arguments in the query, S selector template (matched only when
 * typed as is), B also exists under the \`/r/$subreddit\` prefix.
 */
export const ENDPOINT_TABLE = '${packTable(runtimeLines(endpoints))}';
`;
}
