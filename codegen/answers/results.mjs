// What each endpoint answers, from the recordings: its result type, the item type of a listing, and
// a note for the typing's JSDoc saying where the type comes from. A recording wins over the catalog
// (an endpoint the catalog calls a listing but that answers a UserList is no listing); an endpoint
// without one keeps what the catalog says, and says so.
import { PREFIX } from '../merge.mjs';
import { canonical, merge } from './union.mjs';
import { typeText } from './types.mjs';

/** @typedef {import('./types.mjs').Names} Names */

/** @param {{ verb: string, path: string }} r */
function twinKey(r) {
  return r.path.startsWith(`${PREFIX}/`) ? `${r.verb} ${r.path.slice(PREFIX.length)}` : `${r.verb} ${PREFIX}${r.path}`;
}

/**
 * The recorded answer of an endpoint: the one the overlay says it shares (`answerOf`), its own and
 * its `/r/$subreddit` twin's (one endpoint to the platform), or, for a selector template, its siblings'.
 * @param {any} rec @param {Map<string, any[]>} answers @param {string[] | undefined} siblings
 * @returns {{ union: any[], from: string } | undefined}
 */
function recorded(rec, answers, siblings) {
  // Another verb of the same handler (GET and POST /api/morechildren) answers alike.
  if (rec.answerOf && answers.has(rec.answerOf)) return { union: /** @type {any[]} */ (answers.get(rec.answerOf)), from: rec.answerOf };
  const own = answers.get(`${rec.verb} ${rec.path}`);
  const twin = answers.get(twinKey(rec));
  // An endpoint and its `/r/$subreddit` form are one endpoint to the platform: their recordings merge.
  if (own || twin) return { union: own && twin ? canonical(merge(own, twin)) : /** @type {any[]} */ (own ?? twin), from: 'own' };
  if (!siblings) return undefined;
  const parent = rec.path.slice(0, rec.path.lastIndexOf('/'));
  let union = [];
  let any = false;
  for (const value of siblings) {
    const sibling = recorded({ verb: rec.verb, path: `${parent}/${value}` }, answers, undefined);
    if (!sibling) continue;
    union = merge(union, sibling.union);
    any = true;
  }
  return any ? { union: canonical(union), from: 'siblings' } : undefined;
}

/** Items of a listing answer, or of every listing of a tuple; undefined when it is no listing. @param {any[]} union */
function listingItems(union) {
  if (union.length !== 1) return undefined;
  const [alt] = union;
  if (typeof alt !== 'object') return undefined;
  if ('listing' in alt) return { items: alt.listing, tuple: false };
  if ('tuple' in alt && alt.tuple.every((/** @type {any[]} */ u) => u.length === 1 && 'listing' in u[0])) {
    return { items: alt.tuple.reduce((/** @type {any[]} */ acc, /** @type {any[]} */ u) => merge(acc, u[0].listing), []), tuple: true };
  }
  return undefined;
}

/**
 * Sets `result`, `item`, `listing` and `answerNote` of each record from the recorded answers.
 * @param {any[]} records the model's records (changed in place)
 * @param {Map<any, string[]>} selectors selector templates and their values
 * @param {{ answers: Map<string, any[]>, recordings: Record<string, number> }} snapshot answers with named shapes in place
 * @param {Names} names
 */
export function applyAnswers(records, selectors, snapshot, names) {
  for (const rec of records) {
    const found = recorded(rec, snapshot.answers, selectors.get(rec));
    if (!found) {
      rec.answerNote ??= rec.listing || rec.result
        ? 'No recorded answer: typed as the catalog describes it.'
        : 'No recorded answer: `unknown` (name the type you expect: `get<T>()`).';
      continue;
    }
    if (rec.result) throw new Error(`overlay: ${rec.verb} ${rec.path} has a recorded answer, so its hand-written result must go`);
    // Typed from recordings is the rule (docs/typings.md); only another endpoint's recordings are worth a word.
    rec.answerNote = found.from === 'own' || found.from === 'siblings' ? undefined : `Answer typed from the recordings of \`${found.from}\`.`;
    const listing = listingItems(found.union);
    rec.listing = Boolean(listing && !listing.tuple);
    if (!listing) {
      rec.listingIndex = false;
      rec.result = typeText(found.union, names);
      continue;
    }
    if (listing.items.length === 0) {
      // Only empty pages were recorded: the items stay what the catalog says.
      rec.answerNote = 'Recorded pages held no items: the items are typed as the catalog describes them.';
      rec.item ??= 'Thing';
    } else rec.item = typeText(listing.items, names);
    rec.result = listing.tuple ? typeText(found.union, names) : `Listing<${rec.item}>`;
  }
}
