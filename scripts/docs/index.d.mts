// Types of scripts/docs/index.mjs, so the TypeScript tests can import the plain-JS docs check.

export interface Block {
  /** Path relative to the repository root. */
  file: string;
  /** 1-based line of the block's first code line. */
  line: number;
  /** First word of the info string, lower case ('' when none). */
  lang: string;
  /** `recipe=NAME`, `file=NAME` (and anything unknown, reported by flagProblems). */
  flags: string[];
  /** How the block says it is not run: `fragment: REASON` (type-checked) or `pseudo: REASON` (shown only). */
  marked: 'fragment' | 'pseudo' | undefined;
  /** Why it is not run, in its own words. */
  reason: string | undefined;
  code: string;
  /** TypeScript from a `<!-- check: ... -->` comment right above the fence. */
  prelude: string;
  check: 'typescript' | 'javascript' | 'json' | 'shown';
  /** `stage`: run on the emulator stage; `recipe`: run by __tests__/recipes; `no`: not run. */
  run: 'stage' | 'recipe' | 'no';
}

export function blocksOf(file: string, text: string): Block[];
export function flag(block: Block, name: string): string | undefined;
export function flagProblems(block: Block): string[];
/** Bytes a block may print; writes to the platform a block may make; ms after which the stage ends streams. */
export const OUTPUT_CAP: number;
export const WRITE_CAP: number;
export const WINDOW: number;
export function typecheck(root: string, blocks: Block[]): Map<Block, string[]>;
export function runBlock(root: string, block: Block, options?: { timeout?: number }): string | undefined;
export function anchorsOf(text: string): Set<string>;
export function checkLinks(root: string, file: string, text: string): string[];
export function checkCitations(root: string, file: string, text: string): string[];
export function repositoryUrl(root: string): string;
export function docFiles(root: string): string[];
export function collectBlocks(root: string, files: string[]): Block[];
export function checkJson(block: Block): string[];
