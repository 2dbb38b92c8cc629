// Compiles the TypeScript and JavaScript blocks of the docs against the public API, each as a module of
// its own: `snoopath`, `snoopath/emulator`, `snoopath/shared-limit`, `snoopath/testing` and `snoopath/fleet` are mapped to lib/ (no build
// needed), and the names of the stage (scripts/docs/stage.mjs) are declared globally.
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { flag } from './blocks.mjs';
import { STAGE_DECLARATIONS } from './stage.mjs';

/** @typedef {import('./blocks.mjs').Block} Block */

// `npm:snoopath` is how Deno names the package (docs/runtimes.md).
const ENTRIES = { snoopath: 'lib/index.ts', 'npm:snoopath': 'lib/index.ts', 'snoopath/emulator': 'lib/emulator/index.ts', 'snoopath/shared-limit': 'lib/shared-limit.ts', 'snoopath/testing': 'lib/testing.ts', 'snoopath/fleet': 'lib/fleet.ts' };

/** The repository's compiler options, loosened where a reader's project may differ from ours. @param {string} root */
function options(root, strictAny) {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config;
  const { options: base } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return {
    ...base,
    noEmit: true,
    noImplicitAny: strictAny,
    // Examples name things for the reader; they need not use every one, nor spell type imports.
    noUnusedLocals: false,
    verbatimModuleSyntax: false,
    isolatedModules: false,
    paths: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, [join(root, file)]])),
  };
}

/** A block as a module: the hidden prelude first, then the code, then `export {}` so it is a module even without imports. @param {Block} b */
export function moduleText(b) {
  const prelude = b.prelude ? `${b.prelude}\n` : '';
  return { text: `${prelude}${b.code}\nexport {};\n`, offset: prelude ? prelude.split('\n').length - 1 : 0 };
}

/**
 * Where a block lives for the compiler: the files of one recipe side by side under their own names
 * (so `import './bot.js'` finds the bot block), every other block in a file of its own.
 * @param {string} dir @param {Block} b @param {number} i
 */
function virtualPath(dir, b, i) {
  const recipe = flag(b, 'recipe');
  const file = flag(b, 'file');
  if (recipe && file) return join(dir, 'recipes', recipe, file.replace(/\.(m?js|ts)$/, '.ts'));
  return join(dir, `${b.file.replace(/[/.]/g, '_')}_${b.line}_${i}.ts`);
}

/** @param {string} root @param {Block[]} blocks @param {boolean} strictAny */
function compile(root, blocks, strictAny) {
  const dir = join(root, '.docs-check');
  const stage = join(dir, 'stage.d.ts');
  const files = new Map([[stage, { text: STAGE_DECLARATIONS, offset: 0, block: undefined }]]);
  blocks.forEach((b, i) => files.set(virtualPath(dir, b, i), { ...moduleText(b), block: b }));
  const opts = options(root, strictAny);
  const host = ts.createCompilerHost(opts);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  const dirs = new Set([...files.keys()].map((f) => dirname(f)));
  host.directoryExists = (d) => dirs.has(d) || (directoryExists?.call(host, d) ?? true);
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f)?.text ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, ...rest) => (files.has(f) ? ts.createSourceFile(f, files.get(f).text, lang, true) : getSourceFile.call(host, f, lang, ...rest));
  const program = ts.createProgram([...files.keys()], opts, host);
  /** @type {Map<Block, string[]>} */
  const out = new Map();
  for (const [path, { block, offset }] of files) {
    if (!block) continue;
    const source = program.getSourceFile(path);
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    out.set(block, diagnostics.map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n    ');
      const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: offset, character: 0 };
      const where = pos.line < offset ? `${block.file}:${block.line - 1} (in its <!-- check: --> comment)` : `${block.file}:${block.line + pos.line - offset}:${pos.character + 1}`;
      return `${where} error TS${d.code}: ${text}`;
    }));
  }
  return out;
}

/**
 * The compiler's errors for each block, as `file:line:column error TSnnnn: message` lines pointing
 * into the Markdown file. `ts` blocks compile strictly; `js` blocks with implicit `any` allowed.
 * @param {string} root @param {Block[]} blocks @returns {Map<Block, string[]>}
 */
export function typecheck(root, blocks) {
  const strict = blocks.filter((b) => b.check === 'typescript');
  const loose = blocks.filter((b) => b.check === 'javascript');
  return new Map([...(strict.length ? compile(root, strict, true) : []), ...(loose.length ? compile(root, loose, false) : [])]);
}
