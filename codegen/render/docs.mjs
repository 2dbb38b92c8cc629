// Renders docs/endpoints.md: one table row per known endpoint, grouped by the path's first segment.
import { header, scopeText } from './common.mjs';

/** @typedef {import('../model.mjs').Endpoint} Endpoint */

/** @param {string} text */
const cell = (text) => text.replace(/\|/g, '\\|');

/** What the endpoint answers, in a table cell: a short type as is, a long one by where to read it. @param {Endpoint} e */
function answer(e) {
  if (e.result === 'unknown') return 'not recorded';
  if (e.result.length <= 48 && !e.result.includes('{ ')) return `\`${e.result}\``;
  return 'typed (see the typings)';
}

/** @param {Endpoint} e */
function group(e) {
  const parts = e.path.replace(/^\/r\/\$subreddit/, '').split('/').filter(Boolean);
  if (parts[0] === 'api') return parts[1] === 'v1' ? '/api/v1' : '/api';
  return `/${parts[0] && !parts[0].startsWith('$') ? parts[0] : ''}`;
}

/** @param {Endpoint[]} endpoints sorted by path */
export function renderDocs(endpoints) {
  const groups = new Map();
  for (const e of endpoints) groups.set(group(e), [...(groups.get(group(e)) ?? []), e]);
  let out = `${header('<!--').trimEnd()} -->

# Known endpoints

Every endpoint the typings and the scope check know (${endpoints.length} path and verb pairs). Any other path
can still be called; it is just untyped. How arguments and results are typed, and why, is in
[typings.md](typings.md). Paths are listed as templates, exactly as you pass them to \`reddit(path)\`;
a \`.json\` suffix is also accepted. Scope \`any\` means any token will do; "cookie sessions only" means the
platform does not offer the endpoint to OAuth apps; "not documented" means the platform's documentation
leaves it out (PRAW calls it), so its scope is not known and never checked. Listing endpoints can be
walked with \`.listing()\`. The answer types are learned from recorded answers (PRAW's and asyncpraw's
test cassettes); "not recorded" marks the ones no recording shows, typed \`unknown\`.
`;
  for (const [name, list] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    out += `\n## ${name}\n\n| Verb | Path | Scope | Listing | Body | Answer | What it does |\n|---|---|---|---|---|---|---|\n`;
    for (const e of list) {
      const body = e.json ? 'JSON' : e.verb === 'GET' ? '' : e.query ? 'query' : 'form';
      out += `| ${e.verb} | \`${e.path}\` | ${cell(scopeText(e))} | ${e.listing ? 'yes' : ''} | ${body} | ${cell(answer(e))} | ${cell(e.description)} |\n`;
    }
  }
  return out;
}
