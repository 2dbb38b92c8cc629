// Module resolution hooks of the docs stage (registered by scripts/docs/stage-run.mjs): every
// `import ... from 'snoopath'` of a block gets the stage's class (scripts/docs/stage-snoopath.mjs),
// which is the package's own but sends through the global fetch the stage redirects to the emulator.
const WRAPPER = new URL('./stage-snoopath.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'snoopath' && context.parentURL !== WRAPPER) return { url: WRAPPER, shortCircuit: true };
  return next(specifier, context);
}
