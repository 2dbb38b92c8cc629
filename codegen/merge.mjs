// Applies the project's overlay (codegen/overlay.json) to the normalised catalog: removals, path
// fixes, new endpoints (`add`; `praw`: those PRAW calls that the catalog lacked), per-endpoint corrections, and `/r/$subreddit` twins. A patch keyed by the
// unprefixed path also applies to its `/r/$subreddit` twin, because the catalog documents the two
// as one endpoint.
import { keyOf } from './catalog.mjs';

/** @typedef {import('./catalog.mjs').EndpointRecord} EndpointRecord */

export const PREFIX = '/r/$subreddit';

/** @param {string} key */
function splitKey(key) {
  const space = key.indexOf(' ');
  if (space < 0) throw new Error(`overlay key "${key}" must be "VERB /path"`);
  return { verb: key.slice(0, space).toUpperCase(), path: key.slice(space + 1) };
}

/**
 * @param {EndpointRecord} rec
 * @param {any} patch
 * @param {string} where for error messages
 */
export function applyPatch(rec, patch, where) {
  for (const field of ['scopes', 'listing', 'json', 'result', 'item', 'listingIndex', 'oauth', 'undocumented', 'answerOf', 'answerNote', 'query']) {
    if (field in patch) /** @type {any} */ (rec)[field] = patch[field];
  }
  for (const [name, type] of Object.entries(patch.args ?? {})) {
    const i = rec.args.findIndex((a) => a.name === name);
    if (type === null) {
      if (i < 0) throw new Error(`${where}: cannot remove unknown argument ${name}`);
      rec.args.splice(i, 1);
    } else if (i >= 0) rec.args[i] = { ...rec.args[i], type: /** @type {string} */ (type) };
    else rec.args.push({ name, type: /** @type {string} */ (type), required: false });
  }
  for (const name of patch.required ?? []) {
    const arg = rec.args.find((a) => a.name === name);
    if (!arg) throw new Error(`${where}: required argument ${name} is not an argument`);
    arg.required = true;
  }
}

/**
 * @param {EndpointRecord[]} records normalised catalog (not mutated)
 * @param {any} overlay
 * @returns {EndpointRecord[]}
 */
export function mergeOverlay(records, overlay) {
  /** @type {Map<string, EndpointRecord>} */
  const byKey = new Map(records.map((r) => [keyOf(r), structuredClone(r)]));
  const need = (/** @type {string} */ key, /** @type {string} */ what) => {
    const rec = byKey.get(key);
    if (!rec) throw new Error(`overlay ${what}: no endpoint "${key}"`);
    return rec;
  };
  for (const key of overlay.remove ?? []) {
    need(key, 'remove');
    byKey.delete(key);
  }
  for (const [key, path] of Object.entries(overlay.rename ?? {})) {
    const rec = need(key, 'rename');
    byKey.delete(key);
    rec.path = /** @type {string} */ (path);
    byKey.set(keyOf(rec), rec);
  }
  // `praw`: the endpoints PRAW calls that the catalog lacked, added like `add` and marked (their
  // scopes are not checked at run time: render/runtime.mjs).
  for (const [list, praw] of [[overlay.add, false], [overlay.praw, true]]) {
    for (const add of list ?? []) {
      const { verb, path } = splitKey(add.key);
      if (byKey.has(add.key)) throw new Error(`overlay add: "${add.key}" already exists`);
      const base = add.like ? need(add.like, 'add.like') : undefined;
      /** @type {EndpointRecord} */
      const rec = {
        verb, path, scopes: [], oauth: true, listing: false, json: false,
        ...(base ? structuredClone({ ...base, verb, path }) : { args: [] }),
        ...(praw ? { praw } : {}),
      };
      applyPatch(rec, add, `add ${add.key}`);
      byKey.set(add.key, rec);
    }
  }
  for (const key of overlay.prefixed ?? []) {
    const rec = need(key, 'prefixed');
    const twin = { ...structuredClone(rec), path: PREFIX + rec.path };
    if (byKey.has(keyOf(twin))) throw new Error(`overlay prefixed: "${keyOf(twin)}" already exists`);
    byKey.set(keyOf(twin), twin);
  }
  for (const [key, patch] of Object.entries(overlay.patch ?? {})) {
    const { verb, path } = splitKey(key);
    const targets = [path, PREFIX + path].map((p) => byKey.get(`${verb} ${p}`)).filter((r) => r !== undefined);
    if (targets.length === 0) throw new Error(`overlay patch: no endpoint "${key}"`);
    for (const rec of targets) applyPatch(rec, patch, `patch ${key}`);
  }
  return [...byKey.values()];
}
