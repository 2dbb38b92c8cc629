// The fenced code blocks of a Markdown file, and what the docs check does with each (the convention
// is written out at the top of scripts/check-docs.mjs and in docs/design.md).

/** Languages compiled as TypeScript: `ts` blocks strictly, `js` blocks with implicit `any` allowed. */
const TS = new Set(['ts', 'typescript', 'tsx']);
const JS = new Set(['js', 'javascript', 'mjs', 'cjs', 'jsx']);
const JSON_LANGS = new Set(['json']);

/**
 * @typedef {object} Block
 * @property {string} file   path relative to the repository root
 * @property {number} line   1-based line of the block's first code line
 * @property {string} lang   first word of the info string, lower case ('' when none)
 * @property {string[]} flags `recipe=NAME`, `file=NAME` (and anything unknown, reported by flagProblems)
 * @property {'fragment' | 'pseudo' | undefined} marked how the block says it is not run
 * @property {string | undefined} reason why, in the block's own words (`fragment: needs a browser page`)
 * @property {string} code
 * @property {string} prelude TypeScript from a `<!-- check: ... -->` comment right above the fence
 * @property {'typescript'|'javascript'|'json'|'shown'} check what the docs check compiles it as
 * @property {'stage' | 'recipe' | 'no'} run `stage`: run on the emulator stage; `recipe`: by __tests__/recipes
 */

/** `ts recipe=x fragment: needs a browser page` -> the language, the flags, and a marker with its reason. @param {string} info */
function parseInfo(info) {
  const m = /^(.*?)(?:^|\s)(fragment|pseudo)(?::|(?=\s)|$)(.*)$/.exec(info.trim());
  const [lang = '', ...flags] = (m ? m[1] : info).trim().split(/\s+/).filter(Boolean);
  return { lang: lang.toLowerCase(), flags, marked: /** @type {Block['marked']} */ (m?.[2]), reason: m ? m[3].trim() || undefined : undefined };
}

/** The `<!-- check: ... -->` comment ending on the line above `index`, if any. @param {string[]} lines @param {number} index */
function preludeAbove(lines, index) {
  const end = index - 1;
  if (end < 0 || !lines[end].trim().endsWith('-->')) return '';
  let start = end;
  while (start >= 0 && !lines[start].includes('<!--')) start--;
  if (start < 0) return '';
  const text = lines.slice(start, end + 1).join('\n').trim();
  const m = /^<!--\s*check:([\s\S]*)-->$/.exec(text);
  return m ? m[1].trim() : '';
}

/** @param {string} lang @param {Block['marked']} marked @returns {Block['check']} */
function classify(lang, marked) {
  if (marked === 'pseudo') return 'shown';
  if (TS.has(lang)) return 'typescript';
  if (JS.has(lang)) return 'javascript';
  if (JSON_LANGS.has(lang)) return 'json';
  return 'shown';
}

/**
 * Every fenced block (``` or ~~~, indented ones in lists too) of a Markdown text.
 * @param {string} file @param {string} text @returns {Block[]}
 */
export function blocksOf(file, text) {
  const lines = text.split('\n');
  /** @type {Block[]} */
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j])) j++;
    const { lang, flags, marked, reason } = parseInfo(info);
    const code = lines.slice(i + 1, j).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())).join('\n');
    const check = classify(lang, marked);
    const recipe = flags.some((f) => f.startsWith('recipe='));
    const run = recipe ? 'recipe' : !marked && (check === 'typescript' || check === 'javascript') ? 'stage' : 'no';
    blocks.push({ file, line: i + 2, lang, flags, marked, reason, code, prelude: preludeAbove(lines, i), check, run });
    i = j;
  }
  return blocks;
}

/** The value of a `name=value` flag. @param {Block} block @param {string} name */
export function flag(block, name) {
  const f = block.flags.find((x) => x.startsWith(`${name}=`));
  return f?.slice(name.length + 1);
}

/**
 * What is wrong with a block's info string: an unknown flag, a block that is not run without saying
 * why (`fragment:` and `pseudo:` need a reason), or the flag `runnable` (every code block runs now).
 * @param {Block} block @returns {string[]}
 */
export function flagProblems(block) {
  const where = `${block.file}:${block.line}`;
  const problems = [];
  for (const f of block.flags) {
    if (f === 'runnable') problems.push(`${where}: \`runnable\` is no longer a flag: every ts and js block runs (mark one that cannot with \`fragment: why\`)`);
    else if (!/^(recipe|file)=./.test(f)) problems.push(`${where}: unknown flag \`${f}\` (known: recipe=NAME, file=PATH, fragment: REASON, pseudo: REASON)`);
  }
  if (block.marked && !block.reason) problems.push(`${where}: \`${block.marked}\` needs its reason: \`${block.lang} ${block.marked}: why it does not run\``);
  if (block.marked === 'fragment' && block.check === 'shown') problems.push(`${where}: \`fragment\` is for ts and js blocks (they are still type-checked); other blocks are shown only anyway`);
  return problems;
}
