// The shape of a JSON answer, and how the shapes of many recordings of one place merge into one.
// A shape keeps facts only: field names and the kinds of their values, never a value (except the
// `kind` of things, which the types need). The answers' things (`{kind: 't3', data}`) are lifted
// into a table of their own, one entry per kind, so a link is learned from every answer that holds one.
//
// A shape is a union: an array of alternatives, each one of
//   'string' | 'number' | 'boolean' | 'null' | 'empty' (an empty body)
//   { fullname: ['t3'] }   a string that was always a fullname of these kinds
//   { literal: 'x' }       the value of a `kind` field
//   { thing: 't3' }        a thing, its data in the things table
//   { listing: Union }     a Listing of these items, its envelope in the things table under `Listing`
//   { array: Union }       items of these shapes ([] when only empty arrays were seen)
//   { record: Union }      an object keyed by ids (modmail conversations, widgets, media metadata)
//   { object: { [field]: { type: Union, optional?: true } } }
// While learning, an object also carries the dates of its recordings and each field the date it was
// first seen and the last date it was missing: a field is optional when a recording made after it
// first appeared lacks it. The platform adds fields over the years; a field every recording since its
// first has is sent today, however old the recordings that predate it.

const FULLNAME = /^t([1-6])_[a-z0-9]+$/;
/** Keys that are ids rather than field names: base-36 ids with a digit, fullnames, widget ids, UUIDs. */
const ID_KEY = /^(?:t[1-6]_[a-z0-9]+|[a-z0-9]{4,14}|widget_[\w-]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Fields whose value is always keyed by ids, even when a recording holds one id without a digit. */
const RECORD_FIELDS = new Set(['conversations', 'messages', 'modActions', 'media_metadata', 'items', 'snoomojis']);

/**
 * The table of things met while inferring: kind -> union of their data shapes.
 * @typedef {Map<string, any[]>} Things
 */

/**
 * Whether an object is keyed by ids: it sits in a record field, or every key is an id (with a digit,
 * so `over18` is no id) or a record field (the emoji answer keys its maps by `snoomojis` and subreddit
 * fullnames). The answer: false, or the field name its values are inferred under.
 * @param {Record<string, unknown>} v @param {string | undefined} key
 * @returns {false | { inner: string | undefined }}
 */
function recordOf(v, key) {
  const keys = Object.keys(v);
  if (keys.length === 0) return false;
  if (key && RECORD_FIELDS.has(key)) return { inner: undefined };
  const ids = keys.filter((k) => ID_KEY.test(k) && /\d/.test(k) && !/^[a-z]+\d+$/.test(k));
  const named = keys.filter((k) => RECORD_FIELDS.has(k));
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
 * @param {string} date when it was recorded (ISO text, so dates compare as strings)
 * @param {string} [key] the field the value sits in
 * @returns {any[]}
 */
export function infer(value, things, date, key) {
  if (value === null) return ['null'];
  switch (typeof value) {
    case 'string': {
      if (key === 'kind') return [{ literal: value }];
      const m = FULLNAME.exec(value);
      return [m ? { fullname: [`t${m[1]}`] } : 'string'];
    }
    case 'number':
      return ['number'];
    case 'boolean':
      return ['boolean'];
  }
  if (Array.isArray(value)) return [{ array: mergeAll(value.map((item) => infer(item, things, date))) }];
  const obj = /** @type {Record<string, unknown>} */ (value);
  if (isThing(obj)) {
    const kind = /** @type {string} */ (obj.kind);
    const data = /** @type {any} */ (obj.data);
    if (kind === 'Listing' && data && Array.isArray(data.children)) {
      const { children, ...envelope } = data;
      addThing(things, 'Listing', infer(envelope, things, date));
      return [{ listing: mergeAll(children.map((/** @type {unknown} */ c) => infer(c, things, date))) }];
    }
    // The inbox shows comments as messages: their data is a shape of its own (no `link_id`, a `subject`...).
    const key = kind === 't1' && data?.was_comment === true ? 't1 inbox' : kind;
    addThing(things, key, infer(data, things, date));
    return [{ thing: key }];
  }
  const record = recordOf(obj, key);
  if (record) return [{ record: mergeAll(Object.values(obj).map((v) => infer(v, things, date, record.inner))) }];
  /** @type {Record<string, {type: any[], first: string}>} */
  const fields = {};
  for (const [raw, v] of Object.entries(obj)) {
    // The cassettes replaced the test subreddit's name, `test`, everywhere: even in `contest_mode`.
    const k = raw.replaceAll('<TEST_SUBREDDIT>', 'test');
    fields[k] = { type: infer(v, things, date, k), first: date };
  }
  return [{ object: fields, last: date }];
}

/** A thing's data always merges into one object, whatever answer it came in. @param {Things} things @param {string} kind @param {any[]} shape */
export function addThing(things, kind, shape) {
  things.set(kind, merge(things.get(kind) ?? [], shape, true));
}

/** @param {any[][]} unions */
export function mergeAll(unions) {
  return unions.reduce((acc, u) => merge(acc, u), []);
}

/** @param {any} alt */
const tag = (alt) => (typeof alt === 'string' ? alt : Object.keys(alt)[0]);

/** The one literal `kind` of an object shape, if it has one. @param {any} obj */
function discriminator(obj) {
  const kind = obj.kind?.type;
  return kind?.length === 1 && kind[0].literal !== undefined ? kind[0].literal : undefined;
}

/** Whether two object shapes describe the same thing: the same `kind` literal, or mostly the same fields. */
function sameObject(/** @type {any} */ a, /** @type {any} */ b) {
  const da = discriminator(a);
  const db = discriminator(b);
  if (da !== undefined || db !== undefined) return da === db;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length === 0 || kb.length === 0) return ka.length === kb.length;
  const shared = ka.filter((k) => k in b).length;
  return shared * 2 >= Math.min(ka.length, kb.length);
}

const later = (/** @type {string | undefined} */ x, /** @type {string | undefined} */ y) => (x === undefined ? y : y === undefined || x > y ? x : y);
const earlier = (/** @type {string} */ x, /** @type {string} */ y) => (x < y ? x : y);

/** Two object shapes as one: fields of either, each with its first date and last date missing. @param {any} a @param {any} b */
function mergeObjects(a, b) {
  /** @type {Record<string, any>} */
  const fields = {};
  for (const k of new Set([...Object.keys(a.object), ...Object.keys(b.object)])) {
    const fa = a.object[k];
    const fb = b.object[k];
    if (fa && fb) {
      const missing = later(fa.missing, fb.missing);
      fields[k] = { type: merge(fa.type, fb.type), first: earlier(fa.first, fb.first), ...(missing ? { missing } : {}) };
    } else {
      const f = fa ?? fb;
      fields[k] = { ...f, missing: later(f.missing, (fa ? b : a).last) };
    }
  }
  return { object: fields, last: later(a.last, b.last) };
}

/**
 * Two unions as one. `oneObject`: every object alternative merges into one (a thing's data).
 * @param {any[]} a
 * @param {any[]} b
 * @param {boolean} [oneObject]
 * @returns {any[]}
 */
export function merge(a, b, oneObject = false) {
  const out = [...a];
  for (const alt of b) {
    const t = tag(alt);
    if (typeof alt === 'string') {
      if (out.includes(alt)) continue;
      if (alt === 'string') {
        for (let i = out.length - 1; i >= 0; i--) if (tag(out[i]) === 'fullname') out.splice(i, 1);
      }
      out.push(alt);
      continue;
    }
    if (t === 'fullname') {
      if (out.includes('string')) continue;
      const i = out.findIndex((x) => tag(x) === 'fullname');
      if (i < 0) out.push(alt);
      else out[i] = { fullname: [...new Set([...out[i].fullname, ...alt.fullname])].sort() };
      continue;
    }
    if (t === 'literal' || t === 'thing') {
      if (!out.some((x) => tag(x) === t && x[t] === alt[t])) out.push(alt);
      continue;
    }
    if (t === 'object') {
      const i = out.findIndex((x) => tag(x) === 'object' && (oneObject || sameObject(x.object, alt.object)));
      if (i < 0) out.push(alt);
      else out[i] = mergeObjects(out[i], alt);
      continue;
    }
    // listing, array, record: one alternative each, their items merged.
    const i = out.findIndex((x) => tag(x) === t);
    if (i < 0) out.push(alt);
    else out[i] = { [t]: merge(out[i][t], alt[t]) };
  }
  return out;
}

/** A canonical form: alternatives and fields in a fixed order, so the snapshot diffs well. @param {any[]} union @returns {any[]} */
export function canonical(union) {
  const alts = union.map((alt) => {
    const t = tag(alt);
    if (typeof alt === 'string' || t === 'fullname' || t === 'literal' || t === 'thing') return alt;
    if (t === 'object') {
      /** @type {Record<string, any>} */
      const fields = {};
      for (const k of Object.keys(alt.object).sort()) {
        const f = alt.object[k];
        const optional = f.optional || (f.missing !== undefined && f.missing >= f.first);
        fields[k] = optional ? { type: canonical(f.type), optional: true } : { type: canonical(f.type) };
      }
      return { object: fields };
    }
    return { [t]: canonical(alt[t]) };
  });
  const key = (/** @type {any} */ x) => `${tag(x)} ${JSON.stringify(x)}`;
  return alts.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}
