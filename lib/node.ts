// The Node entry (dist/index.js): the library's exports, plus the one Node's require(esm) returns.
// Browser bundles are built from index.ts and never carry it.
export * from './index.js';
export { default } from './index.js';
export { commonJsExports as 'module.exports' } from './commonjs.js';
