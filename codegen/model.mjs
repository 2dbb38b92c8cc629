// The generator's pipeline, from the raw catalog to the sorted list every renderer reads.
// Pure: the caller passes the catalog, overlay and descriptions, so tests can feed small fixtures.
import { normalize, keyOf } from './catalog.mjs';
import { mergeOverlay, PREFIX } from './merge.mjs';
import { markSelectors, callArgs } from './variants.mjs';
import { applyAnswers } from './answers/results.mjs';

/**
 * @typedef {import('./catalog.mjs').Arg} Arg
 * @typedef {import('./catalog.mjs').EndpointRecord & { callArgs: Arg[], result: string, description: string }} Endpoint
 */

const VERB_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Where a record's description is looked up: the unprefixed path, so twins share one text. @param {{verb: string, path: string}} r */
export function descriptionKey(r) {
  return keyOf({ verb: r.verb, path: r.path.startsWith(`${PREFIX}/`) ? r.path.slice(PREFIX.length) : r.path });
}

/**
 * @param {any[]} catalog raw catalog entries
 * @param {any} overlay
 * @param {Record<string, string>} descriptions by {@link descriptionKey}
 * @param {ReturnType<typeof import('./answers/prepare.mjs').prepareAnswers>} [answers] the recorded answers; without them, results are the catalog's
 * @returns {Endpoint[]}
 */
export function buildModel(catalog, overlay, descriptions, answers) {
  const records = mergeOverlay(catalog.map(normalize), overlay);
  const selectors = markSelectors(records);
  if (answers) applyAnswers(records, selectors, answers, answers.names);
  const used = new Set();
  const out = records.map((rec) => {
    const dk = descriptionKey(rec);
    const description = descriptions[dk];
    if (!description) throw new Error(`no description for ${dk} (add one to codegen/descriptions.json)`);
    used.add(dk);
    if (rec.listing && !rec.item) rec.item = 'Thing';
    const result = rec.result ?? (rec.listing ? `Listing<${rec.item}>` : 'unknown');
    return { ...rec, result, description, callArgs: callArgs(rec, selectors.get(rec)) };
  });
  const stale = Object.keys(descriptions).filter((k) => !used.has(k));
  if (stale.length) throw new Error(`descriptions for unknown endpoints: ${stale.join(', ')}`);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : VERB_ORDER.indexOf(a.verb) - VERB_ORDER.indexOf(b.verb)));
}
