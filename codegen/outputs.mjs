// Everything the generator writes, as { relative path: content }, from the committed inputs.
import { readFileSync } from 'node:fs';
import { readCatalog } from './catalog.mjs';
import { buildModel } from './model.mjs';
import { renderDts } from './render/dts.mjs';
import { renderRuntime } from './render/runtime.mjs';
import { renderDocs } from './render/docs.mjs';

/** @param {string} name a file next to this one */
const readJson = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));

/** @returns {Record<string, string>} */
export function generate() {
  const endpoints = buildModel(readCatalog(), readJson('./overlay.json'), readJson('./descriptions.json'));
  return {
    'typings/endpoints.d.ts': renderDts(endpoints),
    'lib/generated/endpoints.ts': renderRuntime(endpoints),
    'docs/endpoints.md': renderDocs(endpoints),
  };
}
