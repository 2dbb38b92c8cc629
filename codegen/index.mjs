// The generator's pure parts, in one import for the tests (see index.d.mts for their types).
export { inferType, enumType, jsonFields } from './infer.mjs';
export { normalize, pathParams } from './catalog.mjs';
export { mergeOverlay } from './merge.mjs';
export { markSelectors } from './variants.mjs';
export { buildModel } from './model.mjs';
export { runtimeLines, packTable, bodyLines } from './render/runtime.mjs';
export { generate, endpointModel } from './outputs.mjs';
export { infer, inferAnswer, recordOf, bareKind } from './answers/shape.mjs';
export { merge, mergeAll, canonical } from './answers/union.mjs';
export { answerValue, heldFile, learn } from './answers/learn.mjs';
export { matcher, concretePath } from './answers/match.mjs';
export { scrubbed } from './answers/scrub.mjs';
export { typeText } from './answers/types.mjs';
export { nameShapes } from './answers/named.mjs';
export { applyAnswers } from './answers/results.mjs';
