// Renders lib/generated/endpoints.ts, the facts the client needs at run time. It ships to browsers,
// so it is one string of short lines (gzip shrinks the repetition well) that lib/endpoints/lookup.ts
// parses on first use: `VERB path scopes flags`, scopes comma-separated or `-`, flags any of
// L (listing), J (JSON body), S (selector template: never matched against concrete paths),
// B (both `path` and `/r/$subreddit` + `path` exist with the same facts).
import { header } from './common.mjs';
import { PREFIX } from '../merge.mjs';

/** @typedef {import('../model.mjs').Endpoint} Endpoint */

/** @param {Endpoint} e */
function facts(e) {
  const flags = `${e.listing ? 'L' : ''}${e.json ? 'J' : ''}${e.selector ? 'S' : ''}`;
  return `${e.scopes.length ? e.scopes.join(',') : '-'}${flags ? ` ${flags}` : ''}`;
}

/** @param {Endpoint[]} endpoints */
export function runtimeLines(endpoints) {
  const byKey = new Map(endpoints.map((e) => [`${e.verb} ${e.path}`, e]));
  const lines = [];
  for (const e of endpoints) {
    if (e.path.startsWith(`${PREFIX}/`)) {
      const bare = byKey.get(`${e.verb} ${e.path.slice(PREFIX.length)}`);
      if (bare && facts(bare) === facts(e)) continue;
    }
    const twin = byKey.get(`${e.verb} ${PREFIX}${e.path}`);
    const both = twin && facts(twin) === facts(e);
    const f = facts(e);
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
 * Flags: L listing, J JSON body, S selector template (matched only when typed as is),
 * B also exists under the \`/r/$subreddit\` prefix.
 */
export const ENDPOINT_TABLE = \`${lines.join('\n')}\`;
`;
}
