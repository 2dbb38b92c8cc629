// Everything the generator writes, as { relative path: content }, from the committed inputs.
import { readFileSync } from 'node:fs';
import { readCatalog } from './catalog.mjs';
import { buildModel } from './model.mjs';
import { renderDts } from './render/dts.mjs';
import { renderBodyTypes, renderRuntime } from './render/runtime.mjs';
import { renderDocs } from './render/docs.mjs';
import { renderThings } from './render/things.mjs';
import { prepareAnswers } from './answers/prepare.mjs';
import { header } from './render/common.mjs';

/** @param {string} name a file next to this one */
const readJson = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

/** The committed answers, made ready for the model. */
export const committedAnswers = () => prepareAnswers(readJson('./answers/shapes.json'), readJson('./answers/names.json'));

/**
 * Every endpoint, as the committed inputs describe it. `answers: null` builds it without the recorded
 * answers (what codegen/answers/extract.mjs learns them for).
 * @param {ReturnType<typeof committedAnswers> | null} [answers]
 */
export function endpointModel(answers = committedAnswers()) {
  return buildModel(readCatalog(), readJson('./overlay.json'), readJson('./descriptions.json'), answers ?? undefined);
}

/** @returns {Record<string, string>} */
export function generate() {
  const answers = committedAnswers();
  const endpoints = endpointModel(answers);
  return {
    'typings/endpoints.d.ts': renderDts(endpoints, answers),
    'typings/things.d.ts': renderThings(answers, header('//')),
    'lib/generated/endpoints.ts': renderRuntime(endpoints),
    'lib/generated/body-types.ts': renderBodyTypes(endpoints),
    'docs/endpoints.md': renderDocs(endpoints),
  };
}
