// The shape of a JSON answer (union.mjs merges the shapes of many recordings of one place).
// A shape keeps facts only: field names and the kinds of their values, never a value (except the
// `kind` of things, which the types need). The answers' things (`{kind: 't3', data}`) are lifted
// into a table of their own, one entry per kind, so a link is learned from every answer that holds one.
//
// A shape is a union: an array of alternatives, each one of
//   'string' | 'number' | 'boolean' | 'null' | 'empty' (an empty body)
//   { fullname: ['t3'] }   a string that was always a fullname of these kinds
//   { literal: 'x' }       the value of a `kind` field, or '' where every string seen was empty (a
//                          comment's `replies`: '' or a Listing); any other string makes it 'string'
//   { bare: 't3' }         a thing's data without its `{kind, data}` envelope (an edited link, a
//                          crosspost's parents), its data in the things table too
//   { tuple: [Union, ...] } an answer that is an array of listings (a link's page: the link, its comments)
//   { thing: 't3' }        a thing, its data in the things table
//   { listing: Union }     a Listing of these items, its envelope in the things table under `Listing`
//   { array: Union }       items of these shapes ([] when only empty arrays were seen)
//   { record: Union }      an object keyed by ids (modmail conversations, widgets, media metadata)
//   { object: { [field]: { type: Union, optional?: true } } }
// A field is optional when any recording of its object lacks it.
import { merge, mergeAll } from './union.mjs';

// Ids are lower-case base 36; a test of PRAW forged `t1_MISMATCH`, still a comment's fullname by its prefix.
const FULLNAME = /^t([1-6])_[A-Za-z0-9]+$/;
/** Keys that are ids rather than field names: base-36 ids, fullnames, widget ids, UUIDs. */
const ID_KEY = /^(?:t[1-6]_[a-z0-9]+|[a-z0-9]{4,14}|widget_[\w-]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Fields that hold objects keyed by ids (modmail's conversations, messages and actions, widgets, media), when every key is one. */
const ID_FIELDS = new Set(['conversations', 'messages', 'modActions', 'media_metadata', 'items', 'recentConvos', 'recentComments', 'recentPosts']);
/** Fields that hold objects keyed by names (a subreddit's emoji). */
const NAME_FIELDS = new Set(['snoomojis']);

/**
 * Whether an object is keyed by ids rather than field names: it sits in a field that holds such
 * objects, or every key is an id with a digit (so `over18` is no id) or a name field (the emoji
 * answer keys its maps by `snoomojis` and by subreddit fullnames). The answer: false, or the field
 * name its values are inferred under.
 * @param {Record<string, unknown>} v @param {string | undefined} key
 * @returns {false | { inner: string | undefined }}
 */
export function recordOf(v, key) {
  const keys = Object.keys(v);
  if (keys.length === 0) return false;
  if (key && NAME_FIELDS.has(key)) return { inner: undefined };
  if (key && ID_FIELDS.has(key) && keys.every((k) => /^[a-z0-9_-]+$/.test(k)) && (keys.some((k) => /\d/.test(k)) || keys.every((k) => ID_KEY.test(k)))) {
    return { inner: undefined };
  }
  const ids = keys.filter((k) => ID_KEY.test(k) && /\d/.test(k) && !/^[a-z]+\d+$/.test(k));
  const named = keys.filter((k) => NAME_FIELDS.has(k));
  if (ids.length + named.length !== keys.length || ids.length === 0) return false;
  return { inner: named[0] };
}

/** @param {unknown} v */
function isThing(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 2 && typeof (/** @type {any} */ (v).kind) === 'string' && 'data' in v;
}

/**
 * The shape of one value; things it holds are merged into `things`.
 * @param {unknown} value
 * @param {Things} things
 * @param {string} [key] the field the value sits in
 * @param {boolean} [envelope] it is the `data` of a `{kind, data}` thing
 * @returns {any[]}
 */
export function infer(value, things, key, envelope = false) {
  if (value === null) return ['null'];
  switch (typeof value) {
    case 'string': {
      if (key === 'kind' || value === '') return [{ literal: value }];
      const m = FULLNAME.exec(value);
      return [m ? { fullname: [`t${m[1]}`] } : 'string'];
    }
    case 'number':
      return ['number'];
    case 'boolean':
      return ['boolean'];
  }
  if (Array.isArray(value)) return [{ array: mergeAll(value.map((item) => infer(item, things))) }];
  const obj = /** @type {Record<string, unknown>} */ (value);
  if (isThing(obj)) {
    const kind = /** @type {string} */ (obj.kind);
    const data = /** @type {any} */ (obj.data);
    if (kind === 'Listing' && data && Array.isArray(data.children)) {
      const { children, ...envelope } = data;
      addThing(things, 'Listing', infer(envelope, things));
      return [{ listing: mergeAll(children.map((/** @type {unknown} */ c) => infer(c, things))) }];
    }
    // The inbox shows comments as messages: their data is a shape of its own (no `link_id`, a `subject`...).
    const key = kind === 't1' && data?.was_comment === true ? 't1 inbox' : kind;
    addThing(things, key, infer(data, things, undefined, true));
    return [{ thing: key }];
  }
  const bare = envelope ? undefined : bareKind(obj);
  if (bare) {
    const key = bare === 't1' && obj.was_comment === true ? 't1 inbox' : bare;
    addThing(things, key, infer(obj, things, undefined, true));
    return [{ bare: key }];
  }
  const record = recordOf(obj, key);
  if (record) return [{ record: mergeAll(Object.values(obj).map((v) => infer(v, things, record.inner))) }];
  /** @type {Record<string, {type: any[]}>} */
  const fields = {};
  for (const [raw, v] of Object.entries(obj)) {
    // The cassettes replaced the test subreddit's name, `test`, everywhere: even in `contest_mode`.
    const k = raw.replaceAll('<TEST_SUBREDDIT>', 'test');
    fields[k] = { type: infer(v, things, k) };
  }
  return [{ object: fields }];
}

/**
 * The kind of a bare thing's data: an object whose `name` is the fullname made of its `id`, with a
 * dozen fields or more (a link's data without its envelope, as `/api/editusertext` answers with
 * `richtext_json`; `/api/submit`'s `{id, name, url}` is no link).
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function bareKind(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { id, name } = /** @type {any} */ (value);
  const m = typeof name === 'string' ? FULLNAME.exec(name) : null;
  return m && name === `t${m[1]}_${id}` && Object.keys(value).length >= 12 ? `t${m[1]}` : undefined;
}

/**
 * The shape of a whole answer: like {@link infer}, but an array of listings is a tuple.
 * @param {unknown} value @param {Things} things
 */
export function inferAnswer(value, things) {
  if (Array.isArray(value) && value.length > 1 && value.length < 4 && value.every((v) => isThing(v) && ['Listing', 'UserList'].includes(v.kind))) {
    return [{ tuple: value.map((v) => infer(v, things)) }];
  }
  return infer(value, things);
}

/** A thing's data always merges into one object, whatever answer it came in. @param {Things} things @param {string} kind @param {any[]} shape */
export function addThing(things, kind, shape) {
  things.set(kind, merge(things.get(kind) ?? [], shape, true));
}
