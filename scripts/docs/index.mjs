// The docs check's parts, in one import for the CLI (scripts/check-docs.mjs) and the tests
// (__tests__/docs/); types in index.d.mts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blocksOf } from './blocks.mjs';

export { blocksOf, flag, flagProblems } from './blocks.mjs';
export { typecheck } from './typecheck.mjs';
export { OUTPUT_CAP, runBlock } from './run.mjs';
export { WRITE_CAP } from './stage-platform.mjs';
export { WINDOW } from './stage-world.mjs';
export { anchorsOf, checkCitations, checkLinks, repositoryUrl } from './links.mjs';

/** README.md and every docs/*.md, relative to root. @param {string} root */
export function docFiles(root) {
  return ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

/** Every block of the given files. @param {string} root @param {string[]} files */
export function collectBlocks(root, files) {
  return files.flatMap((f) => blocksOf(f, readFileSync(join(root, f), 'utf8')));
}

/** A `json` block must parse. @param {import('./blocks.mjs').Block} block */
export function checkJson(block) {
  try {
    JSON.parse(block.code);
    return [];
  } catch (error) {
    return [`${block.file}:${block.line}: the json block does not parse: ${error.message}`];
  }
}
