// The package as a docs block sees it on the stage. In Node, snoopath sends through undici's own
// pools, which the stage's redirected global fetch cannot catch: an instance made without `fetch` or
// `proxy` is given the global fetch instead. The stage's platform is on loopback and tells its budget
// in every answer: an instance without `throttle` gets 0, so its first call does not wait the second
// kept for a budget not yet known (the headers pace it, as on the platform). Its streams end with
// the stage's window (scripts/docs/stage-world.mjs). Everything else is the package's, `instanceof` included.
import Package from 'snoopath';

export * from 'snoopath';

const stage = () => globalThis[Symbol.for('snoopath.docs.stage')];

const onStageOptions = (options) => {
  if (!options || typeof options !== 'object') return options;
  const staged = { ...options };
  if (staged.fetch === undefined && staged.proxy === undefined) staged.fetch = (input, init) => globalThis.fetch(input, init);
  if (!('throttle' in staged)) staged.throttle = 0;
  return staged;
};

/** A property of the wrapped object, its methods bound to it (the package's objects keep private state). */
const bound = (target, key) => {
  const value = Reflect.get(target, key, target);
  return typeof value === 'function' ? value.bind(target) : value;
};

/** A call object whose `stream()` ends with the stage's window (its own signal still counts). */
const withStageStreams = (call, path) =>
  new Proxy(call, {
    get: (target, key) => {
      if (key !== 'stream' || !stage()) return bound(target, key);
      return (args, options) => {
        const window = stage().streamed(String(path), args);
        const signal = options?.signal ? AbortSignal.any([options.signal, window]) : window;
        return target.stream(args, { ...options, signal });
      };
    },
  });

const onStage = (instance) =>
  new Proxy(instance, {
    apply: (target, self, args) => withStageStreams(Reflect.apply(target, self, args), args[0]),
    get: bound,
  });

const Snoopath = new Proxy(Package, {
  construct: (target, [options, ...rest], newTarget) => onStage(Reflect.construct(target, [onStageOptions(options), ...rest], newTarget === Snoopath ? target : newTarget)),
});

export { Snoopath };
export default Snoopath;
