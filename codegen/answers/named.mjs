// Named shapes: objects inside answers worth a name of their own (a modmail conversation, a rule, a
// widget). codegen/answers/names.json says where each sits; this collects the shapes found there into
// one (merged like recordings of one place) and puts the name in their place.
import { canonical, merge } from './union.mjs';

/** @param {any} alt */
const isEnvelope = (alt) => Object.keys(alt.object).length === 1 && 'json' in alt.object;

/**
 * The union with the objects at `steps` replaced by `{ named }`; what was replaced goes to `found`.
 * @param {any[]} union @param {string[]} steps @param {string} name @param {any[]} found
 * @returns {any[]}
 */
function replaceAt(union, steps, name, found) {
  if (steps.length === 0) {
    const out = [];
    for (const alt of union) {
      if (typeof alt === 'object' && 'object' in alt && !isEnvelope(alt)) {
        found.push(alt);
        if (!out.some((x) => x.named === name)) out.push({ named: name });
      } else out.push(alt);
    }
    return out;
  }
  const [step, ...rest] = steps;
  return union.map((alt) => {
    if (typeof alt !== 'object') return alt;
    if (step === '*') {
      for (const t of ['array', 'record', 'listing']) if (t in alt) return { [t]: replaceAt(alt[t], rest, name, found) };
      return alt;
    }
    if (!('object' in alt) || !(step in alt.object)) return alt;
    const field = alt.object[step];
    return { object: { ...alt.object, [step]: { ...field, type: replaceAt(field.type, rest, name, found) } } };
  });
}

/**
 * @param {Record<string, { answer?: any[] }>} endpoints the snapshot's endpoints (not changed)
 * @param {Record<string, { at: string[] }>} shapes names.json's `shapes`
 * @returns {{ answers: Map<string, any[]>, named: Map<string, any[]> }}
 */
export function nameShapes(endpoints, shapes) {
  const answers = new Map(Object.entries(endpoints).filter(([, e]) => e.answer).map(([k, e]) => [k, /** @type {any[]} */ (e.answer)]));
  const named = new Map();
  for (const [name, { at }] of Object.entries(shapes)) {
    let union = [];
    for (const where of at) {
      const [verb, path, position = ''] = where.split(' ');
      const key = `${verb} ${path}`;
      const answer = answers.get(key);
      if (!answer) throw new Error(`names.json: ${name} sits in "${key}", which has no recorded answer`);
      const found = [];
      answers.set(key, replaceAt(answer, position ? position.split('.') : [], name, found));
      if (found.length === 0) throw new Error(`names.json: nothing to name ${name} at "${where}"`);
      for (const alt of found) union = merge(union, [alt]);
    }
    named.set(name, canonical(union));
  }
  return { answers, named };
}
