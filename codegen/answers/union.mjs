// How the shapes of many recordings of one place merge into one (see shape.mjs for the forms), and
// the canonical order the snapshot keeps them in. Pure, and the same whatever order recordings come in.

/** @param {any[][]} unions */
export function mergeAll(unions) {
  return unions.reduce((acc, u) => merge(acc, u), []);
}

/** The tag of a union's alternative: its name, or its one key (`object`, `thing`...). @param {any} alt */
export const tag = (alt) => (typeof alt === 'string' ? alt : Object.keys(alt)[0]);

/** The `kind` literals of an object shape, when its `kind` is only literals. @param {any} obj @returns {Set<string> | undefined} */
function discriminators(obj) {
  const kind = obj.kind?.type;
  if (!kind?.length || !kind.every((/** @type {any} */ k) => k.literal !== undefined && k.literal !== '')) return undefined;
  return new Set(kind.map((/** @type {any} */ k) => k.literal));
}

/**
 * Whether two object shapes describe the same thing. Of another `kind` (widgets): only when one's
 * fields are all the other's (rules of kind `link` and `comment` are one shape). Otherwise: an empty
 * object only matches an empty one, and others match when they share half the fields of the smaller.
 */
function sameObject(/** @type {any} */ a, /** @type {any} */ b) {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const da = discriminators(a);
  const db = discriminators(b);
  if (da && db && ![...da].some((k) => db.has(k))) return ka.every((k) => k in b) || kb.every((k) => k in a);
  if (ka.length === 0 || kb.length === 0) return ka.length === kb.length;
  const shared = ka.filter((k) => k in b).length;
  return shared * 2 >= Math.min(ka.length, kb.length);
}

/** Two object shapes as one: the fields of either, optional unless both always have them. @param {any} a @param {any} b */
function mergeObjects(a, b) {
  /** @type {Record<string, any>} */
  const fields = {};
  for (const k of new Set([...Object.keys(a.object), ...Object.keys(b.object)])) {
    const fa = a.object[k];
    const fb = b.object[k];
    const type = fa && fb ? merge(fa.type, fb.type) : (fa ?? fb).type;
    fields[k] = fa && fb && !fa.optional && !fb.optional ? { type } : { type, optional: true };
  }
  return { object: fields };
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
        for (let i = out.length - 1; i >= 0; i--) if (tag(out[i]) === 'fullname' || out[i].literal === '') out.splice(i, 1);
      }
      out.push(alt);
      continue;
    }
    if (t === 'literal' && alt.literal === '' && (out.includes('string') || out.some((x) => tag(x) === 'fullname'))) continue;
    if (t === 'fullname') {
      if (out.includes('string')) continue;
      const empty = out.findIndex((x) => x.literal === '');
      if (empty >= 0) {
        out.splice(empty, 1, 'string');
        continue;
      }
      const i = out.findIndex((x) => tag(x) === 'fullname');
      if (i < 0) out.push(alt);
      else out[i] = { fullname: [...new Set([...out[i].fullname, ...alt.fullname])].sort() };
      continue;
    }
    if (t === 'literal' || t === 'thing' || t === 'bare') {
      if (!out.some((x) => tag(x) === t && x[t] === alt[t])) out.push(alt);
      continue;
    }
    const isEmpty = (/** @type {any} */ x) => tag(x) === 'object' && Object.keys(x.object).length === 0;
    if (t === 'object' && isEmpty(alt) && out.some((x) => tag(x) === 'record')) continue;
    if (t === 'record') {
      const e = out.findIndex(isEmpty);
      if (e >= 0) out.splice(e, 1);
    }
    if (t === 'object') {
      const i = out.findIndex((x) => tag(x) === 'object' && (oneObject || sameObject(x.object, alt.object)));
      if (i < 0) out.push(alt);
      else out[i] = mergeObjects(out[i], alt);
      continue;
    }
    if (t === 'tuple') {
      const i = out.findIndex((x) => tag(x) === 'tuple' && x.tuple.length === alt.tuple.length);
      if (i < 0) out.push(alt);
      else out[i] = { tuple: out[i].tuple.map((/** @type {any[]} */ u, /** @type {number} */ j) => merge(u, alt.tuple[j])) };
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
    if (typeof alt === 'string' || t === 'fullname' || t === 'literal' || t === 'thing' || t === 'bare') return alt;
    if (t === 'object') {
      /** @type {Record<string, any>} */
      const fields = {};
      for (const k of Object.keys(alt.object).sort()) {
        const f = alt.object[k];
        fields[k] = f.optional ? { type: canonical(f.type), optional: true } : { type: canonical(f.type) };
      }
      return { object: fields };
    }
    if (t === 'tuple') return { tuple: alt.tuple.map((/** @type {any[]} */ u) => canonical(u)) };
    return { [t]: canonical(alt[t]) };
  });
  // '' as a marker of "nothing" next to structured values stays ''; alone, it is text that happened to be empty.
  const empty = alts.findIndex((x) => x.literal === '');
  if (empty >= 0 && alts.every((x) => x.literal === '' || x === 'null')) alts.splice(empty, 1, 'string');
  const key = (/** @type {any} */ x) => `${tag(x)} ${JSON.stringify(x)}`;
  return alts.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}
