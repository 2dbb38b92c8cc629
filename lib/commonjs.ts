import * as api from './index.js';


/**
 * What `require('snoopath')` returns in Node 22 and later. Node's require() of an ES module hands
 * out the export named `'module.exports'` when the module has one: here the Snoopath class, as
 * snoocore's users wrote it (`const Snoopath = require('snoopath')`), through which every named
 * export can be read as well (`const { Snoopath, ResponseError } = require('snoopath')`, and what
 * TypeScript's CommonJS output of `import Snoopath from 'snoopath'` reads, `.default`).
 * A Proxy rather than static properties, so the class that ES module users import gains none.
 */
export const commonJsExports = new Proxy(api.Snoopath, {
  get: (target, key, receiver) =>
    typeof key === 'string' && Object.hasOwn(api, key) ? (api as Record<string, unknown>)[key] : Reflect.get(target, key, receiver),
  has: (target, key) => (typeof key === 'string' && Object.hasOwn(api, key)) || Reflect.has(target, key),
}) as typeof api.Snoopath & typeof api;
