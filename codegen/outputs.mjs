// Everything the generator writes, as { relative path: content }, from the committed inputs.
import { readFileSync } from 'node:fs';
import { readCatalog } from './catalog.mjs';
import { buildModel } from './model.mjs';
import { renderDts } from './render/dts.mjs';
import { renderRuntime } from './render/runtime.mjs';
import { renderDocs } from './render/docs.mjs';
import { renderThings } from './render/things.mjs';
import { prepareAnswers } from './answers/prepare.mjs';
import { header } from './render/common.mjs';

/** @param {string} name a file next to this one */
const readJson = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

/** @returns {Record<string, string>} */
export function generate() {
  const answers = prepareAnswers(readJson('./answers/shapes.json'), readJson('./answers/names.json'));
  const endpoints = buildModel(readCatalog(), readJson('./overlay.json'), readJson('./descriptions.json'), answers);
  return {
    'typings/endpoints.d.ts': renderDts(endpoints, answers),
    'typings/things.d.ts': renderThings(answers, header('//')),
    'lib/generated/endpoints.ts': renderRuntime(endpoints),
    'docs/endpoints.md': renderDocs(endpoints),
  };
}
