import * as api from './index.js';

/** The named exports, as a CommonJS module lists them ('default' and 'Snoopath' are the view itself). */
const names = Object.keys(api);
const named = (key: PropertyKey): key is string => typeof key === 'string' && Object.hasOwn(api, key);

/**
 * What `require('snoopath')` returns in Node 20.19+ and 22+. Node's require() of an ES module hands
 * out the export named `'module.exports'` when the module has one: here the Snoopath class, as
 * snoocore's users wrote it (`const Snoopath = require('snoopath')`), on which every named export
 * is a property as on a CommonJS module: read (`const { ResponseError } = require('snoopath')`),
 * listed (`Object.keys`, spreading) and tested (`in`). `.Snoopath` and `.default` (what TypeScript's
 * CommonJS output of `import Snoopath from 'snoopath'` reads) are this same object, so
 * `require('snoopath') === require('snoopath').Snoopath`. A Proxy rather than static properties,
 * so the class that ES module users import gains none.
 */
export const commonJsExports: typeof api.Snoopath & typeof api = new Proxy(api.Snoopath, {
  get: (target, key, receiver) =>
    key === 'Snoopath' || key === 'default' ? commonJsExports : named(key) ? (api as Record<string, unknown>)[key] : Reflect.get(target, key, receiver),
  has: (target, key) => named(key) || Reflect.has(target, key),
  ownKeys: (target) => [...new Set([...Reflect.ownKeys(target), ...names])],
  getOwnPropertyDescriptor: (target, key) => {
    // The class's own properties keep theirs (prototype is not configurable, and must stay as it is).
    if (!named(key) || Object.hasOwn(target, key)) return Reflect.getOwnPropertyDescriptor(target, key);
    return { value: key === 'Snoopath' || key === 'default' ? commonJsExports : (api as Record<string, unknown>)[key], writable: false, enumerable: true, configurable: true };
  },
}) as typeof api.Snoopath & typeof api;
