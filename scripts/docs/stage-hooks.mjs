// Module resolution hooks of the docs stage (registered by scripts/docs/stage-run.mjs): every
// `import ... from 'snoopath'` of a block gets the stage's class (scripts/docs/stage-snoopath.mjs),
// which is the package's own but sends through the global fetch the stage redirects to the emulator.
// `snoopath/testing` likewise gets cassettes that record through that fetch (stage-testing.mjs).
const WRAPPERS = {
  snoopath: new URL('./stage-snoopath.mjs', import.meta.url).href,
  'snoopath/testing': new URL('./stage-testing.mjs', import.meta.url).href,
};

export async function resolve(specifier, context, next) {
  const wrapper = Object.hasOwn(WRAPPERS, specifier) ? WRAPPERS[specifier] : undefined;
  if (wrapper && context.parentURL !== wrapper) return { url: wrapper, shortCircuit: true };
  return next(specifier, context);
}
