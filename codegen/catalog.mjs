// Reads the pinned endpoint catalog (reddit-api-generator's dist/api.json) and normalises each entry
// into the record shape the rest of the generator works on. Only facts are kept (verb, path, scopes,
// listing, argument names and inferred types); the catalog's prose never reaches an output.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inferType, jsonFields } from './infer.mjs';

/**
 * @typedef {{ name: string, type: string, required: boolean }} Arg
 * @typedef {{
 *   verb: string, path: string, scopes: string[], oauth: boolean, listing: boolean, json: boolean,
 *   args: Arg[], result?: string, item?: string, listingIndex?: boolean, selector?: boolean,
 *   dotJson?: boolean, undocumented?: boolean, praw?: boolean, query?: boolean, answerOf?: string,
 *   description?: string, answerNote?: string
 * }} EndpointRecord
 */

/** Arguments the client fills itself (`api_type`) or that only matter to cookie sessions (`uh`). */
const IMPLICIT_ARGS = new Set(['uh', 'api_type']);

/** Names of the `$params` in a path. @param {string} path */
export function pathParams(path) {
  return [...path.matchAll(/\$([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

/** The raw catalog array from the installed package. */
export function readCatalog() {
  const require = createRequire(import.meta.url);
  const file = require.resolve('reddit-api-generator/dist/api.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * One catalog entry as a record. `.json` is dropped from the path (the client accepts either form),
 * arguments that repeat a `$param` are dropped, and a `This` argument (the catalog's way of saying
 * "the body is this JSON object") becomes the fields of a JSON body.
 * @param {any} raw
 * @returns {EndpointRecord}
 */
export function normalize(raw) {
  const dotJson = raw.path.endsWith('.json');
  const path = dotJson ? raw.path.slice(0, -5) : raw.path;
  const params = new Set(pathParams(path));
  /** @type {Arg[]} */
  const args = [];
  let json = false;
  for (const [name, info] of Object.entries(raw.args ?? {})) {
    const text = /** @type {{describe?: string}} */ (info).describe ?? '';
    if (IMPLICIT_ARGS.has(name) || params.has(name)) continue;
    if (name === 'This' && text.trim().startsWith('{')) {
      json = true;
      for (const f of jsonFields(text)) args.push({ name: f.name, type: f.type, required: false });
      continue;
    }
    args.push({ name, type: inferType(name, text), required: false });
  }
  const scopes = raw.oauth.filter((/** @type {string} */ s) => s !== 'any');
  return {
    verb: raw.method.toUpperCase(),
    path,
    scopes,
    oauth: 'oauth' in raw.url,
    listing: Boolean(raw.isListing),
    json,
    args,
    ...(dotJson ? { dotJson } : {}),
  };
}

/** Key of a record: verb and path. @param {{verb: string, path: string}} r */
export function keyOf(r) {
  return `${r.verb} ${r.path}`;
}
