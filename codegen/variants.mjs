// Selector templates: the catalog lists `/user/$username/$where` next to `/user/$username/overview`,
// `/user/$username/comments`... The template's last `$param` can only be one of its siblings' last
// segments, so it is typed as that union, and the runtime never matches a concrete path against it
// (a concrete path should hit its literal sibling, or nothing).
import { pathParams } from './catalog.mjs';

/** @typedef {import('./catalog.mjs').EndpointRecord} EndpointRecord */

/** @param {string} path */
function parentAndLast(path) {
  const cut = path.lastIndexOf('/');
  return { parent: path.slice(0, cut), last: path.slice(cut + 1) };
}

/** @param {EndpointRecord} r */
const argNames = (r) => r.args.map((a) => a.name).sort().join(',');

/**
 * Marks selector templates and returns, per template key, the values its last `$param` may take.
 * Siblings are endpoints with the same verb and parent path, a literal last segment, and the same
 * argument names once the template's `$param` (which the catalog also lists as an argument) is removed.
 * @param {EndpointRecord[]} records mutated: templates get `selector`, siblings lose the repeated argument
 * @returns {Map<EndpointRecord, string[]>}
 */
export function markSelectors(records) {
  /** @type {Map<EndpointRecord, string[]>} */
  const found = new Map();
  for (const tpl of records) {
    const { parent, last } = parentAndLast(tpl.path);
    if (!/^\$\w+$/.test(last)) continue;
    const param = last.slice(1);
    const own = argNames(tpl);
    const siblings = records.filter((r) => {
      if (r === tpl || r.verb !== tpl.verb) return false;
      const p = parentAndLast(r.path);
      if (p.parent !== parent || p.last.startsWith('$')) return false;
      return argNames({ ...r, args: r.args.filter((a) => a.name !== param) }) === own;
    });
    if (siblings.length < 2) continue;
    for (const s of siblings) s.args = s.args.filter((a) => a.name !== param);
    tpl.selector = true;
    found.set(tpl, siblings.map((s) => parentAndLast(s.path).last).sort());
  }
  return found;
}

/**
 * The argument list a call needs: every `$param` (required; a selector's typed as the union of its
 * values), then the endpoint's own arguments.
 * @param {EndpointRecord} rec
 * @param {string[] | undefined} selectorValues
 */
export function callArgs(rec, selectorValues) {
  const params = pathParams(rec.path);
  const last = params[params.length - 1];
  const fromPath = params.map((name) => ({
    name: `$${name}`,
    type: selectorValues && name === last ? selectorValues.map((v) => JSON.stringify(v)).join(' | ') : 'string',
    required: true,
  }));
  return [...fromPath, ...rec.args];
}
