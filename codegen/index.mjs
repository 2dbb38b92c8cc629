// The generator's pure parts, in one import for the tests (see index.d.mts for their types).
export { inferType, enumType, jsonFields } from './infer.mjs';
export { normalize, pathParams } from './catalog.mjs';
export { mergeOverlay } from './merge.mjs';
export { markSelectors } from './variants.mjs';
export { buildModel } from './model.mjs';
export { runtimeLines } from './render/runtime.mjs';
export { generate } from './outputs.mjs';
