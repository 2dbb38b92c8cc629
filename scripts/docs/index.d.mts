// Types of scripts/docs/index.mjs, so the TypeScript tests can import the plain-JS docs check.

export interface Block {
  /** Path relative to the repository root. */
  file: string;
  /** 1-based line of the block's first code line. */
  line: number;
  /** First word of the info string, lower case ('' when none). */
  lang: string;
  /** The other words: `fragment`, `runnable`, `recipe=NAME`, `file=NAME`. */
  flags: string[];
  code: string;
  /** TypeScript from a `<!-- check: ... -->` comment right above the fence. */
  prelude: string;
  check: 'typescript' | 'javascript' | 'json' | 'shown';
}

export function blocksOf(file: string, text: string): Block[];
export function flag(block: Block, name: string): string | undefined;
export function typecheck(root: string, blocks: Block[]): Map<Block, string[]>;
export function runBlock(root: string, block: Block, options?: { timeout?: number }): string | undefined;
export function anchorsOf(text: string): Set<string>;
export function checkLinks(root: string, file: string, text: string): string[];
export function checkCitations(root: string, file: string, text: string): string[];
export function repositoryUrl(root: string): string;
export function docFiles(root: string): string[];
export function collectBlocks(root: string, files: string[]): Block[];
export function checkJson(block: Block): string[];
