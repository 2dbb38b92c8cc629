// From recorded exchanges to the snapshot: which endpoint each went to, the merged shape of its
// answers, the things they hold, and what the requests sent (argument names, JSON or form).
// Pure: the caller reads the cassettes and writes the files.
import { createHash } from 'node:crypto';
import { inferAnswer } from './shape.mjs';
import { canonical, merge } from './union.mjs';

/**
 * One recorded exchange.
 * @typedef {{
 *   file: string, verb: string, pathname: string, query: string[],
 *   body: { names: string[], json: boolean }, status: number, answer: string
 * }} Sample
 */

/** What a 2xx answer is to the client: parsed JSON, `''` when empty, the text when not JSON; undefined when the client throws. @param {string} text */
export function answerValue(text) {
  if (text === '') return { value: '' };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: text };
  }
  // A `json.errors` list with entries makes the client reject: not an answer.
  const errors = value?.json?.errors;
  if (Array.isArray(errors) && errors.length) return undefined;
  // The legacy `{jquery: [...]}` form answers requests without `api_type=json`, which the client always sends.
  if (value && typeof value === 'object' && 'jquery' in value) return undefined;
  return { value };
}

/** The shape of a recorded value, with `''` (an empty body) as `empty`; its things go to `things`. @param {unknown} value @param {Map<string, any[]>} things */
const shapeOf = (value, things) => (value === '' ? ['empty'] : inferAnswer(value, things));

/**
 * Recordings of an endpoint held back from learning, so a type test can check the types against
 * answers they were not made from: when three or more cassettes recorded the endpoint, one of them,
 * picked by a hash of its name and the endpoint (as good as random, and the same on every run).
 * @param {string} key the endpoint
 * @param {Sample[]} samples of that endpoint
 * @returns {string | undefined} the held-back file
 */
export function heldFile(key, samples) {
  const files = [...new Set(samples.map((s) => s.file))];
  if (files.length < 3) return undefined;
  const rank = (/** @type {string} */ file) => createHash('sha1').update(`${key} ${file}`).digest('hex');
  return files.sort((a, b) => (rank(a) < rank(b) ? -1 : 1))[0];
}

/**
 * @param {Sample[]} samples every exchange, in a fixed order
 * @param {(verb: string, pathname: string) => string | undefined} match
 */
export function learn(samples, match) {
  /** @type {Map<string, Sample[]>} */
  const byKey = new Map();
  /** @type {Map<string, { args: Set<string>, json: boolean, form: boolean }>} */
  const sent = new Map();
  for (const s of samples) {
    const key = match(s.verb, s.pathname);
    if (!key) continue;
    const facts = sent.get(key) ?? { args: new Set(), json: false, form: false };
    for (const name of [...s.query, ...s.body.names]) facts.args.add(name);
    if (s.body.names.length) facts[s.body.json ? 'json' : 'form'] = true;
    sent.set(key, facts);
    const parsed = s.status >= 200 && s.status <= 299 ? answerValue(s.answer) : undefined;
    if (!parsed) continue;
    const list = byKey.get(key) ?? [];
    list.push({ ...s, value: parsed.value });
    byKey.set(key, list);
  }
  const things = new Map();
  /** @type {Record<string, any>} */
  const endpoints = {};
  /** @type {Array<{ key: string, file: string, value: unknown }>} */
  const held = [];
  for (const key of [...new Set([...sent.keys(), ...byKey.keys()])].sort()) {
    const list = byKey.get(key) ?? [];
    const hold = heldFile(key, list);
    let answer = [];
    const files = new Set();
    for (const s of list) {
      const { value } = s;
      if (s.file === hold) {
        if (!held.some((h) => h.key === key)) held.push({ key, file: s.file, value });
        continue;
      }
      files.add(s.file);
      answer = merge(answer, shapeOf(value, things));
    }
    const facts = /** @type {{ args: Set<string>, json: boolean, form: boolean }} */ (sent.get(key));
    endpoints[key] = {
      ...(files.size ? { recordings: files.size, answer: canonical(answer) } : { recordings: 0 }),
      ...(hold ? { heldBack: 1 } : {}),
      sent: [...facts.args].sort(),
      ...(facts.json ? { body: facts.form ? 'json and form' : 'json' } : facts.form ? { body: 'form' } : {}),
    };
  }
  const thingTable = Object.fromEntries([...things.keys()].sort().map((k) => [k, canonical(things.get(k))]));
  return { endpoints, things: thingTable, held };
}
