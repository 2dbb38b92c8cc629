// The package as a docs block sees it on the stage. In Node, snoopath sends through undici's own
// pools, which the stage's redirected global fetch cannot catch: an instance made without `fetch` or
// `proxy` is given the global fetch instead. Everything else is the package's, `instanceof` included.
import Package from 'snoopath';

export * from 'snoopath';

const viaGlobalFetch = (options) =>
  options && typeof options === 'object' && options.fetch === undefined && options.proxy === undefined
    ? { ...options, fetch: (input, init) => globalThis.fetch(input, init) }
    : options;

const Snoopath = new Proxy(Package, {
  construct: (target, [options, ...rest], newTarget) => Reflect.construct(target, [viaGlobalFetch(options), ...rest], newTarget === Snoopath ? target : newTarget),
});

export { Snoopath };
export default Snoopath;
