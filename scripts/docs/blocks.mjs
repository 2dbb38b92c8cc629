// The fenced code blocks of a Markdown file, and what the docs check does with each (the convention
// is written out at the top of scripts/check-docs.mjs and in docs/design.md).

/** Languages compiled as TypeScript: `ts` blocks strictly, `js` blocks with implicit `any` allowed. */
const TS = new Set(['ts', 'typescript', 'tsx']);
const JS = new Set(['js', 'javascript', 'mjs', 'jsx']);
const JSON_LANGS = new Set(['json']);

/**
 * @typedef {object} Block
 * @property {string} file   path relative to the repository root
 * @property {number} line   1-based line of the block's first code line
 * @property {string} lang   first word of the info string, lower case ('' when none)
 * @property {string[]} flags the other words: `fragment`, `runnable`, `recipe=NAME`, `file=NAME`
 * @property {string} code
 * @property {string} prelude TypeScript from a `<!-- check: ... -->` comment right above the fence
 * @property {'typescript'|'javascript'|'json'|'shown'} check what the docs check does with it
 */

/** @param {string} info */
function parseInfo(info) {
  const [lang = '', ...flags] = info.trim().split(/\s+/).filter(Boolean);
  return { lang: lang.toLowerCase(), flags };
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

/** @param {string} lang @param {string[]} flags @returns {Block['check']} */
function classify(lang, flags) {
  if (flags.includes('fragment')) return 'shown';
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
    const { lang, flags } = parseInfo(info);
    const code = lines.slice(i + 1, j).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())).join('\n');
    blocks.push({ file, line: i + 2, lang, flags, code, prelude: preludeAbove(lines, i), check: classify(lang, flags) });
    i = j;
  }
  return blocks;
}

/** The value of a `name=value` flag. @param {Block} block @param {string} name */
export function flag(block, name) {
  const f = block.flags.find((x) => x.startsWith(`${name}=`));
  return f?.slice(name.length + 1);
}
