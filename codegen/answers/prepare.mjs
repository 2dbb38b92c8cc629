// The committed snapshot and names, made ready for the model and the renderers: named shapes put in
// place, and how each thing kind is called.
import { nameShapes } from './named.mjs';

/** `t1 inbox` -> InboxComment; a kind names.json does not know gets its own name in PascalCase. @param {string} kind */
const pascal = (kind) => kind.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');

/**
 * @param {{ endpoints: Record<string, any>, things: Record<string, any[]> }} snapshot codegen/answers/shapes.json
 * @param {{ things: Record<string, { name: string, kind?: string, doc: string }>, shapes: Record<string, { doc: string, at: string[] }>, fields: Record<string, Record<string, string>> }} names codegen/answers/names.json
 */
export function prepareAnswers(snapshot, names) {
  const { answers, named } = nameShapes(snapshot.endpoints, names.shapes);
  const data = (/** @type {string} */ kind) => names.things[kind]?.name ?? pascal(kind);
  const recordings = Object.fromEntries(Object.entries(snapshot.endpoints).map(([k, e]) => [k, e.recordings]));
  return {
    answers,
    named,
    recordings,
    things: snapshot.things,
    names: { data, thing: (/** @type {string} */ kind) => (kind === 'Listing' ? 'Listing<Thing>' : `${data(kind)}Thing`) },
    about: names,
  };
}
