// Renders lib/generated/endpoints.ts, the facts the client needs at run time. It ships to browsers,
// so it is one string of short lines (gzip shrinks the repetition well) that lib/endpoints/lookup.ts
// parses on first use: `VERB path scopes flags`, scopes comma-separated or `-`, flags any of
// L (listing), J (JSON body), Q (arguments in the query, whatever the verb), S (selector template:
// never matched against concrete paths),
// B (both `path` and `/r/$subreddit` + `path` exist with the same facts). An endpoint the client
// would treat as unknown anyway (no scope, a form body) is left out, unless a concrete path of it
// could then match another template that has facts.
import { header } from './common.mjs';
import { PREFIX } from '../merge.mjs';

/** @typedef {import('../model.mjs').Endpoint} Endpoint */

/** @param {Endpoint} e */
function factsOf(e) {
  const flags = `${e.listing ? 'L' : ''}${e.json ? 'J' : ''}${e.query ? 'Q' : ''}${e.selector ? 'S' : ''}`;
  return `${e.scopes.length ? e.scopes.join(',') : '-'}${flags ? ` ${flags}` : ''}`;
}

/** Whether the client acts on what it knows of an endpoint: a scope to check, or a JSON body or query to send. @param {Endpoint} e */
const matters = (e) => e.scopes.length > 0 || e.json || Boolean(e.query);

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

/** @param {Endpoint[]} endpoints */
export function renderRuntime(endpoints) {
  const lines = runtimeLines(endpoints);
  const unsafe = lines.find((l) => /[`\\]|\$\{/.test(l));
  if (unsafe) throw new Error(`cannot put "${unsafe}" in a template literal`);
  return `${header('//')}
/**
 * Known endpoints, one a line: \`VERB path scopes flags\`. Scopes: comma-separated, \`-\` for none.
 * Flags: L listing, J JSON body, Q arguments in the query, S selector template (matched only when typed as is),
 * B also exists under the \`/r/$subreddit\` prefix.
 */
export const ENDPOINT_TABLE = \`${lines.join('\n')}\`;
`;
}
